// An insert's items rendered: as links, or, when the mode is `download` and saving is possible,
// first saving the files they link to (with a note saying why when they are linked instead).
// A failed save keeps what Retry needs to run the insert again.
import type * as vscode from 'vscode';
import type { FormatFamily } from '../../core/insert/languages';
import { formatFamily } from '../../core/insert/languages';
import { InsertError } from '../../core/insert/insertError';
import { fileNameTemplateProblem } from '../../core/insert/naming';
import type { Piece } from '../../core/insert/pieces';
import type { InsertPlan, LocalAssets } from '../../core/insert/plan';
import { renderPlan } from '../../core/insert/plan';
import { askSavedName, whereToSave } from './saveDestination';
import type { Saving } from './saveFiles';
import { saveAll, workspaceLedger } from './saveFiles';
import type { SavedFile } from './saveFile';
import type { InsertConfig, InsertMode } from './settings';
import { WrittenFiles } from './writtenFiles';

export interface Prepared {
  readonly pieces: readonly Piece[][];
  readonly family: FormatFamily;
  readonly files: readonly SavedFile[];
  /** Each item's saved files, as links relative to the document (none when linked). */
  readonly locals: readonly LocalAssets[];
  /** What the save wrote, to take back when nothing will link to it (the editor refused, a drop was cancelled). */
  readonly written?: WrittenFiles;
}

/** What Retry needs to run a failed insert again: where, how, and the name typed for Insert as…. */
export interface RetryContext {
  readonly document: vscode.TextDocument;
  readonly mode: InsertMode;
  readonly typedName: string | undefined;
}

/** Each failed save's context, by its error (prepare sets it, the failure's notification reads it). */
const retryContexts = new WeakMap<InsertError, RetryContext>();
/** The name to use instead of asking, while Insert as… is retried for a document. */
const retryNames = new WeakMap<vscode.TextDocument, string>();

export function retryContextOf(error: InsertError): RetryContext | undefined {
  return retryContexts.get(error);
}

/** Runs `insert` with `typedName` as the saved file's name for `document` instead of asking for one. */
export async function withTypedName<T>(document: vscode.TextDocument, typedName: string, insert: () => Promise<T>): Promise<T> {
  retryNames.set(document, typedName);
  try {
    return await insert();
  } finally {
    retryNames.delete(document);
  }
}

/**
 * Renders the plans, first saving the files they link to when the mode is `download` and
 * saving is possible; otherwise links, with a note saying why. `askName`: the saved file's
 * name is asked first (Insert as…). Undefined when the user cancelled.
 */
export async function prepare(
  saving: Saving & { readonly trusted: boolean },
  plans: readonly InsertPlan[],
  document: vscode.TextDocument,
  config: InsertConfig,
  mode: InsertMode,
  notes: string[],
  token?: vscode.CancellationToken,
  askName = false,
): Promise<Prepared | undefined> {
  const family = plans[0]?.family ?? formatFamily(document.languageId);
  const linked = (): Prepared => ({ pieces: plans.map((p) => renderPlan(p)), family, files: [], locals: [] });
  if (mode !== 'download') return linked();
  const badName = fileNameTemplateProblem(config.fileName);
  if (badName !== undefined) throw new InsertError(badName, { offerLink: true });
  const where = await whereToSave(plans, document, config, { trusted: saving.trusted, platform: saving.platform, now: saving.now() }, notes);
  if (!where) return linked();
  const { located, probe } = where;
  let typedName: string | undefined;
  const only = plans.length === 1 ? plans[0] : undefined;
  if (askName && only?.uses.url) {
    // Retry after a failed Insert as…: the name typed then.
    typedName = retryNames.get(document) ?? (await askSavedName(only, saving.shell.config.serviceName, located, config, probe, () => saving.now()));
    if (typedName === undefined) return undefined;
  }
  // What this insert writes, taken back if a later file fails, the user cancels, or nothing links to it.
  const written = new WrittenFiles(workspaceLedger(located.base));
  let saved: Awaited<ReturnType<typeof saveAll>>;
  try {
    saved = await saveAll(saving, plans, located, config, written, notes, token, typedName);
  } catch (error) {
    // What Retry needs to run this insert again (the inserter's failure notification).
    if (error instanceof InsertError) retryContexts.set(error, { document, mode, typedName });
    throw error;
  }
  if (!saved) return undefined;
  const { locals, files } = saved;
  return { pieces: plans.map((p, i) => renderPlan(p, locals[i])), family, files, locals, written };
}
