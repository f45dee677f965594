// Set as Cover Image: a photo (a video's poster picture) into the front matter of a Markdown or
// MDX page, in the fields its theme reads (coverConfig.ts), as one undo step that changes
// nothing else in the file (core/cover/setCover.ts plans the edit). The image is linked at the
// cover's size, or saved into the workspace first when `stockMedia.insert.mode` says so, by the
// insert's own steps (planning.ts, prepare.ts). A cover already set is replaced only after the
// user says so.
import * as vscode from 'vscode';
import { coverValues } from '../../core/cover/mediaValues';
import type { CoverValues } from '../../core/cover/values';
import { planCover } from '../../core/cover/setCover';
import { inert } from '../../core/inert';
import type { InsertArgs } from '../commandArgs';
import { askAltText } from '../insert/editBoxes';
import { isInsertError } from '../../core/insert/insertError';
import type { InsertPlan } from '../../core/insert/plan';
import { editorRefusedMessage, errorText, insertFailure, NOTE_MAX, showNoMedia } from '../insert/messages';
import { pickVariant } from '../insert/pickVariant';
import type { VariantChoice } from '../insert/pickVariant';
import { planFor } from '../insert/planning';
import type { Prepared } from '../insert/prepare';
import { prepare } from '../insert/prepare';
import type { Saving } from '../insert/saveFiles';
import type { InsertConfig } from '../insert/settings';
import { readInsertConfig } from '../insert/settings';
import type { Shell } from '../shell';
import { targetEditor } from '../targetEditor';
import type { CoverConfig } from './coverConfig';
import { readCoverConfig } from './coverConfig';

export interface CoverHow {
  /** Set as Cover Image…: ask the size, the alt text and (saving) the file's name first. */
  readonly ask?: boolean;
}

export interface CoverOutcome {
  readonly result: 'set' | 'cancelled' | 'failed';
  /** The front matter keys written. */
  readonly keys?: readonly string[];
  /** Every message shown to the user. */
  readonly notes: readonly string[];
}

/** The languages whose files have front matter a site generator reads. */
const PAGE_LANGUAGES = new Set(['markdown', 'mdx']);

export function isPage(document: vscode.TextDocument): boolean {
  return PAGE_LANGUAGES.has(document.languageId) || /\.(?:md|mdx|markdown)$/i.test(document.uri.path);
}

function fail(message: string, notes: readonly string[] = []): CoverOutcome {
  const shown = inert(message, NOTE_MAX);
  void vscode.window.showErrorMessage(shown);
  return { result: 'failed', notes: [...notes, shown] };
}

/** A failure of the insert's steps (planning, saving): an InsertError's own sentence; anything else logged and said as what went wrong. */
function failed(shell: Shell, error: unknown, notes: readonly string[] = []): CoverOutcome {
  if (isInsertError(error)) return fail(insertFailure(error).message, notes);
  shell.logger.error(`Could not set the cover: ${errorText(error)}`);
  return fail(vscode.l10n.t('Could not set the cover: {0}', errorText(error)), notes);
}

/** Asks before a cover already set is replaced. */
async function confirmReplace(document: vscode.TextDocument, keys: readonly string[]): Promise<boolean> {
  const replace = vscode.l10n.t('Replace Cover');
  const name = document.uri.path.split('/').pop() ?? '';
  const picked = await vscode.window.showWarningMessage(
    vscode.l10n.t('“{0}” already has a cover ({1}). Replace it?', inert(name, 200), keys.join(', ')),
    { modal: true, detail: vscode.l10n.t('The old cover’s fields are removed; Undo brings them back.') },
    replace,
  );
  return picked === replace;
}

interface CoverRequest {
  readonly shell: Shell;
  readonly saving: Saving & { readonly trusted: boolean };
  readonly document: vscode.TextDocument;
  readonly item: InsertArgs;
  readonly choice: VariantChoice;
  readonly cover: CoverConfig;
  readonly config: InsertConfig;
  /** Ask the saved file's name (Set as Cover Image…). */
  readonly ask: boolean;
  readonly notes: string[];
  readonly token?: vscode.CancellationToken;
}

/** The insert's plan at the cover's size, with no template of the user's (the cover is fields, not a snippet). Throws as planFor does. */
function coverPlan(shell: Shell, item: InsertArgs, choice: VariantChoice, config: InsertConfig): InsertPlan {
  return planFor(shell, item, choice, 'markdown', { ...config, templates: {} });
}

/**
 * The cover's values: the image at the cover's size, linked or saved into the workspace as the
 * insert mode says (into the site's folder for the preset's site when the user named none), and
 * what was saved, to take back if the cover is not written. An outcome when it fails or is cancelled.
 */
async function coverImage(r: CoverRequest): Promise<{ values: CoverValues; prepared: Prepared | undefined } | CoverOutcome> {
  const { document, item, config, cover, notes } = r;
  let plan: InsertPlan;
  try {
    plan = coverPlan(r.shell, item, r.choice, config);
  } catch (error) {
    return failed(r.shell, error);
  }
  const facts = plan.facts;
  if (item.media.kind === 'video') {
    // A video's cover is its poster picture, linked: the video file is never a cover.
    if (!facts.poster) return fail(vscode.l10n.t('Video {0} has no poster picture to use as a cover.', facts.id));
    return { values: coverValues(facts, { url: facts.poster, width: facts.width, height: facts.height }, cover.markdown), prepared: undefined };
  }
  const site = cover.siteFolder && config.siteFolder === '' ? { ...config, siteFolder: cover.siteFolder.folder, siteUrlPath: cover.siteFolder.urlPath ?? '' } : config;
  let prepared: Prepared | undefined;
  try {
    prepared = await prepare(r.saving, [plan], document, site, item.mode ?? config.mode, notes, r.token, r.ask);
  } catch (error) {
    if (error instanceof vscode.CancellationError) return { result: 'cancelled', notes };
    return failed(r.shell, error, notes);
  }
  if (!prepared) return { result: 'cancelled', notes };
  const url = prepared.locals[0]?.url ?? facts.url;
  return { values: coverValues(facts, { url, width: facts.width, height: facts.height }, cover.markdown), prepared };
}

