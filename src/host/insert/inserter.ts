// Inserting photos and videos into editors, the snippet writer: the commands' entry points
// (insert, insert as…, save and insert, copy the address or the credit, open on the service) and
// the drop and paste's snippet. The media go through the pipeline (prepare.ts: the size and alt
// text asked, the plans, the files saved) and in as snippets (snippets.ts), or to the clipboard
// when no editor is open; beside it the target editor (host/common/targetEditor.ts), the
// sentences (messages.ts).
import * as vscode from 'vscode';
import { inert } from '../../core/inert';
import type { MediaItem } from '../../core/model';
import { creditPlain } from '../../core/insert/credit';
import { creditWordsFor } from '../../core/insert/creditWords';
import { creditFacts, mediaFacts } from '../../core/insert/facts';
import { InsertError } from '../../core/insert/insertError';
import { familyLabel } from '../../core/insert/languages';
import { renderPlan } from '../../core/insert/plan';
import { Disposable } from '../common/dispose';
import { notifyFailure } from '../key/failureNotice';
import type { Services } from '../services';
import { backTo, currentEditor, placeOf, targetEditor } from '../common/targetEditor';
import type { InsertArgs } from '../common/commandArgs';
import { LastInserts } from './lastInserts';
import { copiedNote, editorRefusedMessage, errorText, insertFailure, NOTE_MAX, showNoMedia } from './messages';
import type { VariantChoice } from './pickVariant';
import { photoSizeFor, planFor, scopeOf, serviceOf } from './documentPlan';
import type { PipelineDeps, Prepared, PrepareRequest } from './prepare';
import { defaultPipelineDeps, MediaPipeline } from './prepare';
import type { SavedFile } from './writeNewFile';
import type { InsertMode } from './settings';
import { readInsertConfig } from './settings';
import { dropSnippet, insertItems, plainText } from './snippets';

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

/** How an insert into an editor goes once the media are chosen: the mode (else the setting's), the saved file's name asked or typed. */
type IntoHow = Partial<Pick<PrepareRequest, 'mode' | 'name'>>;

export class MediaInserter extends Disposable {
  /** What its inserts left in each document, so the next one goes after them. */
  private readonly lastInserts = this._register(new LastInserts());
  /** The steps every writer shares (the cover's too); what they used goes to Recent through its `onDidUse`. */
  readonly pipeline: MediaPipeline;

  constructor(
    private readonly services: Services,
    deps: PipelineDeps = defaultPipelineDeps,
  ) {
    super();
    this.pipeline = this._register(new MediaPipeline(services, deps));
  }

  // ---- the commands' entry points: the media come read (commandArgs.ts resolveMedia) ----------

  /** Copies the address of the media's file (the variant and quality the settings choose); resolves with it. */
  async copyUrl(args: InsertArgs): Promise<string | undefined> {
    try {
      const config = this.configFor(args);
      const facts = mediaFacts(args.media, {
        ...serviceOf(this.services),
        photoSize: photoSizeFor(args, {}, config),
        videoQuality: config.videoQuality,
        videoFileId: args.videoFileId,
      });
      await vscode.env.clipboard.writeText(facts.url);
      vscode.window.setStatusBarMessage(
        facts.kind === 'photo'
          ? vscode.l10n.t('Copied the address of the {0} image.', facts.variant)
          : vscode.l10n.t('Copied the address of the {0} video file.', facts.variant),
        4000,
      );
      this.pipeline.use([args.media]);
      return facts.url;
    } catch (error) {
      this.showFailure(error);
      return undefined;
    }
  }

  /** Copies the media's credit line as plain text, in the credit language the settings choose; resolves with it. */
  async copyCredit(args: InsertArgs): Promise<string> {
    const creditWords = creditWordsFor(this.configFor(args).creditLanguage, vscode.env.language);
    const credit = creditPlain(creditFacts(args.media, { ...serviceOf(this.services), creditWords }));
    await vscode.env.clipboard.writeText(credit);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the credit line.'), 4000);
    this.pipeline.use([args.media]);
    return credit;
  }

  /** Opens the media's page on the service; false (with a warning) when it has no safe https page. */
  async openOnService(args: InsertArgs): Promise<boolean> {
    const page = creditFacts(args.media, serviceOf(this.services)).pageUrl;
    if (!page) {
      void vscode.window.showWarningMessage(
        args.media.kind === 'photo'
          ? vscode.l10n.t('This photo has no safe https page address to open.')
          : vscode.l10n.t('This video has no safe https page address to open.'),
      );
      return false;
    }
    return vscode.env.openExternal(vscode.Uri.parse(page, true));
  }

