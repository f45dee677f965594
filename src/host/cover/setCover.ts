// Set as Cover Image, the front-matter writer: a photo (a video's poster picture) into the front
// matter of a Markdown or MDX page, in the fields its theme reads (coverConfig.ts), as one undo
// step that changes nothing else in the file (core/cover/setCover.ts plans the edit). The image
// comes through the insert's pipeline (host/insert/prepare.ts): linked at the cover's size, or
// saved into the workspace first when `stockMedia.insert.mode` says so. A cover already set is
// replaced only after the user says so. A pasted link's photo can be set as the cover too
// (`coverPaste`, the paste's second kind).
import * as vscode from 'vscode';
import { coverValues } from '../../core/cover/mediaValues';
import type { CoverValues } from '../../core/cover/values';
import type { CoverPresetId } from '../../core/cover/presets';
import type { PhotoSize } from '../../core/insert/sizes';
import { l10n } from '../../core/l10n';
import { findFrontMatter } from '../../core/cover/frontMatter';
import type { CoverEdit } from '../../core/cover/setCover';
import { coverKeysIn, coverUsesAlt, planCover } from '../../core/cover/setCover';
import { inert } from '../../core/inert';
import { InsertError, isInsertError } from '../../core/insert/insertError';
import type { InsertArgs } from '../common/commandArgs';
import { coverEditKind } from './coverPasteKind';
import { editorRefusedMessage, errorText, insertFailure, NOTE_MAX, showNoMedia } from '../insert/messages';
import type { PasteAlternative } from '../insert/paste';
import type { MediaPipeline, Prepared, PrepareRequest } from '../insert/prepare';
import type { InsertConfig } from '../insert/settings';
import { readInsertConfig } from '../insert/settings';
import type { Services } from '../services';
import { targetEditor } from '../common/targetEditor';
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
function failed(services: Services, error: unknown, notes: readonly string[] = []): CoverOutcome {
  if (isInsertError(error)) return fail(insertFailure(error).message, notes);
  services.logger.error(`Could not set the cover: ${errorText(error)}`);
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

/** The insert's settings for a cover: no template of the user's (the cover is fields, not a snippet), the preset's site folder when the user named none. */
function coverSettings(config: InsertConfig, cover: CoverConfig): InsertConfig {
  const site = cover.siteFolder && config.siteFolder === '' ? { siteFolder: cover.siteFolder.folder, siteUrlPath: cover.siteFolder.urlPath ?? '' } : {};
  return { ...config, templates: {}, ...site };
}

/** The request for a page's cover: its one item at the cover's size, in Markdown, with the cover's settings. */
function coverRequest(document: vscode.TextDocument, item: InsertArgs, cover: CoverConfig): PrepareRequest {
  const config = coverSettings(readInsertConfig({ uri: document.uri, languageId: 'markdown' }), cover);
  return { items: [{ ...item, languageId: 'markdown' }], choice: { size: cover.size }, document, languageId: 'markdown', config, mode: item.mode ?? config.mode };
}

type CoverImage = { values: CoverValues; prepared: Prepared; notes: readonly string[] };

/**
 * The cover's values: the image at the cover's size, linked or saved into the workspace as the
 * insert mode says, and what was saved, to take back if the cover is not written; or why not
 * (nothing shown). A video's cover is its poster picture, linked: the video file is never a cover.
 */
async function coverImageOf(pipeline: MediaPipeline, request: PrepareRequest, cover: CoverConfig): Promise<CoverImage | { cancelled: true; notes: readonly string[] } | { error: unknown; notes: readonly string[] }> {
  const video = request.items[0]?.media.kind === 'video';
  const done = await pipeline.prepare(video ? { ...request, mode: 'link' } : request);
  if (done.status === 'cancelled') return { cancelled: true, notes: done.notes };
  if (done.status === 'failed') return { error: done.error, notes: done.notes };
  const { prepared } = done;
  const facts = prepared.plans[0]?.facts;
  if (!facts) return { cancelled: true, notes: [] };
  if (video && !facts.poster) return { error: new InsertError(() => l10n.t('Video {0} has no poster picture to use as a cover.', facts.id)), notes: [] };
  const url = (video ? facts.poster : prepared.locals[0]?.url) ?? facts.url;
  return { values: coverValues(facts, { url, width: facts.width, height: facts.height }, cover.markdown), prepared, notes: done.notes };
}

/** The cover's values (coverImageOf), or the outcome shown when it fails or is cancelled. */
async function coverImage(pipeline: MediaPipeline, request: PrepareRequest, cover: CoverConfig): Promise<CoverImage | CoverOutcome> {
  const image = await coverImageOf(pipeline, request, cover);
  if ('cancelled' in image) return { result: 'cancelled', notes: [...image.notes] };
  if ('error' in image) return failed(pipeline.services, image.error, image.notes);
  return image;
}

/** The planned edit into the page's editor (shown), one undo step; false when the editor did not take it. */
async function writeCover(document: vscode.TextDocument, edit: CoverEdit, show: vscode.TextDocumentShowOptions): Promise<boolean> {
  const shown = await vscode.window.showTextDocument(document, { ...show, preview: false });
  const versionBefore = document.version;
  const range = new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  // The page holds this very cover already (the same media set again): nothing to write, and no empty undo step.
  if (document.getText(range) === edit.newText) return true;
  return (await shown.edit((builder) => builder.replace(range, edit.newText), { undoStopBefore: true, undoStopAfter: true })) && document.version !== versionBefore;
}

/** The cover of `items[0]` into its target page (the editor the grid names, else the active one). */
export async function setCover(pipeline: MediaPipeline, items: readonly InsertArgs[], how: CoverHow): Promise<CoverOutcome> {
  const services = pipeline.services;
  const first = items[0];
  if (!first) return { result: 'failed', notes: [showNoMedia()] };
  const editor = await targetEditor(services.tracker, first.targetUri);
  if (!editor || !isPage(editor.document)) {
    return fail(vscode.l10n.t('Set as Cover Image writes into the front matter of a Markdown or MDX page: open one, then try again.'));
  }
  const document = editor.document;
  const cover = await readCoverConfig(document);
  if ('message' in cover) return fail(cover.message);
  // A cover already there: asked first, before the size or anything else.
  const existing = coverKeysIn(document.getText(), cover.fields);
  if (existing.length > 0 && !(await confirmReplace(document, existing))) return { result: 'cancelled', notes: [] };
  let request = coverRequest(document, first, cover);
  if (how.ask) {
    // The cover's size first in the list; a video keeps its poster. The alt text only when the
    // preset writes one; the saved file's name is asked too.
    const chosen = await pipeline.choose({ ...request, sizes: first.media.kind === 'video' ? false : { size: cover.size }, purpose: 'cover', askAlt: coverUsesAlt(cover.fields) });
    if (chosen.status === 'cancelled') return { result: 'cancelled', notes: [] };
    if (chosen.status === 'failed') return failed(services, chosen.error);
    request = { ...request, items: chosen.items, choice: chosen.choice, name: {} };
  }
  const image = await coverImage(pipeline, request, cover);
  if ('result' in image) return image;
  const { values, prepared, notes } = image;
  // Nothing will link to what the save wrote: taken back.
  const giveUp = async (message: string): Promise<CoverOutcome> => {
    await prepared.written?.takeBack();
    return fail(message, notes);
  };

  const text = document.getText();
  let planned = planCover(text, cover.fields, values);
  // A cover key that appeared while the questions were open (typed, or set from elsewhere): asked now.
  if (planned.ok && planned.replacing.some((key) => !existing.includes(key))) {
    if (!(await confirmReplace(document, planned.replacing))) {
      await prepared.written?.takeBack();
      return { result: 'cancelled', notes: [...notes] };
    }
    // Typed into while the question was open: planned again on what is there now.
    if (document.getText() !== text) planned = planCover(document.getText(), cover.fields, values);
  }
  if (!planned.ok) return giveUp(planned.message);
  if (!(await writeCover(document, planned.edit, { viewColumn: editor.viewColumn, preserveFocus: false }))) return giveUp(editorRefusedMessage());
  const keys = cover.fields.map((f) => f.key.join('.'));
  const name = document.uri.path.split('/').pop() ?? '';
  const done = vscode.l10n.t('Set the cover of “{0}”: {1}.', inert(name, 200), keys.join(', '));
  for (const note of [...notes, done]) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
  services.milestones.reach('coverSet');
  pipeline.use([first.media]);
  return { result: 'set', keys, notes: [...notes, done] };
}

/**
 * The paste's second kind, offered in a page outside its front matter: a pasted link's photo as
 * the page's cover. The user picked it from the paste menu, so a cover already set is replaced
 * without a question.
 */
export const coverPaste: PasteAlternative = {
  kind: coverEditKind,
  title: (serviceName) => vscode.l10n.t('Set as Cover Image ({0})', serviceName),
  offers: (document, ranges) => isPage(document) && ranges.every((r) => document.offsetAt(r.start) >= (findFrontMatter(document.getText())?.end ?? 0)),
  async edit(pipeline, document, media, token) {
    const cover = await readCoverConfig(document);
    if ('message' in cover) return cover;
    const image = await coverImage(pipeline, { ...coverRequest(document, { media }, cover), token }, cover);
    // A failure the image's steps already told the user of.
    if ('result' in image) return image.result === 'cancelled' || token.isCancellationRequested ? undefined : { message: image.notes[image.notes.length - 1] ?? '', told: true };
    const planned = planCover(document.getText(), cover.fields, image.values);
    if (!planned.ok || token.isCancellationRequested) {
      await image.prepared.written?.takeBack();
      return planned.ok ? undefined : { message: planned.message };
    }
    const { edit } = planned;
    pipeline.use([media]);
    return { edit: vscode.TextEdit.replace(new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)), edit.newText), notes: image.notes };
  },
};