/** The cover of `items[0]` into its target page (the editor the grid names, else the active one). */
export async function setCover(shell: Shell, saving: Saving & { readonly trusted: boolean }, items: readonly InsertArgs[], how: CoverHow): Promise<CoverOutcome> {
  const first = items[0];
  if (!first) return { result: 'failed', notes: [showNoMedia()] };
  const editor = await targetEditor(shell.tracker, first.targetUri);
  if (!editor || !isPage(editor.document)) {
    return fail(vscode.l10n.t('Set as Cover Image writes into the front matter of a Markdown or MDX page: open one, then try again.'));
  }
  const document = editor.document;
  const cover = await readCoverConfig(document);
  if ('message' in cover) return fail(cover.message);
  const config = readInsertConfig({ uri: document.uri, languageId: 'markdown' });
  const video = first.media.kind === 'video';
  let choice: VariantChoice = { size: cover.size };
  let item: InsertArgs = { ...first, languageId: 'markdown' };
  if (how.ask) {
    if (!video) {
      // The cover's size first in the list; saving (and saving possible): each size with its file's size.
      const saves = (first.mode ?? config.mode) === 'download' && saving.trusted;
      const fileSizes = saves ? { fetch: saving.fetch, timeoutMs: Math.min(5000, shell.config.timeoutMs) } : undefined;
      const picked = await pickVariant(first.media, { photoSize: { size: cover.size }, videoQuality: config.videoQuality, fileSizes });
      if (!picked) return { result: 'cancelled', notes: [] };
      choice = picked;
    }
    let prefill: string;
    try {
      prefill = coverPlan(shell, item, choice, config).facts.alt;
    } catch (error) {
      return failed(shell, error);
    }
    const alt = await askAltText(first.media.kind, prefill);
    if (alt === undefined) return { result: 'cancelled', notes: [] };
    item = { ...item, alt };
  }
  const notes: string[] = [];
  const image = await coverImage({ shell, saving, document, item, choice, cover, config, ask: how.ask === true, notes });
  if ('result' in image) return image;
  const { values, prepared } = image;
  const takeBack = async (): Promise<void> => void (await prepared?.written?.takeBack());

  let text = document.getText();
  let planned = planCover(text, cover.fields, values);
  if (!planned.ok) {
    await takeBack();
    return fail(planned.message, notes);
  }
  if (planned.replacing.length > 0) {
    if (!(await confirmReplace(document, planned.replacing))) {
      await takeBack();
      return { result: 'cancelled', notes };
    }
    // Typed into while the question was open: planned again on what is there now.
    if (document.getText() !== text) {
      text = document.getText();
      planned = planCover(text, cover.fields, values);
      if (!planned.ok) {
        await takeBack();
        return fail(planned.message, notes);
      }
    }
  }
  const { edit } = planned;
  const shown = await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preserveFocus: false, preview: false });
  const versionBefore = document.version;
  const range = new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  const ok = (await shown.edit((builder) => builder.replace(range, edit.newText), { undoStopBefore: true, undoStopAfter: true })) && document.version !== versionBefore;
  if (!ok) {
    await takeBack();
    return fail(editorRefusedMessage(), notes);
  }
  const keys = cover.fields.map((f) => f.key.join('.'));
  const name = document.uri.path.split('/').pop() ?? '';
  const done = vscode.l10n.t('Set the cover of “{0}”: {1}.', inert(name, 200), keys.join(', '));
  for (const note of [...notes, done]) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
  return { result: 'set', keys, notes: [...notes, done] };
}

/**
 * A pasted link's cover (the paste's second kind, which the user picked from the paste menu, so
 * a cover already set is replaced without a question): the edit of the page's front matter, or
 * why there is none (`told`: the user has heard it). Undefined when cancelled.
 */
export async function coverPasteEdit(
  shell: Shell,
  saving: Saving & { readonly trusted: boolean },
  document: vscode.TextDocument,
  item: InsertArgs,
  token: vscode.CancellationToken,
): Promise<{ edit: vscode.TextEdit; notes: readonly string[] } | { message: string; told?: true } | undefined> {
  const cover = await readCoverConfig(document);
  if ('message' in cover) return cover;
  const config = readInsertConfig({ uri: document.uri, languageId: 'markdown' });
  const notes: string[] = [];
  const image = await coverImage({ shell, saving, document, item: { ...item, languageId: 'markdown' }, choice: { size: cover.size }, cover, config, ask: false, notes, token });
  // A failure the image's steps already told the user of.
  if ('result' in image) return image.result === 'cancelled' || token.isCancellationRequested ? undefined : { message: image.notes[image.notes.length - 1] ?? '', told: true };
  const planned = planCover(document.getText(), cover.fields, image.values);
  if (!planned.ok || token.isCancellationRequested) {
    await image.prepared?.written?.takeBack();
    return planned.ok ? undefined : { message: planned.message };
  }
  const { edit } = planned;
  return { edit: vscode.TextEdit.replace(new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.newText), notes };
}
