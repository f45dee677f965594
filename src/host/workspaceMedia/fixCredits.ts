// In This Workspace's "Add Missing Credits" (one media) and the agent's stockMedia_addCredits
// (every media of the files asked for): the credit check's quick fix (credits/credits.ts: the
// credit the insert writes, where it would put it) for every use lacking its credit, in every
// file using it; all of a file's credits in one edit, so one undo step per file, as the quick
// fix's "Add credit lines to all in file".
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import type { MediaGroup } from '../../core/workspaceMedia';
import type { Services } from '../services';
import { creditInsertions, creditNames, documentCredit, documentCreditFacts, insertionsEdit, mediaRefsIn } from '../credits/credits';
import { creditCheckEnabled } from '../credits/enabled';

/** A media whose missing credits are added: its uses (those of the files to fix) and its facts. */
export interface CreditFix {
  readonly group: MediaGroup;
  readonly media: MediaItem;
}

/** A credit line added: its line (zero-based, in the file as it is after the edit) and the text inserted, trimmed. */
export interface AddedCredit {
  readonly line: number;
  readonly text: string;
}

/** The credits one file gets (planned) or got (added). */
export interface FileCredits {
  /** The file's URI as text. */
  readonly uri: string;
  /** Its path as shown (In This Workspace's). */
  readonly shown: string;
  readonly added: readonly AddedCredit[];
}

export interface FixOutcome {
  /** Credit lines added, and the files they were added to. */
  readonly credits: number;
  readonly files: readonly string[];
  /** Each file's lines. */
  readonly added: readonly FileCredits[];
}

interface Planned extends FileCredits {
  readonly document: vscode.TextDocument;
  readonly edit: vscode.WorkspaceEdit;
}

/** Where each insertion's credit lands once the edit is made (insertionsEdit joins those at one offset in order). */
function addedLines(document: vscode.TextDocument, insertions: readonly { offset: number; text: string }[]): AddedCredit[] {
  const newlines = (text: string): number => text.split('\n').length - 1;
  let shift = 0;
  return [...insertions]
    .sort((a, b) => a.offset - b.offset)
    .map((insertion) => {
      const lead = /^\s*/.exec(insertion.text)?.[0] ?? '';
      const line = document.positionAt(insertion.offset).line + shift + newlines(lead);
      shift += newlines(insertion.text);
      return { line, text: insertion.text.trim() };
    });
}

/** Each file's missing credits of `fixes`, as the document is now: the quick fix's insertions, in text order. */
async function planCredits(services: Services, fixes: readonly CreditFix[]): Promise<Planned[]> {
  const shown = new Map<string, string>();
  for (const { group } of fixes) for (const use of group.uses) if (use.state !== 'unchecked' && use.state !== 'credited') shown.set(use.uri, use.shown);
  const planned: Planned[] = [];
  for (const [uri, path] of shown) {
    const document = await Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).catch(() => undefined);
    if (!document || !creditCheckEnabled(document)) continue;
    const credit = documentCredit(document);
    const wanted = new Map(fixes.filter((f) => f.group.uses.some((u) => u.uri === uri)).map((f) => [`${f.group.kind}:${f.group.id}`, { media: f.media, names: creditNames(documentCreditFacts(services, document, f.media)) }]));
    const refs = mediaRefsIn(services, document, credit.text).flatMap((ref) => {
      const fix = wanted.get(`${ref.kind}:${ref.id}`);
      return fix && !credit.credited(ref, fix.names) ? [{ ref, media: fix.media }] : [];
    });
    // The same media twice in a paragraph gets one credit (as the quick fix's "all in file").
    const insertions = creditInsertions(services, document, credit, refs);
    if (insertions.length > 0) planned.push({ uri, shown: path, document, edit: insertionsEdit(document, insertions), added: addedLines(document, insertions) });
  }
  return planned;
}

/** The credits `fixes` would add, by file (nothing is written): what the agent's confirmation names. */
export async function missingCredits(services: Services, fixes: readonly CreditFix[]): Promise<FileCredits[]> {
  return (await planCredits(services, fixes)).map(({ uri, shown, added }) => ({ uri, shown, added }));
}

/**
 * Adds the missing credits of `fixes` in the files their groups list; each file's edit is one
 * undo step. Unless `quiet` (the agent's call: its answer says it), the first page fixed is
 * shown and a notification says what was added.
 */
export async function addMissingCredits(services: Services, fixes: readonly CreditFix[], options: { readonly quiet?: boolean } = {}): Promise<FixOutcome> {
  const added: FileCredits[] = [];
  let first: vscode.TextDocument | undefined;
  for (const plan of await planCredits(services, fixes)) {
    if (await vscode.workspace.applyEdit(plan.edit)) {
      added.push({ uri: plan.uri, shown: plan.shown, added: plan.added });
      first ??= plan.document;
    }
  }
  const credits = added.reduce((n, file) => n + file.added.length, 0);
  const files = added.map((file) => file.uri);
  if (!options.quiet) {
    // The page fixed is shown, when it is not on screen already.
    if (first && !vscode.window.visibleTextEditors.some((e) => e.document === first)) {
      await vscode.window.showTextDocument(first, { preview: true, preserveFocus: true });
    }
    const shown = added[0]?.shown ?? '';
    const message =
      credits === 0
        ? vscode.l10n.t('Every use of this media has its credit.')
        : credits === 1
          ? vscode.l10n.t('Added a credit line in {0}.', shown)
          : files.length === 1
            ? vscode.l10n.t('Added {0} credit lines in {1}.', credits, shown)
            : vscode.l10n.t('Added {0} credit lines in {1} files.', credits, files.length);
    void vscode.window.showInformationMessage(message);
  }
  return { credits, files, added };
}
