// Inserting photos and videos into editors: the commands' entry points (insert, insert as…,
// save and insert, copy the address or the credit, open on the service) and the drop and
// paste's snippet. The steps are beside it: the settings and plans (planning.ts), saving files
// (prepare.ts, saveFiles.ts, saveDestination.ts), the snippets (snippets.ts), the copy and open
// commands (copyCommands.ts), the target editor (host/targetEditor.ts), the sentences (messages.ts).
import * as vscode from 'vscode';
import { inert } from '../../core/inert';
import type { MediaItem } from '../../core/model';
import { InsertError } from '../../core/insert/insertError';
import { Disposable } from '../dispose';
import { notifyFailure } from '../failureNotice';
import type { HostPlatform } from '../platform';
import type { Shell } from '../shell';
import { backTo, currentEditor, placeOf, targetEditor } from '../targetEditor';
import type { InsertArgs } from '../commandArgs';
import type { CoverHow, CoverOutcome } from '../cover/setCover';
import { coverPasteEdit, setCover } from '../cover/setCover';
import { copyCredit, copyInstead, copyUrl, openOnService } from './copyCommands';
import { askAltText } from './editBoxes';
import { LastInserts } from './lastInserts';
import { editorRefusedMessage, errorText, insertFailure, NOTE_MAX, showNoMedia } from './messages';
import { pickVariant } from './pickVariant';
import type { VariantChoice } from './pickVariant';
import { planAll, planFor, scopeOf } from './planning';
import type { Prepared } from './prepare';
import { prepare, retryContextOf, withTypedName } from './prepare';
import type { Saving } from './saveFiles';
import type { SavedFile } from './saveFile';
import type { InsertMode } from './settings';
import { readInsertConfig } from './settings';
import { dropSnippet, insertItems, plainText } from './snippets';

/** What the inserter needs from outside, replaceable in tests (the test host runs with trust off). */
export interface InserterDeps {
  isTrusted(): boolean;
  readonly fetch: typeof fetch;
  now(): Date;
  /** Write downloads into `file:` folders piece by piece (the default, where the platform can) rather than whole from memory. */
  readonly streamToDisk?: boolean;
  /** What the host can do (platform/): the running host's unless a test says otherwise. */
  readonly platform?: HostPlatform;
}

export const defaultInserterDeps: InserterDeps = {
  isTrusted: () => vscode.workspace.isTrusted,
  fetch: (input, init) => fetch(input, init),
  now: () => new Date(),
};

export interface InsertOutcome {
  readonly result: 'inserted' | 'copied' | 'cancelled' | 'failed';
  /** The inserted or copied text (alt text as first written). */
  readonly text?: string;
  /** Files written or reused. */
  readonly files?: readonly SavedFile[];
  /** Every message shown to the user. */
  readonly notes: readonly string[];
}

export interface InsertHow {
  /** Ask for the size or video file first, then the alt text and the saved file's name (Insert as…). */
  readonly pick?: boolean;
  /** Overrides the mode setting (Save into Workspace and Insert). */
  readonly mode?: InsertMode;
}

export class MediaInserter extends Disposable {
  /** What its inserts left in each document, so the next one goes after them. */
  private readonly lastInserts = this._register(new LastInserts());
  private readonly used = this._register(new vscode.EventEmitter<readonly MediaItem[]>());
  /** Media inserted, set as a cover, saved or copied (what Recent lists), newest first. */
  readonly onDidUse = this.used.event;

  constructor(
    private readonly shell: Shell,
    readonly deps: InserterDeps = defaultInserterDeps,
  ) {
    super();
  }

  // ---- the commands' entry points: the media come read (commandArgs.ts resolveMedia) ----------

  async copyUrl(args: InsertArgs): Promise<string | undefined> {
    try {
      const url = await copyUrl(this.shell, args, this.configFor(args));
      this.used.fire([args.media]);
      return url;
    } catch (error) {
      this.showFailure(error);
      return undefined;
    }
  }

  async copyCredit(args: InsertArgs): Promise<string | undefined> {
    const credit = await copyCredit(this.shell, args, this.configFor(args));
    this.used.fire([args.media]);
    return credit;
  }

  openOnService(args: InsertArgs): Promise<boolean> {
    return openOnService(this.shell, args);
  }

