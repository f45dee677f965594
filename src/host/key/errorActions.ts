// What the host shows for a failure: the one sentence and the actions that can fix it,
// worded with the current service name and the user's date format; and the one table of
// what each action is called and which command it runs, for the grid, the tree and the
// key notifications alike. Its labels go through core's l10n.t (vscode.l10n.t at run time),
// so this file stays free of 'vscode' at run time and the plain-Node unit tests read it.
import type * as vscode from 'vscode';
import type { ErrorAction, ErrorDescription } from '../../core/describe';
import { describeError } from '../../core/describe';
import { toMediaError } from '../../core/errors';
import { l10n } from '../../core/l10n';
import { CommandId } from '../common/commandIds';
import type { Services } from '../services';

export function describeFailure(services: Services, error: unknown): ErrorDescription {
  return describeError(toMediaError(error), {
    serviceName: services.config.serviceName,
    formatTime: (ms) => services.formatTime(ms),
    now: Date.now(),
  });
}

/** The actions a command runs (retry is each surface's own: the grid searches again, the tree reloads a node). */
export type CommandAction = Exclude<ErrorAction, 'retry'>;

export interface ErrorActionCommand {
  readonly label: string;
  readonly command: string;
  readonly args: readonly unknown[];
}

/**
 * Each action's label and command. `origin` is the API origin a failure names (for
 * `checkKey`: "Check Key with …"; the command checks the key with the configured origins).
 */
export const ERROR_ACTIONS: { readonly [A in CommandAction]: (origin: string) => ErrorActionCommand } = {
  setApiKey: () => ({ label: l10n.t('Set API Key'), command: CommandId.setApiKey, args: [] }),
  getApiKey: () => ({ label: l10n.t('Get a Free API Key'), command: CommandId.getApiKey, args: [] }),
  checkKey: (origin) => ({ label: l10n.t('Check Key with {0}', origin), command: CommandId.checkApiKey, args: [] }),
  showQuota: () => ({ label: l10n.t('Show Quota'), command: CommandId.showQuota, args: [] }),
  // The setting the failures point at (network errors, a refused base URL).
  openSettings: () => ({ label: l10n.t('Open Settings'), command: 'workbench.action.openSettings', args: ['stockMedia.apiBaseUrl'] }),
};

/** The action as a command for a tree item or a button. */
export function errorCommand(action: CommandAction, origin: string): vscode.Command {
  const { label, command, args } = ERROR_ACTIONS[action](origin);
  return { title: label, command, arguments: [...args] };
}