  // ---- the drop and paste providers' entry ----------------------------------------------------

  /** The snippet for media dropped or pasted into a document (saved into the workspace when the mode says so). */
  async snippetForDrop(
    document: vscode.TextDocument,
    media: readonly MediaItem[],
    token: vscode.CancellationToken,
    position?: vscode.Position,
  ): Promise<vscode.SnippetString | undefined> {
    const scope = scopeOf(undefined, document);
    const config = readInsertConfig(scope);
    const items = media.map((m) => ({ media: m }));
    const done = await this.pipeline.prepare({ items, choice: {}, document, languageId: scope.languageId, config, mode: config.mode, token });
    if (done.status === 'failed' && !token.isCancellationRequested) this.showFailure(done.error);
    if (done.status !== 'prepared') return undefined;
    const { prepared } = done;
    if (token.isCancellationRequested) {
      await prepared.written?.takeBack();
      return undefined;
    }
    showNotes(done.notes);
    // Asked for when dropped, and for a paste only when its edit is the one applied.
    this.pipeline.use(media);
    return dropSnippet(document, prepared.pieces, prepared.family, position);
  }

  // ---- steps ----------------------------------------------------------------------------------

  /** The settings for a command's media: those of the editor it would go into. */
  private configFor(args: InsertArgs) {
    return readInsertConfig(scopeOf(args, currentEditor(this.services.tracker)?.document));
  }

