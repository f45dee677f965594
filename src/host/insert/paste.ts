// Pasting a link of the service's media (its page or its file) into a document that has an
// insert format: the media, formatted with its credit exactly as the insert command writes
// it. Activation (insert/insertCommands.ts) has already checked that the clipboard holds one such
// URL and nothing else.
//
// As VS Code's paste API intends: offering the edit costs nothing (no request, no file), and
// the slow work happens in `resolveDocumentPasteEdit`, which VS Code calls only for the edit
// it applies (the first, or the one the user picks from the paste menu): the look-up (one Get
// Photo/Video, cached), and with `stockMedia.insert.mode: download` the download into the
// workspace. The edit's text then goes in as its `additionalEdit` (its `insertText` is empty:
// resolving may change only the additional edit). In code, a tag or a link
// (core/insert/codeContext.ts) nothing is offered, so the link is pasted as the text it is;
// asked for through Paste As…, the edit is offered after the plain text (`yieldTo`).
//
// When the look-up or the download fails, the text is pasted as copied, and the user hears
// why once, not on every paste while the cause lasts.
import * as vscode from 'vscode';
import type { MediaRefMatch } from '../../core/mediaRefs';
import type { MediaItem } from '../../core/model';
import type { ClientSource } from '../client/client';
import { describeFailure } from '../key/errorActions';
import { notifyFailure } from '../key/failureNotice';
import type { Services } from '../services';
import { inert } from '../../core/inert';
import { codeContextIn } from './documentCodeContext';
import { mediaEditKind, mediaEditTitle, plainTextKind } from './editKinds';
import { NOTE_MAX } from './messages';
import type { MediaInserter } from './inserter';
import type { MediaPipeline } from './prepare';

/** The same failure is told again only after this long. */
export const PASTE_FAILURE_QUIET_MS = 60_000;

/** What a paste edit needs to be resolved: where it goes and what was pasted. */
interface PasteRequest {
  readonly document: vscode.TextDocument;
  readonly ranges: readonly vscode.Range[];
  readonly ref: MediaRefMatch;
  /** The clipboard's text, as copied: what goes in when the media cannot. */
  readonly text: string;
}

/**
 * Another edit a paste of media offers, after the insert (the page's cover, host/cover/): its
 * kind and title, where it applies (never in code), and the edit it makes of the media.
 */
export interface PasteAlternative {
  kind(): vscode.DocumentDropOrPasteEditKind;
  title(serviceName: string): string;
  offers(document: vscode.TextDocument, ranges: readonly vscode.Range[]): boolean;
  /** The edit and what to tell, or why there is none (`told`: the user has heard it); undefined when cancelled. */
  edit(pipeline: MediaPipeline, document: vscode.TextDocument, media: MediaItem, token: vscode.CancellationToken): Promise<{ edit: vscode.TextEdit; notes: readonly string[] } | { message: string; told?: true } | undefined>;
}

export class MediaPasteEdit extends vscode.DocumentPasteEdit {
  constructor(
    readonly request: PasteRequest,
    title: string,
    /** Not the insert: another edit of the media (the page's cover). */
    readonly alternative?: PasteAlternative,
  ) {
    super('', title, alternative ? alternative.kind() : mediaEditKind());
  }
}

export class MediaPasteProvider {
  /** When each failure (by its message) was last told. */
  private readonly told = new Map<string, number>();

  constructor(
    private readonly services: Services,
    private readonly api: ClientSource,
    private readonly inserter: MediaInserter,
    /** Offered after the insert, where they apply. */
    private readonly alternatives: readonly PasteAlternative[] = [],
    private readonly now: () => number = Date.now,
  ) {}

