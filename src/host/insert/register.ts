// The insert commands (issue 6) are wired here.
import type * as vscode from 'vscode';
import type { Services } from '../services';

export function registerInsert(_services: Services): vscode.Disposable[] {
  return [];
}