/** What the agent's stockMedia_setCover tells instead of asking (host/agent/writeTools.ts). */
export interface CoverOrder {
  /** The preset's fields instead of the setting's (`auto`: found from the workspace). */
  readonly preset?: CoverPresetId | 'auto';
  /** The size instead of the cover's. */
  readonly size?: PhotoSize;
  /** Replace a cover the page has; else it is kept and nothing is written. */
  readonly replace: boolean;
  readonly token?: vscode.CancellationToken;
}

export type CoverWritten =
  | { readonly result: 'set'; readonly cover: CoverConfig; readonly values: CoverValues; readonly files: Prepared['files']; readonly notes: readonly string[]; readonly replaced: readonly string[] }
  | { readonly result: 'kept'; readonly existing: readonly string[] };

/**
 * Set as Cover Image told rather than asked (the agent's tool): `item`'s cover into the page
 * `document`, the preset and size given or the settings', a cover already there kept unless
 * `replace` (found before anything is saved). Nothing is asked or shown but the page (no
 * progress notification for a save either), without taking the focus. A failure is thrown as an InsertError (its sentence), a cancellation as
 * vscode.CancellationError: the page stays as it was, no saved file stays.
 */
export async function setCoverTold(pipeline: MediaPipeline, document: vscode.TextDocument, item: InsertArgs, order: CoverOrder): Promise<CoverWritten> {
  if (!isPage(document)) throw new InsertError(() => l10n.t('Set as Cover Image writes into the front matter of a Markdown or MDX page: open one, then try again.'));
  const read = await readCoverConfig(document, order.preset);
  if ('message' in read) throw new InsertError(read.message, { english: read.english });
  const cover: CoverConfig = order.size ? { ...read, size: order.size } : read;
  // Saved quietly, as the agent's insert: the chat shows the tool running.
  const request: PrepareRequest = { ...coverRequest(document, item, cover), quiet: true, ...(order.token ? { token: order.token } : {}) };
  const image = async (mode?: 'link'): Promise<CoverImage> => {
    const made = await coverImageOf(pipeline, mode ? { ...request, mode } : request, cover);
    if ('cancelled' in made) throw new vscode.CancellationError();
    if ('error' in made) throw made.error;
    return made;
  };
  // A cover already there is found from the linked image's fields, before any file is saved.
  const linked = await image('link');
  const first = planCover(document.getText(), cover.fields, linked.values);
  if (!first.ok) throw new InsertError(first.message);
  if (first.replacing.length > 0 && !order.replace) return { result: 'kept', existing: first.replacing };
  const made = request.mode === 'download' && item.media.kind === 'photo' ? await image() : linked;
  const giveUp = async (error: Error): Promise<never> => {
    await made.prepared.written?.takeBack();
    throw error;
  };
  const planned = made === linked ? first : planCover(document.getText(), cover.fields, made.values);
  if (!planned.ok) return giveUp(new InsertError(planned.message));
  if (order.token?.isCancellationRequested) return giveUp(new vscode.CancellationError());
  if (!(await writeCover(document, planned.edit, { preserveFocus: true }))) return giveUp(new InsertError(editorRefusedMessage));
  pipeline.services.milestones.reach('coverSet');
  pipeline.use([item.media]);
  return { result: 'set', cover, values: made.values, files: made.prepared.files, notes: made.notes, replaced: planned.replacing };
}
