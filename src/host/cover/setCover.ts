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
import { findFrontMatter } from '../../core/cover/frontMatter';
import { planCover } from '../../core/cover/setCover';
import { inert } from '../../core/inert';
import { isInsertError } from '../../core/insert/insertError';
import type { MediaItem } from '../../core/model';
import type { InsertArgs } from '../commandArgs';
import { coverEditKind } from '../insert/editKinds';
import { editorRefusedMessage, errorText, insertFailure, NOTE_MAX, showNoMedia } from '../insert/messages';
import type { PasteAlternative } from '../insert/paste';
import type { MediaPipeline, Prepared } from '../insert/prepare';
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
  readonly pipeline: MediaPipeline;
  readonly document: vscode.TextDocument;
  readonly item: InsertArgs;
  readonly choice: ChosenSize;
  readonly cover: CoverConfig;
  readonly config: InsertConfig;
  /** Ask the saved file's name (Set as Cover Image…). */
  readonly ask: boolean;
  readonly token?: vscode.CancellationToken;
}

/** The photo size (or video file) the cover is made at. */
type ChosenSize = Parameters<MediaPipeline['prepare']>[0]['choice'];

/** The insert's settings for a cover: no template of the user's (the cover is fields, not a snippet), the preset's site folder when the user named none. */
function coverSettings(config: InsertConfig, cover: CoverConfig): InsertConfig {
  const site = cover.siteFolder && config.siteFolder === '' ? { siteFolder: cover.siteFolder.folder, siteUrlPath: cover.siteFolder.urlPath ?? '' } : {};
  return { ...config, templates: {}, ...site };
}

/**
 * The cover's values: the image at the cover's size, linked or saved into the workspace as the
 * insert mode says, and what was saved, to take back if the cover is not written. An outcome
 * when it fails or is cancelled. A video's cover is its poster picture, linked: the video file
 * is never a cover.
 */
async function coverImage(r: CoverRequest): Promise<{ values: CoverValues; prepared: Prepared; notes: readonly string[] } | CoverOutcome> {
  const { document, item, config, cover } = r;
  const video = item.media.kind === 'video';
  const mode = video ? 'link' : (item.mode ?? config.mode);
  const done = await r.pipeline.prepare({ items: [item], choice: r.choice, document, languageId: 'markdown', config, mode, ...(r.ask ? { name: {} } : {}), ...(r.token ? { token: r.token } : {}) });
  if (done.status === 'cancelled') return { result: 'cancelled', notes: [...done.notes] };
  if (done.status === 'failed') return failed(r.pipeline.shell, done.error, done.notes);
  const { prepared } = done;
  const facts = prepared.plans[0]?.facts;
  if (!facts) return { result: 'cancelled', notes: [] };
  if (video && !facts.poster) return fail(vscode.l10n.t('Video {0} has no poster picture to use as a cover.', facts.id));
  const url = (video ? facts.poster : prepared.locals[0]?.url) ?? facts.url;
  return { values: coverValues(facts, { url, width: facts.width, height: facts.height }, cover.markdown), prepared, notes: done.notes };
}

/** The cover of `items[0]` into its target page (the editor the grid names, else the active one). */
export async function setCover(pipeline: MediaPipeline, items: readonly InsertArgs[], how: CoverHow): Promise<CoverOutcome> {
  const shell = pipeline.shell;
  const first = items[0];
  if (!first) return { result: 'failed', notes: [showNoMedia()] };
  const editor = await targetEditor(shell.tracker, first.targetUri);
  if (!editor || !isPage(editor.document)) {
    return fail(vscode.l10n.t('Set as Cover Image writes into the front matter of a Markdown or MDX page: open one, then try again.'));
  }
  const document = editor.document;
  const cover = await readCoverConfig(document);
  if ('message' in cover) return fail(cover.message);
  const config = coverSettings(readInsertConfig({ uri: document.uri, languageId: 'markdown' }), cover);
  let choice: ChosenSize = { size: cover.size };
  let item: InsertArgs = { ...first, languageId: 'markdown' };
  if (how.ask) {
    // The cover's size first in the list; a video keeps its poster.
    const sizes = first.media.kind === 'video' ? false : { size: cover.size };
    const chosen = await pipeline.choose({ items: [item], languageId: 'markdown', config, mode: first.mode ?? config.mode, choice, sizes });
    if (chosen.status === 'cancelled') return { result: 'cancelled', notes: [] };
    if (chosen.status === 'failed') return failed(shell, chosen.error);
    choice = chosen.choice;
    item = chosen.items[0] ?? item;
  }
  const image = await coverImage({ pipeline, document, item, choice, cover, config, ask: how.ask === true });
  if ('result' in image) return image;
  const { values, prepared, notes } = image;
  const takeBack = async (): Promise<void> => void (await prepared.written?.takeBack());

  let text = document.getText();
  let planned = planCover(text, cover.fields, values);
  if (!planned.ok) {
    await takeBack();
    return fail(planned.message, notes);
  }
  if (planned.replacing.length > 0) {
    if (!(await confirmReplace(document, planned.replacing))) {
      await takeBack();
      return { result: 'cancelled', notes: [...notes] };
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
  shell.milestones.reach('coverSet');
  pipeline.use([first.media]);
  return { result: 'set', keys, notes: [...notes, done] };
}

/**
 * A pasted link's cover (the paste's second kind, which the user picked from the paste menu, so
 * a cover already set is replaced without a question): the edit of the page's front matter, or
 * why there is none (`told`: the user has heard it). Undefined when cancelled.
 */
async function coverPasteEdit(
  pipeline: MediaPipeline,
  document: vscode.TextDocument,
  media: MediaItem,
  token: vscode.CancellationToken,
): Promise<{ edit: vscode.TextEdit; notes: readonly string[] } | { message: string; told?: true } | undefined> {
  const cover = await readCoverConfig(document);
  if ('message' in cover) return cover;
  const config = coverSettings(readInsertConfig({ uri: document.uri, languageId: 'markdown' }), cover);
  const image = await coverImage({ pipeline, document, item: { media, languageId: 'markdown' }, choice: { size: cover.size }, cover, config, ask: false, token });
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
}

/** The paste's second kind: a pasted link's photo as the page's cover, offered in a page outside its front matter. */
export const coverPaste: PasteAlternative = {
  kind: coverEditKind,
  title: (serviceName) => vscode.l10n.t('Set as Cover Image ({0})', serviceName),
  offers: (document, ranges) => isPage(document) && ranges.every((r) => document.offsetAt(r.start) >= (findFrontMatter(document.getText())?.end ?? 0)),
  edit: coverPasteEdit,
};
