// A failure as a notification: the one sentence and a button for each action that can fix it
// (a missing or refused key: Set API Key and Get a Free API Key), from the same table as the
// grid's buttons and the tree's items.
import * as vscode from 'vscode';
import type { ErrorDescription } from '../../core/describe';
import { describeFailure, ERROR_ACTIONS } from './errorActions';
import type { CommandAction } from './errorActions';
import { getApiKey } from './keyPage';
import type { Services } from '../services';

/** Runs what an action's button stands for: the key's own functions, or the setting it names. */
export async function runErrorAction(services: Services, action: CommandAction): Promise<unknown> {
  switch (action) {
    case 'setApiKey':
      return (await import('./apiKey')).setApiKey(services, services.api, undefined);
    case 'checkKey':
      return (await import('./apiKey')).checkApiKey(services, services.api);
    case 'showQuota':
      return (await import('./apiKey')).showQuota(services);
    case 'getApiKey':
      return getApiKey(services);
    case 'openSettings': {
      const { command, args } = ERROR_ACTIONS.openSettings('');
      return vscode.commands.executeCommand(command, ...args);
    }
  }
}

/** Shows the failure's sentence as it is described, and runs the action the user picks. Returns the sentence. */
export function notifyFailure(services: Services, { message, actions, origin = '' }: ErrorDescription, severity: 'error' | 'warning' = 'error'): string {
  const commands = actions.filter((a): a is CommandAction => a !== 'retry');
  const labels = commands.map((a) => ERROR_ACTIONS[a](origin).label);
  const show = severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
  void show(message, ...labels).then((picked) => {
    const action = commands[labels.indexOf(picked ?? '')];
    if (action) void runErrorAction(services, action);
  });
  return message;
}

/** A service's failure (describeFailure); `wrap` puts the sentence into a longer one ("Could not look up the media: …"). */
export function showFailure(services: Services, error: unknown, wrap = (message: string) => message): string {
  const described = describeFailure(services, error);
  return notifyFailure(services, { ...described, message: wrap(described.message) });
}
