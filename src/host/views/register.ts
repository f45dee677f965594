// The collections tree (issue 4) is wired here.
import type * as vscode from 'vscode';
import type { Services } from '../services';

export function registerCollectionsView(_services: Services): vscode.Disposable[] {
  return [];
}