  /** stockMedia.setCoverImage / setCoverImageAs (host/cover/setCover.ts). */
  async setCover(items: readonly InsertArgs[], how: CoverHow): Promise<CoverOutcome> {
    const outcome = await setCover(this.shell, this.saving(), items, how);
    if (outcome.result === 'set') {
      this.shell.milestones.reach('coverSet');
      this.used.fire(items.slice(0, 1).map((a) => a.media));
    }
    return outcome;
  }

  // ---- the drop and paste providers' entry ----------------------------------------------------

  /** A pasted link's photo as the page's cover (paste.ts, its second kind): the front matter edit, or why not. */
  async coverPasteEdit(document: vscode.TextDocument, media: MediaItem, token: vscode.CancellationToken): ReturnType<typeof coverPasteEdit> {
    const cover = await coverPasteEdit(this.shell, this.saving(), document, { media }, token);
    if (cover && 'edit' in cover) this.used.fire([media]);
    return cover;
  }

  /** The snippet for media dropped or pasted into a document (saved into the workspace when the mode says so). */
  async snippetForDrop(
    document: vscode.TextDocument,
    media: readonly MediaItem[],
    token: vscode.CancellationToken,
    position?: vscode.Position,
  ): Promise<vscode.SnippetString | undefined> {
    try {
      const { config, plans } = planAll(this.shell, media.map((m) => ({ media: m })), {}, scopeOf(undefined, document));
      const notes: string[] = [];
      const prepared = await prepare(this.saving(), plans, document, config, config.mode, notes, token);
      if (prepared && token.isCancellationRequested) await prepared.written?.takeBack();
      if (!prepared || token.isCancellationRequested) return undefined;
      showNotes(notes);
      // Asked for when dropped, and for a paste only when its edit is the one applied.
      this.used.fire(media);
      return dropSnippet(document, prepared.pieces, prepared.family, position);
    } catch (error) {
      if (!token.isCancellationRequested) this.showFailure(error);
      return undefined;
    }
  }

  // ---- steps ----------------------------------------------------------------------------------

  private get platform(): HostPlatform {
    return this.deps.platform ?? this.shell.platform;
  }

  private saving(): Saving & { readonly trusted: boolean } {
    const deps = this.deps;
    return { shell: this.shell, platform: this.platform, fetch: deps.fetch, now: () => deps.now(), streamToDisk: deps.streamToDisk !== false, trusted: deps.isTrusted() };
  }

  /** The settings for a command's media: those of the editor it would go into. */
  private configFor(args: InsertArgs) {
    return readInsertConfig(scopeOf(args, currentEditor(this.shell.tracker)?.document));
  }

  /** Shows the failure; returns the sentence shown. */
  private showFailure(error: unknown): string {
    if (!(error instanceof InsertError)) this.shell.logger.error(`Could not insert: ${errorText(error)}`);
    return notifyFailure(this.shell, insertFailure(error));
  }

  /**
   * stockMedia.insert / insertAs / saveAndInsert. Insert as… asks for the size or video file,
   * then (one item) the alt text; then the media go into the target editor, or to the clipboard
   * without one.
   */
  async insert(all: readonly InsertArgs[], how: InsertHow = {}): Promise<InsertOutcome> {
    const [first] = all;
    if (!first) return { result: 'failed', notes: [showNoMedia()] };
    let choice: VariantChoice = {};
    let edited = all;
    if (how.pick) {
      const scope = scopeOf(first, currentEditor(this.shell.tracker)?.document);
      const config = readInsertConfig(scope);
      // Files to be saved (and saving possible): each size shows its file's size.
      const saves = (how.mode ?? first.mode ?? config.mode) === 'download' && this.deps.isTrusted();
      const fileSizes = saves ? { fetch: this.deps.fetch, timeoutMs: Math.min(5000, this.shell.config.timeoutMs) } : undefined;
      const picked = await pickVariant(first.media, { photoSize: config.photoSize, videoQuality: config.videoQuality, fileSizes });
      if (!picked) return { result: 'cancelled', notes: [] };
      choice = picked;
      // One item: its alt text, filled in as it would be inserted, can be changed first.
      if (all.length === 1) {
        let prefill: string;
        try {
          prefill = planFor(this.shell, first, choice, scope.languageId, config).facts.alt;
        } catch (error) {
          return { result: 'failed', notes: [this.showFailure(error)] };
        }
        const alt = await askAltText(first.media.kind, prefill);
        if (alt === undefined) return { result: 'cancelled', notes: [] };
        edited = [{ ...first, alt }];
      }
    }
    const editor = await targetEditor(this.shell.tracker, first.targetUri);
    if (!editor) {
      try {
        const { text, note } = await copyInstead(this.shell, edited, choice);
        this.used.fire(edited.map((a) => a.media));
        return { result: 'copied', text, notes: [note] };
      } catch (error) {
        return { result: 'failed', notes: [this.showFailure(error)] };
      }
    }
    return this.insertInto(editor, edited, choice, how.mode ?? first.mode, how.pick === true && edited.length === 1);
  }