  /** Shows the failure; returns the sentence shown. */
  private showFailure(error: unknown): string {
    if (!(error instanceof InsertError)) this.services.logger.error(`Could not insert: ${errorText(error)}`);
    return notifyFailure(this.services, insertFailure(error));
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
      const scope = scopeOf(first, currentEditor(this.services.tracker)?.document);
      const config = readInsertConfig(scope);
      const chosen = await this.pipeline.choose({ items: all, languageId: scope.languageId, config, mode: how.mode ?? first.mode ?? config.mode });
      if (chosen.status === 'cancelled') return { result: 'cancelled', notes: [] };
      if (chosen.status === 'failed') return { result: 'failed', notes: [this.showFailure(chosen.error)] };
      ({ choice, items: edited } = chosen);
    }
    const editor = await targetEditor(this.services.tracker, first.targetUri);
    if (!editor) {
      try {
        const { text, note } = await this.copyInstead(edited, choice);
        this.pipeline.use(edited.map((a) => a.media));
        return { result: 'copied', text, notes: [note] };
      } catch (error) {
        return { result: 'failed', notes: [this.showFailure(error)] };
      }
    }
    return this.insertInto(editor, edited, choice, { mode: how.mode ?? first.mode, ...(how.pick === true && edited.length === 1 ? { name: {} } : {}) });
  }

  /** No editor to insert into: the insert's text (links, never saved files) goes to the clipboard, with a note. */
  private async copyInstead(all: readonly InsertArgs[], choice: VariantChoice): Promise<{ text: string; note: string }> {
    const languageId = all[0]?.languageId ?? 'markdown';
    const config = readInsertConfig({ languageId });
    const plans = all.map((a) => planFor(this.services, a, choice, languageId, config));
    const family = plans[0]?.family ?? 'markdown';
    const text = plainText(plans.map((p) => renderPlan(p)), family);
    await vscode.env.clipboard.writeText(text);
    const note = copiedNote(plans, familyLabel(family));
    void vscode.window.showInformationMessage(note);
    return { text, note };
  }

  private async insertInto(editor: vscode.TextEditor, all: readonly InsertArgs[], choice: VariantChoice, how: IntoHow): Promise<InsertOutcome> {
    const document = editor.document;
    const scope = scopeOf(all[0], document);
    const config = readInsertConfig(scope);
    const mode = how.mode ?? config.mode;
    const done = await this.pipeline.prepare({ items: all, choice, document, languageId: scope.languageId, config, mode, ...(how.name ? { name: how.name } : {}) });
    const notes = [...done.notes];
    if (done.status === 'cancelled') return { result: 'cancelled', notes };
    if (done.status === 'failed') {
      // Retry and Insert as Link Instead go into the same place: the document and, while it is
      // unchanged, the selections it had when the save failed. Retry is this insert again, with
      // the file name typed for Insert as…, not asked again.
      const save = done.save;
      const place = save ? placeOf(document) : undefined;
      const again = async (asLink: boolean): Promise<void> => {
        const into = (place && (await backTo(place))) ?? (await targetEditor(this.services.tracker, all[0]?.targetUri));
        const typed = save?.typed !== undefined ? { name: { typed: save.typed } } : {};
        if (into) await this.insertInto(into, all, choice, asLink ? { mode: 'link' } : { mode: 'download', ...typed });
      };
      return { result: 'failed', notes: [...notes, this.showFailureWithLinkFallback(done.error, again)] };
    }
    const { prepared } = done;
    // Reveal and focus the target (the grid may have had focus); its cursors stay as they were.
    const shown = await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preserveFocus: false, preview: false });
    const ok = await this.putIn(shown, all, prepared);
    showNotes(notes);
    if (!ok) {
      const message = editorRefusedMessage();
      void vscode.window.showErrorMessage(message);
      return { result: 'failed', notes: [...notes, message] };
    }
    return { result: 'inserted', text: plainText(prepared.pieces, prepared.family), files: prepared.files, notes };
  }

  /** The prepared items into the editor at its selections, one undo step; what the save wrote taken back when the editor refused. */
  private async putIn(editor: vscode.TextEditor, all: readonly InsertArgs[], prepared: Prepared): Promise<boolean> {
    const ok = await insertItems(editor, prepared.pieces, prepared.family, this.lastInserts);
    if (!ok) {
      // Nothing will link to what the save wrote: taken back (never a file that was there already).
      await prepared.written?.takeBack();
      return false;
    }
    this.services.milestones.reach('inserted');
    this.pipeline.use(all.map((a) => a.media));
    return true;
  }

  /**
   * The insert told rather than asked (the agent's stockMedia_insert, host/agent/writeTools.ts):
   * `items` into `document` at `position`, with the size and alt text given and the mode (else
   * the setting's), as the command inserts them; nothing is asked or shown but the document
   * (no progress notification for a save either), without taking the focus. A failure is
   * thrown (an InsertError's sentence), a cancellation as vscode.CancellationError; either
   * leaves no file saved and the document as it was.
   */
  async insertAt(
    document: vscode.TextDocument,
    position: vscode.Position,
    items: readonly InsertArgs[],
    told: { readonly choice: VariantChoice; readonly mode?: InsertMode; readonly token?: vscode.CancellationToken },
  ): Promise<{ readonly text: string; readonly files: readonly SavedFile[]; readonly notes: readonly string[]; readonly plans: Prepared['plans'] }> {
    const scope = scopeOf(items[0], document);
    const config = readInsertConfig(scope);
    const { choice, token } = told;
    // Saved quietly: the chat shows the tool running, and its token cancels the save.
    const done = await this.pipeline.prepare({ items, choice, document, languageId: scope.languageId, config, mode: told.mode ?? config.mode, quiet: true, ...(token ? { token } : {}) });
    if (done.status === 'cancelled') throw new vscode.CancellationError();
    if (done.status === 'failed') throw done.error;
    const { prepared } = done;
    const visible = vscode.window.visibleTextEditors.find((e) => e.document === document);
    const editor = visible ?? (await vscode.window.showTextDocument(document, { preserveFocus: true, preview: false }));
    if (token?.isCancellationRequested) {
      await prepared.written?.takeBack();
      throw new vscode.CancellationError();
    }
    editor.selections = [new vscode.Selection(position, position)];
    if (!(await this.putIn(editor, items, prepared))) throw new InsertError(editorRefusedMessage);
    return { text: plainText(prepared.pieces, prepared.family), files: prepared.files, notes: done.notes, plans: prepared.plans };
  }

  /**
   * A failure, with *Retry* and *Insert as Link Instead* when a download or save failed
   * (nothing of it stayed: the save took back what it wrote): `again` runs the insert again, or as links.
   */
  private showFailureWithLinkFallback(error: unknown, again: (asLink: boolean) => Promise<void>): string {
    if (!(error instanceof InsertError) || !error.offerLink) return this.showFailure(error);
    const retry = vscode.l10n.t('Retry');
    const asLink = vscode.l10n.t('Insert as Link Instead');
    const message = inert(error.message, NOTE_MAX);
    void vscode.window
      .showErrorMessage(message, retry, asLink)
      .then(async (picked) => {
        if (picked === retry || picked === asLink) await again(picked === asLink);
      })
      .then(undefined, (failure: unknown) => this.services.logger.error(`Could not insert again: ${errorText(failure)}`));
    return message;
  }
}

/** An insert's notes, each shown inert as a whole. */
function showNotes(notes: readonly string[]): void {
  for (const note of notes) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
}
