// In This Workspace's "Add Missing Credits": the credit check's quick fix (credits/credits.ts:
// the credit the insert writes, where it would put it) for every use of one media that lacks
// its credit, in every file using it: one edit, so one undo step, per file.
import * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import type { MediaGroup } from '../../core/workspaceMedia';
import type { Services } from '../services';
import { creditInsertions, creditNames, documentCredit, documentCreditFacts, insertionsEdit, mediaRefsIn } from '../credits/credits';
import { creditCheckEnabled } from '../credits/enabled';

export interface FixOutcome {
  /** Credit lines added, and the files they were added to. */
  readonly credits: number;
  readonly files: readonly string[];
}

/** Adds the missing credits of `media` in the files `group` lists; each file's edit is one undo step. */
export async function addMissingCredits(services: Services, group: MediaGroup, media: MediaItem): Promise<FixOutcome> {
  const uris = [...new Set(group.uses.filter((u) => u.state !== 'unchecked' && u.state !== 'credited').map((u) => u.uri))];
  let credits = 0;
  const files: string[] = [];
  let first: vscode.TextDocument | undefined;
  for (const uri of uris) {
    const document = await Promise.resolve(vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).catch(() => undefined);
    if (!document || !creditCheckEnabled(document)) continue;
    const credit = documentCredit(document);
    const names = creditNames(documentCreditFacts(services, document, media));
    const refs = mediaRefsIn(services, credit.text).filter((ref) => ref.kind === group.kind && ref.id === group.id && !credit.credited(ref, names));
    // The same media twice in a paragraph gets one credit (as the quick fix's "all in file").
    const insertions = creditInsertions(services, document, credit, refs.map((ref) => ({ ref, media })));
    if (insertions.length === 0) continue;
    if (await vscode.workspace.applyEdit(insertionsEdit(document, insertions))) {
      credits += insertions.length;
      files.push(uri);
      first ??= document;
    }
  }
  // The page fixed is shown, when it is not on screen already.
  if (first && !vscode.window.visibleTextEditors.some((e) => e.document === first)) {
    await vscode.window.showTextDocument(first, { preview: true, preserveFocus: true });
  }
  const shown = (uri: string | undefined): string => group.uses.find((u) => u.uri === uri)?.shown ?? '';
  const message =
    credits === 0
      ? vscode.l10n.t('Every use of this media has its credit.')
      : credits === 1
        ? vscode.l10n.t('Added a credit line in {0}.', shown(files[0]))
        : files.length === 1
          ? vscode.l10n.t('Added {0} credit lines in {1}.', credits, shown(files[0]))
          : vscode.l10n.t('Added {0} credit lines in {1} files.', credits, files.length);
  void vscode.window.showInformationMessage(message);
  return { credits, files };
}