  /** `askName`: when the file is saved into the workspace, its name is asked first (Insert as…). */
  private async insertInto(
    editor: vscode.TextEditor,
    all: readonly InsertArgs[],
    choice: VariantChoice,
    modeOverride: InsertMode | undefined,
    askName = false,
  ): Promise<InsertOutcome> {
    const document = editor.document;
    const notes: string[] = [];
    let prepared: Prepared | undefined;
    try {
      const { config, plans } = planAll(this.shell, all, choice, scopeOf(all[0], document));
      prepared = await prepare(this.saving(), plans, document, config, modeOverride ?? config.mode, notes, undefined, askName);
    } catch (error) {
      if (error instanceof vscode.CancellationError) return { result: 'cancelled', notes };
      const message = this.showFailureWithLinkFallback(error, all, choice);
      return { result: 'failed', notes: [...notes, message] };
    }
    if (!prepared) return { result: 'cancelled', notes };
    // Reveal and focus the target (the grid may have had focus); its cursors stay as they were.
    const shown = await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preserveFocus: false, preview: false });
    const ok = await insertItems(shown, prepared.pieces, prepared.family, this.lastInserts);
    showNotes(notes);
    if (!ok) {
      // Nothing will link to what the save wrote: taken back (never a file that was there already).
      await prepared.written?.takeBack();
      const message = editorRefusedMessage();
      void vscode.window.showErrorMessage(message);
      return { result: 'failed', notes: [...notes, message] };
    }
    this.shell.milestones.reach('inserted');
    this.used.fire(all.map((a) => a.media));
    return { result: 'inserted', text: plainText(prepared.pieces, prepared.family), files: prepared.files, notes };
  }

  /**
   * A failure, with *Retry* and *Insert as Link Instead* when a download or save failed
   * (nothing of it stayed: the save took back what it wrote). Both go into the same place:
   * the document and, while it is unchanged, the selections it had when the insert failed.
   */
  private showFailureWithLinkFallback(error: unknown, all: readonly InsertArgs[], choice: VariantChoice): string {
    if (!(error instanceof InsertError) || !error.offerLink) return this.showFailure(error);
    const retry = vscode.l10n.t('Retry');
    const asLink = vscode.l10n.t('Insert as Link Instead');
    const message = inert(error.message, NOTE_MAX);
    const again = retryContextOf(error);
    const place = again ? placeOf(again.document) : undefined;
    void vscode.window
      .showErrorMessage(message, retry, asLink)
      .then(async (picked) => {
        if (picked !== retry && picked !== asLink) return;
        const editor = (place && (await backTo(place))) ?? (await targetEditor(this.shell.tracker, all[0]?.targetUri));
        if (!editor) return;
        if (picked === asLink) return void (await this.insertInto(editor, all, choice, 'link'));
        // The same insert: its mode, and the file name typed for Insert as…, not asked again.
        const mode = again?.mode ?? 'download';
        const typed = again?.typedName;
        if (typed === undefined) return void (await this.insertInto(editor, all, choice, mode));
        await withTypedName(editor.document, typed, () => this.insertInto(editor, all, choice, mode, true));
      })
      .then(undefined, (failure: unknown) => this.shell.logger.error(`Could not insert again: ${errorText(failure)}`));
    return message;
  }
}

/** An insert's notes, each shown inert as a whole. */
function showNotes(notes: readonly string[]): void {
  for (const note of notes) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
}
