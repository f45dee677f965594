// What In This Workspace's scan (model.ts) reads from the settings: whether the credit check
// applies to a file, and which file is the credits file (not a use of the media it lists).
import * as vscode from 'vscode';
import { creditsPathInFolder } from '../../core/credits/creditsFile';
import { creditCheckEnabled } from '../credits/enabled';

/**
 * Whether the credit check applies, by workspace folder and language (the setting's scopes):
 * asked once each per scan, not once per file.
 */
export class CheckedByLanguage {
  private readonly known = new Map<string, boolean>();
  /** With one folder (or none) the language alone says it: no folder looked up for each file. */
  private readonly byFolder = (vscode.workspace.workspaceFolders ?? []).length > 1;

  enabled(uri: vscode.Uri, languageId: string): boolean {
    const folder = this.byFolder ? (vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() ?? '') : '';
    const key = `${folder} ${languageId}`;
    let on = this.known.get(key);
    if (on === undefined) this.known.set(key, (on = creditCheckEnabled({ uri, languageId })));
    return on;
  }
}

/** The credits file (Write Credits File's): not a use of the media it lists. */
export function creditsFileUri(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  const setting = vscode.workspace.getConfiguration('stockMedia.creditsFile', folder.uri).get<unknown>('path');
  const path = creditsPathInFolder(typeof setting === 'string' ? setting : 'CREDITS.md');
  return path === undefined ? undefined : vscode.Uri.joinPath(folder.uri, path);
}