  /** The edit, at no cost: its title from the link alone. Nothing in code, a tag or a link, unless asked for by Paste As…. */
  provideDocumentPasteEdits(
    document: vscode.TextDocument,
    ranges: readonly vscode.Range[],
    ref: MediaRefMatch,
    text: string,
    context: vscode.DocumentPasteEditContext,
  ): MediaPasteEdit[] | undefined {
    const code = codeContextIn(document, ranges);
    if (code && context.triggerKind !== vscode.DocumentPasteTriggerKind.PasteAs) return undefined;
    const request = { document, ranges, ref, text };
    const edit = new MediaPasteEdit(request, mediaEditTitle([ref.kind], this.services.config.serviceName));
    // Asked for in code: offered, after the text as it is.
    if (code) edit.yieldTo = [plainTextKind()];
    const edits = [edit];
    // After the insert in the list: the insert stays what a plain paste does.
    for (const alternative of code ? [] : this.alternatives) {
      if (alternative.offers(document, ranges)) edits.push(new MediaPasteEdit(request, alternative.title(this.services.config.serviceName), alternative));
    }
    const only = context.only;
    return only ? edits.filter((e) => e.kind && (only.contains(e.kind) || e.kind.contains(only))) : edits;
  }

  /** The look-up, the download when the mode says so, and the edit's text: the media, or the text as copied when they fail. */
  async resolveDocumentPasteEdit(edit: MediaPasteEdit, token: vscode.CancellationToken): Promise<MediaPasteEdit | undefined> {
    if (edit.alternative) return this.resolveAlternative(edit, edit.alternative, token);
    const { document, ranges, ref, text } = edit.request;
    const media = await this.lookUp(ref, token);
    // One place: the snippet is laid out for its line (blank lines around a block), as a drop
    // is. Several cursors: the same snippet goes to each as it is.
    const position = ranges.length === 1 ? ranges[0]?.start : undefined;
    const snippet = media && !token.isCancellationRequested ? await this.inserter.snippetForDrop(document, [media], token, position) : undefined;
    if (token.isCancellationRequested) return undefined;
    const change = new vscode.WorkspaceEdit();
    change.set(
      document.uri,
      ranges.map((range) => (snippet ? new vscode.SnippetTextEdit(range, snippet) : vscode.TextEdit.replace(range, text))),
    );
    edit.additionalEdit = change;
    return edit;
  }

  /** The alternative's edit (the cover's front matter), the pasted link gone from where it was pasted; the text as copied when it cannot be made. */
  private async resolveAlternative(edit: MediaPasteEdit, alternative: PasteAlternative, token: vscode.CancellationToken): Promise<MediaPasteEdit | undefined> {
    const { document, ranges, ref, text } = edit.request;
    const media = await this.lookUp(ref, token);
    const made = media && !token.isCancellationRequested ? await alternative.edit(this.inserter.pipeline, document, media, token) : undefined;
    if (token.isCancellationRequested) return undefined;
    const change = new vscode.WorkspaceEdit();
    if (made && 'edit' in made) {
      change.set(document.uri, [made.edit, ...ranges.map((range) => vscode.TextEdit.delete(range))]);
      for (const note of made.notes) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
    } else {
      change.set(document.uri, ranges.map((range) => vscode.TextEdit.replace(range, text)));
      if (made && !made.told) void vscode.window.showWarningMessage(inert(vscode.l10n.t('Pasted the link as text: {0}', made.message), NOTE_MAX));
    }
    edit.additionalEdit = change;
    return edit;
  }

  private async lookUp(ref: MediaRefMatch, token: vscode.CancellationToken): Promise<MediaItem | undefined> {
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const client = this.api.client;
      return await client.getMedia(ref.kind, ref.id, { signal: controller.signal });
    } catch (error) {
      if (!token.isCancellationRequested) this.tell(error);
      return undefined;
    } finally {
      cancel.dispose();
    }
  }

  private tell(error: unknown): void {
    const described = describeFailure(this.services, error);
    const message = vscode.l10n.t('Pasted the link as text: {0}', described.message);
    this.services.logger.warn(`Paste: the media look-up failed (${described.message}).`);
    const now = this.now();
    const last = this.told.get(described.message);
    if (last !== undefined && now - last < PASTE_FAILURE_QUIET_MS) return;
    this.told.set(described.message, now);
    notifyFailure(this.services, { ...described, message }, 'warning');
  }
}
