// A failure as a notification: the one sentence and a button for each action that can fix it
// (a missing or refused key: Set API Key and Get a Free API Key), from the same table as the
// grid's buttons and the tree's items.
import * as vscode from 'vscode';
import { describeFailure, ERROR_ACTIONS, runErrorAction } from './errorActions';
import type { CommandAction } from './errorActions';
import type { Shell } from './shell';

/** `wrap` puts the sentence into a longer one ("Could not look up the media: …"). Resolves with the action picked, if any. */
export async function showFailure(shell: Shell, error: unknown, wrap = (message: string) => message): Promise<CommandAction | undefined> {
  const { message, actions, origin = '' } = describeFailure(shell, error);
  const commands = actions.filter((a): a is CommandAction => a !== 'retry');
  const labels = commands.map((a) => ERROR_ACTIONS[a](origin).label);
  const picked = await vscode.window.showErrorMessage(wrap(message), ...labels);
  const action = commands[labels.indexOf(picked ?? '')];
  if (action) await runErrorAction(action, origin, (command, ...args) => vscode.commands.executeCommand(command, ...args));
  return action;
}
