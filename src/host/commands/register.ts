// The key and quota commands (Show Log is activation's own: extension.ts).
import type { ClientSource } from '../client';
import { CommandId } from '../commandIds';
import type { Shell } from '../shell';
import { checkApiKey, clearApiKey, setApiKey, showQuota } from './apiKey';

/** The handlers, by command id (host/contributions.ts registers the commands). */
export function registerKeyCommands(shell: Shell, api: ClientSource) {
  return {
    [CommandId.setApiKey]: (args?: unknown) => setApiKey(shell, api, args),
    [CommandId.checkApiKey]: () => checkApiKey(shell, api),
    [CommandId.clearApiKey]: () => clearApiKey(shell, api),
    [CommandId.showQuota]: () => showQuota(shell),
  };
}
