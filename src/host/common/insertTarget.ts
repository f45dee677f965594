// Which editor the grid and the palette insert into: one rule for both. Free of 'vscode' (it
// reads only the fields it names), so the plain-Node unit tests check it.

/** Documents that are no insert target even when their editor is active: panels and VS Code's own editors. */
export const NOT_TARGET_SCHEMES: ReadonlySet<string> = new Set(['output', 'debug', 'vscode-settings', 'git', 'search-editor', 'vscode-scm']);

/** The fields of a vscode.TextDocument the rule reads. */
export interface TargetDocument {
  readonly uri: { readonly scheme: string };
  readonly isClosed: boolean;
}

/** Whether text may be inserted into this document: an open document that is not a panel or a VS Code editor. */
export function isInsertTarget(document: TargetDocument | undefined): boolean {
  return document !== undefined && !document.isClosed && !NOT_TARGET_SCHEMES.has(document.uri.scheme);
}
