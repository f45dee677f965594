// What both the activation's watcher (watch.ts) and the features' check (check.ts) read: a
// module of its own, so that neither imports the other.
import * as vscode from 'vscode';

/** Typing pauses this long before a document is checked again (In This Workspace reads a changed file after the same pause). */
export const WATCH_DEBOUNCE_MS = 400;

/** The diagnostics' source (the problems view shows it). */
export const CREDIT_DIAGNOSTIC_SOURCE = 'Stock Media';

/** Whether `stockMedia.creditCheck.enabled` is on for the document (language overrides apply: on for Markdown and HTML by default). */
export function creditCheckEnabled(document: Pick<vscode.TextDocument, 'uri' | 'languageId'>): boolean {
  return vscode.workspace.getConfiguration('stockMedia.creditCheck', { uri: document.uri, languageId: document.languageId }).get<boolean>('enabled') === true;
}
