// Inserting photos and videos into editors: the target editor, the format for its
// language, the settings for its document, saving into the workspace when asked, and one
// snippet at every cursor (one undo step). Also the copy and open commands.
import * as vscode from 'vscode';
import { ContextKey } from '../commandIds';
import { cleanServerText } from '../../core/errors';
import { inert } from '../../core/inert';
import type { MediaItem } from '../../core/model';
import { creditPlain } from '../../core/insert/credit';
import type { LineContext } from '../../core/insert/block';
import { blockPadding, layoutBlock, layoutSnippet } from '../../core/insert/block';
import type { DocumentLocation, DownloadTarget } from '../../core/insert/destination';
import { downloadTarget, linkFromDocument } from '../../core/insert/destination';
import { creditFacts, mediaFacts } from '../../core/insert/facts';
import { InsertError, isInsertError } from '../../core/insert/insertError';
import { familyLabel, formatFamily } from '../../core/insert/languages';
import type { FormatFamily } from '../../core/insert/languages';
import { creditWordsFor } from '../../core/insert/creditWords';
import { encodeRelativePath } from '../../core/insert/links';
import { downloadFileName, extensionFor } from '../../core/insert/naming';
import { basename, dirname, relativePath } from '../../core/insert/paths';
import { companionFileName, savedFileName } from '../../core/insert/edit';
import { askAltText, askFileName } from './editBoxes';
import type { Piece } from '../../core/insert/pieces';
import { text as literal, toPlainText, toSnippet } from '../../core/insert/pieces';
import type { InsertPlan, LocalAssets } from '../../core/insert/plan';
import { planInsert, renderPlan } from '../../core/insert/plan';
import { Disposable } from '../dispose';
import type { EditorTracker } from '../editorTracker';
import type { Shell } from '../shell';
import type { InsertArgs } from '../commandArgs';
import { concatBytes } from '../../core/bytes';
import { hostPlatform } from '../platform';
import type { HostPlatform } from '../platform';
import { DownloadTooLarge, openDownload } from './download';
import { LastInserts } from './lastInserts';
import { containmentProblem } from './containment';
import { pickVariant } from './pickVariant';
import type { VariantChoice } from './pickVariant';
import { saveFile } from './saveFile';
import type { SavedFile } from './saveFile';
import type { InsertConfig, InsertMode } from './settings';
import { readInsertConfig } from './settings';
import { writeFailure } from './writeFailure';
import { WrittenFiles } from './writtenFiles';
import type { LedgerFs } from './writtenFiles';

/** What the inserter needs from outside, replaceable in tests (the test host runs with trust off). */
/** Whether the `stockMedia.hasInserted` context key was set in this window. */
let insertedInThisWindow = false;

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

interface Prepared {
  readonly pieces: readonly Piece[][];
  readonly family: FormatFamily;
  readonly files: readonly SavedFile[];
  /** What the save wrote, to take back when nothing will link to it (the editor refused, a drop was cancelled). */
  readonly written?: WrittenFiles;
}

type Located = { readonly location: DocumentLocation; readonly base: vscode.Uri; readonly note?: string } | { readonly reason: string };

const SEPARATORS: Record<FormatFamily, string> = { markdown: '\n\n', html: '\n\n', jsx: '\n\n', css: ', ', plain: '\n' };

/** What is being inserted, for whole translated sentences (German articles differ by case). */
type Subject = { readonly kind: 'photo' | 'video' } | { readonly kind: 'items'; readonly count: number };

/**
 * The notes and failures of an insert quote templates, settings keys, file names and what
 * a file server sent; each is shown inert as a whole (no message of this file holds a link).
 */
const NOTE_MAX = 1000;

function subject(plans: readonly InsertPlan[]): Subject {
  if (plans.length > 1) return { kind: 'items', count: plans.length };
  return { kind: plans[0]?.facts.kind === 'video' ? 'video' : 'photo' };
}

function copiedNote(what: Subject, format: string): string {
  switch (what.kind) {
    case 'photo':
      return vscode.l10n.t('No editor is open, so the {0} for the photo was copied to the clipboard.', format);
    case 'video':
      return vscode.l10n.t('No editor is open, so the {0} for the video was copied to the clipboard.', format);
    case 'items':
      return vscode.l10n.t('No editor is open, so the {0} for the {1} items was copied to the clipboard.', format, what.count);
  }
}

function untrustedNote(what: Subject): string {
  switch (what.kind) {
    case 'photo':
      return vscode.l10n.t('This workspace is not trusted, so the photo was inserted as a link instead of being saved into it.');
    case 'video':
      return vscode.l10n.t('This workspace is not trusted, so the video was inserted as a link instead of being saved into it.');
    case 'items':
      return vscode.l10n.t('This workspace is not trusted, so the {0} items were inserted as links instead of being saved into it.', what.count);
  }
}

function savingTitle(what: Subject, files: number): string {
  if (files !== 1) return vscode.l10n.t('Saving {0} files into the workspace', files);
  switch (what.kind) {
    case 'photo':
      return vscode.l10n.t('Saving the photo into the workspace');
    case 'video':
      return vscode.l10n.t('Saving the video into the workspace');
    case 'items':
      return vscode.l10n.t('Saving the {0} items into the workspace', what.count);
  }
}

/** Megabytes with one decimal, in the display language's number format. */
function megabytes(bytes: number): string {
  return (bytes / 1048576).toLocaleString(vscode.env.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** The text around a selection, for the block layout (block.ts). */
function lineContext(document: vscode.TextDocument, range: vscode.Range): LineContext {
  return {
    lineBefore: document.lineAt(range.start.line).text.slice(0, range.start.character),
    lineAfter: document.lineAt(range.end.line).text.slice(range.end.character),
    previousLine: range.start.line > 0 ? document.lineAt(range.start.line - 1).text : undefined,
    nextLine: range.end.line < document.lineCount - 1 ? document.lineAt(range.end.line + 1).text : undefined,
  };
}

/**
 * Makes room for a block insert at every place in `selections`: the padding each one needs
 * (blank lines, a line break and indentation) replaces its selection, and the cursor goes
 * between the padding's two halves, where the snippet then goes (`at`: the selections
 * themselves when no padding is needed). The same undo step as the snippet (no undo stop
 * after this edit). Undefined when the editor refused the edit.
 */
async function padSelections(
  editor: vscode.TextEditor,
  selections: readonly vscode.Selection[],
  family: FormatFamily,
  multiLine: boolean,
): Promise<{ edited: boolean; at: readonly vscode.Selection[] } | undefined> {
  const document = editor.document;
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  const ordered = [...selections]
    .map((selection) => {
      const padding = blockPadding(family, lineContext(document, selection), multiLine);
      return {
        selection,
        before: padding.before.replace(/\n/g, eol),
        after: padding.after.replace(/\n/g, eol),
        start: document.offsetAt(selection.start),
        end: document.offsetAt(selection.end),
      };
    })
    .sort((a, b) => a.start - b.start);
  if (ordered.every((o) => !o.before && !o.after)) return { edited: false, at: selections };
  const ok = await editor.edit(
    (builder) => {
      for (const o of ordered) builder.replace(o.selection, `${o.before}${o.after}`);
    },
    { undoStopBefore: true, undoStopAfter: false },
  );
  if (!ok) return undefined;
  let shift = 0;
  const cursors = ordered.map((o) => {
    const at = document.positionAt(o.start + shift + o.before.length);
    shift += o.before.length + o.after.length - (o.end - o.start);
    return new vscode.Selection(at, at);
  });
  editor.selections = cursors;
  return { edited: true, at: cursors };
}

/**
 * One cursor: the insert with its padding in it (block.ts), as one snippet, so one edit (one
 * undo step whatever the editor does between two edits) instead of the padding's and the
 * snippet's; `pieces`: the snippet laid out, for finding its tab stops in the document later.
 * Undefined for several cursors: the editor misplaces the tab stops of the second and later
 * copies of a snippet with line breaks before its tab stop in a CRLF document, so those
 * are padded first (padSelections).
 */
function wholeSnippet(
  document: vscode.TextDocument,
  selections: readonly vscode.Selection[],
  items: readonly (readonly Piece[])[],
  family: FormatFamily,
): { snippet: string; pieces: Piece[] } | undefined {
  const [selection] = selections;
  if (!selection || selections.length > 1) return undefined;
  const separator = SEPARATORS[family];
  const context = lineContext(document, selection);
  // The editor puts the line's whitespace up to the cursor in front of each further line itself.
  const lineIndent = /^[ \t]*/.exec(context.lineBefore)?.[0] ?? '';
  const joined = items.flatMap((p, i) => (i === 0 ? p : [literal(separator), ...p]));
  return { snippet: layoutSnippet(items, separator, family, context, lineIndent), pieces: layoutBlock(joined, family, context, lineIndent) };
}

/** The note for a file too large to hold in a browser's memory (no streaming to disk there): it is linked instead. */
function tooLargeForBrowserNote(kind: 'video' | 'image', limit: number): string {
  const megabytes = Math.round(limit / 1048576);
  return kind === 'video'
    ? vscode.l10n.t('The video is larger than {0} MB, and the browser cannot stream a file that large to disk, so it was inserted as a link instead of being saved.', megabytes)
    : vscode.l10n.t('The image is larger than {0} MB, and the browser cannot stream a file that large to disk, so it was inserted as a link instead of being saved.', megabytes);
}

/** Why files may not be saved at `target` (outside every workspace folder, or out through a link), or undefined. */
async function refusedDestination(target: DownloadTarget, base: vscode.Uri, platform: HostPlatform): Promise<string | undefined> {
  const source = target.source === 'default' ? undefined : target.source;
  if (target.problem === 'home' && source) {
    return vscode.l10n.t('The setting {0} starts with “~”, which does not mean your home folder here, so the file was linked instead of saved.', source);
  }
  if (target.problem !== undefined || target.root === undefined) {
    return source
      ? vscode.l10n.t('The setting {0} points outside the workspace folders, so the file was linked instead of saved.', source)
      : vscode.l10n.t('The folder for saved files is outside the workspace folders, so the file was linked instead of saved.');
  }
  const folder = base.with({ path: dirname(target.path), query: '', fragment: '' });
  switch (await containmentProblem(folder, base.with({ path: target.root, query: '', fragment: '' }), platform.disk)) {
    case 'leaves':
      return vscode.l10n.t('The folder for saved files leads out of the workspace folder through a symbolic link, so the file was linked instead of saved.');
    case 'uncheckedLink':
      return vscode.l10n.t(
        'The folder for saved files is reached through a symbolic link, and where it leads cannot be checked here, so the file was linked instead of saved.',
      );
    case undefined:
      return undefined;
  }
}

/** What Retry needs to run a failed insert again: where, how, and the name typed for Insert as…. */
interface RetryContext {
  readonly document: vscode.TextDocument;
  readonly mode: InsertMode;
  readonly typedName: string | undefined;
}

/** Each failed save's context, by its error (prepare sets it, the failure's notification reads it). */
const retryContexts = new WeakMap<InsertError, RetryContext>();
/** The name to use instead of asking, while Insert as… is retried for a document. */
const retryNames = new WeakMap<vscode.TextDocument, string>();

/** Where an insert was going when it failed: the document's editor and its selections then. */
interface Place {
  readonly document: vscode.TextDocument;
  readonly version: number;
  readonly viewColumn: vscode.ViewColumn | undefined;
  readonly selections: readonly vscode.Selection[] | undefined;
}

function placeOf(document: vscode.TextDocument): Place {
  const active = vscode.window.activeTextEditor;
  const editor = active?.document === document ? active : vscode.window.visibleTextEditors.find((e) => e.document === document);
  return { document, version: document.version, viewColumn: editor?.viewColumn, selections: editor?.selections };
}

/** The place's editor, shown, with its selections back when the document has not changed since; undefined when it was closed. */
async function backTo(place: Place): Promise<vscode.TextEditor | undefined> {
  if (place.document.isClosed) return undefined;
  const editor = await vscode.window.showTextDocument(place.document, { viewColumn: place.viewColumn, preview: false });
  const selections = place.selections;
  const same = (a: readonly vscode.Selection[], b: readonly vscode.Selection[]): boolean => a.length === b.length && a.every((s, i) => b[i]?.isEqual(s));
  if (selections && place.document.version === place.version && !same(editor.selections, selections)) editor.selections = [...selections];
  return editor;
}

/** The workspace's files for an insert's ledger (writtenFiles.ts): paths on `base`'s file system. */
function workspaceLedger(base: vscode.Uri): LedgerFs {
  const at = (path: string): vscode.Uri => base.with({ path, query: '', fragment: '' });
  return {
    exists: (path) => Promise.resolve(vscode.workspace.fs.stat(at(path))).then(
      () => true,
      () => false,
    ),
    list: async (path) => (await vscode.workspace.fs.readDirectory(at(path))).map(([name]) => name),
    remove: async (path) => vscode.workspace.fs.delete(at(path), { recursive: false, useTrash: false }),
  };
}

/** The folder files are saved into, as the user knows it: from the workspace folder's name. */
function shownFolder(folder: string, root: string): string {
  return folder === root ? basename(root) || folder : `${basename(root)}/${relativePath(root, folder)}`;
}

export class MediaInserter extends Disposable {
  /** Where it inserts: the Shell's tracker, shared with the grid. */
  private readonly tracker: EditorTracker;
  /** What its inserts left in each document, so the next one goes after them. */
  private readonly lastInserts = this._register(new LastInserts());

  constructor(
    private readonly shell: Shell,
    readonly deps: InserterDeps = defaultInserterDeps,
  ) {
    super();
    this.tracker = shell.tracker;
  }

  private get platform(): HostPlatform {
    return this.deps.platform ?? hostPlatform();
  }

  /** The active editor when it is a target, else the last one. */
  private currentEditor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    return this.tracker.isTarget(active) ? active : this.tracker.lastEditor;
  }

  // ---- commands -------------------------------------------------------------------------

  /** stockMedia.insert / insertAs / saveAndInsert: `all` is the command's media (commandArgs.ts resolveMedia), at least one. */
  async insert(all: readonly InsertArgs[], how: InsertHow = {}): Promise<InsertOutcome> {
    const first = all[0];
    if (!first) return { result: 'failed', notes: [] };
    let choice: VariantChoice = {};
    let edited = all;
    if (how.pick) {
      const scope = this.currentEditor();
      const languageId = first.languageId ?? scope?.document.languageId ?? 'markdown';
      const config = readInsertConfig({ uri: scope?.document.uri, languageId });
      const picked = await pickVariant(first.media, config);
      if (!picked) return { result: 'cancelled', notes: [] };
      choice = picked;
      // One item: its alt text, filled in as it would be inserted, can be changed first.
      if (all.length === 1) {
        let prefill: string;
        try {
          prefill = this.plan(first, choice, languageId, config).facts.alt;
        } catch (error) {
          return { result: 'failed', notes: [await this.showFailure(error)] };
        }
        const alt = await askAltText(first.media.kind, prefill);
        if (alt === undefined) return { result: 'cancelled', notes: [] };
        edited = [{ ...first, alt }];
      }
    }
    const editor = await this.targetEditor(first.targetUri);
    if (!editor) return this.copyInstead(edited, choice);
    return this.insertInto(editor, edited, choice, how.mode ?? first.mode, how.pick === true && edited.length === 1);
  }

  async copyUrl(args: InsertArgs): Promise<string | undefined> {
    try {
      const config = this.configFor(args);
      const facts = mediaFacts(args.media, {
        ...this.service(),
        photoVariant: args.variant ?? config.photoVariant,
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
      return facts.url;
    } catch (error) {
      await this.showFailure(error);
      return undefined;
    }
  }

  async copyCredit(args: InsertArgs): Promise<string | undefined> {
    const creditWords = creditWordsFor(this.configFor(args).creditLanguage, vscode.env.language);
    const credit = creditPlain(creditFacts(args.media, { ...this.service(), creditWords }));
    await vscode.env.clipboard.writeText(credit);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the credit line.'), 4000);
    return credit;
  }

  async openOnService(args: InsertArgs): Promise<boolean> {
    const page = creditFacts(args.media, this.service()).pageUrl;
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

  // ---- the drop provider's entry -------------------------------------------------------

  /** The snippet for media dropped into a document (saved into the workspace when the mode says so). */
  async snippetForDrop(
    document: vscode.TextDocument,
    media: readonly MediaItem[],
    token: vscode.CancellationToken,
    position?: vscode.Position,
  ): Promise<vscode.SnippetString | undefined> {
    const args: InsertArgs[] = media.map((m) => ({ media: m }));
    try {
      const config = readInsertConfig({ uri: document.uri, languageId: document.languageId });
      const plans = args.map((a) => this.plan(a, {}, document.languageId, config));
      const notes: string[] = [];
      const prepared = await this.prepare(plans, document, config, config.mode, notes, token);
      if (prepared && token.isCancellationRequested) await prepared.written?.takeBack();
      if (!prepared || token.isCancellationRequested) return undefined;
      for (const note of notes) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
      if (!position) return new vscode.SnippetString(this.joinSnippet(prepared));
      // One snippet at one place: the padding goes into it. The editor puts the drop line's
      // whitespace (up to the drop) in front of each further line itself.
      const context = lineContext(document, new vscode.Range(position, position));
      const lineIndent = /^[ \t]*/.exec(context.lineBefore)?.[0] ?? '';
      return new vscode.SnippetString(layoutSnippet(prepared.pieces, SEPARATORS[prepared.family], prepared.family, context, lineIndent));
    } catch (error) {
      if (!token.isCancellationRequested) await this.showFailure(error);
      return undefined;
    }
  }

  // ---- steps ------------------------------------------------------------------------------

  private service(): { serviceName: string; serviceUrl: string } {
    return { serviceName: this.shell.config.serviceName, serviceUrl: this.shell.config.serviceUrl };
  }

  private configFor(args: InsertArgs): InsertConfig {
    const editor = this.currentEditor();
    return readInsertConfig({ uri: editor?.document.uri, languageId: args.languageId ?? editor?.document.languageId ?? 'markdown' });
  }

  private plan(args: InsertArgs, choice: VariantChoice, languageId: string, config: InsertConfig): InsertPlan {
    return planInsert({
      media: args.media,
      languageId,
      ...this.service(),
      settings: { ...config, photoVariant: args.variant ?? choice.variant ?? config.photoVariant },
      videoFileId: args.videoFileId ?? (args.media.kind === 'video' ? choice.videoFileId : undefined),
      creditWords: creditWordsFor(config.creditLanguage, vscode.env.language),
      ...(args.alt !== undefined ? { alt: args.alt } : {}),
    });
  }

  private async showFailure(error: unknown): Promise<string> {
    if (isInsertError(error)) {
      // Its sentence may quote a template, a settings key or a server's words.
      const message = inert(error.message, NOTE_MAX);
      void vscode.window.showErrorMessage(message);
      return message;
    }
    const detail = error instanceof Error ? error.message : String(error);
    this.shell.logger.error(`Could not insert: ${detail}`);
    const message = vscode.l10n.t('Could not insert: {0}', inert(detail));
    void vscode.window.showErrorMessage(message);
    return message;
  }

  /** The editor to insert into: the one named by the grid, else the active (or last active) one. */
  private async targetEditor(targetUri: string | undefined): Promise<vscode.TextEditor | undefined> {
    if (targetUri) {
      let uri: vscode.Uri | undefined;
      try {
        uri = vscode.Uri.parse(targetUri, true);
      } catch {
        uri = undefined;
      }
      if (uri) {
        const key = uri.toString();
        const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === key && this.tracker.isTarget(e));
        if (visible) return visible;
        const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key && !d.isClosed);
        const document = open ?? (await Promise.resolve(vscode.workspace.openTextDocument(uri)).catch(() => undefined));
        if (document) return vscode.window.showTextDocument(document, { preview: false });
      }
    }
    const active = vscode.window.activeTextEditor;
    if (this.tracker.isTarget(active)) return active;
    const last = this.tracker.lastEditor;
    if (!last) return undefined;
    if (vscode.window.visibleTextEditors.includes(last)) return last;
    // Hidden behind the grid in the same group: bring it back if its tab is still open.
    const key = last.document.uri.toString();
    const open = vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key));
    return open ? vscode.window.showTextDocument(last.document, { viewColumn: last.viewColumn, preview: false }) : undefined;
  }

  private async copyInstead(all: readonly InsertArgs[], choice: VariantChoice): Promise<InsertOutcome> {
    const first = all[0];
    const languageId = first?.languageId ?? 'markdown';
    try {
      const config = readInsertConfig({ languageId });
      const plans = all.map((a) => this.plan(a, choice, languageId, config));
      const family = plans[0]?.family ?? 'markdown';
      const text = plans.map((p) => toPlainText(renderPlan(p))).join(SEPARATORS[family]);
      await vscode.env.clipboard.writeText(text);
      const note = copiedNote(subject(plans), familyLabel(family));
      void vscode.window.showInformationMessage(note);
      return { result: 'copied', text, notes: [note] };
    } catch (error) {
      return { result: 'failed', notes: [await this.showFailure(error)] };
    }
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
    let plans: InsertPlan[];
    let config: InsertConfig;
    try {
      const languageId = all[0]?.languageId ?? document.languageId;
      config = readInsertConfig({ uri: document.uri, languageId });
      plans = all.map((a) => this.plan(a, choice, languageId, config));
      prepared = await this.prepare(plans, document, config, modeOverride ?? config.mode, notes, undefined, askName);
    } catch (error) {
      if (error instanceof vscode.CancellationError) return { result: 'cancelled', notes };
      const message = await this.showFailureWithLinkFallback(error, all, choice);
      return { result: 'failed', notes: [...notes, message] };
    }
    if (!prepared) return { result: 'cancelled', notes };
    const snippet = this.joinSnippet(prepared);
    // Reveal and focus the target (the grid may have had focus); its cursors stay as they were.
    const shown = await vscode.window.showTextDocument(document, { viewColumn: editor.viewColumn, preserveFocus: false, preview: false });
    const multiLine = prepared.pieces.length > 1 || prepared.pieces.some((p) => toPlainText(p).includes('\n'));
    // Never into a selection an earlier insert left (its alt text, selected or typed over): after that insert's block.
    const targets = this.lastInserts.targets(document, shown.selections);
    // Out of the alt text first: that ends the earlier insert's snippet mode, and the undo
    // step the editor closes then falls before this insert's edits, not between them.
    if (targets.length !== shown.selections.length || targets.some((t, i) => !t.isEqual(shown.selections[i] ?? t))) shown.selections = targets;
    const inserting = this.lastInserts.begin(document);
    const whole = wholeSnippet(document, targets, prepared.pieces, prepared.family);
    let padded: Awaited<ReturnType<typeof padSelections>>;
    let ok = false;
    // A read-only editor can answer true to insertSnippet and change nothing: the version tells.
    const versionBefore = document.version;
    try {
      if (whole) {
        // One edit, so one undo step whatever the editor does between edits.
        inserting.snippetNext();
        ok = await shown.insertSnippet(new vscode.SnippetString(whole.snippet), targets, { undoStopBefore: true, undoStopAfter: true });
      } else {
        padded = await padSelections(shown, targets, prepared.family, multiLine);
        inserting.snippetNext();
        ok = padded !== undefined && (await shown.insertSnippet(new vscode.SnippetString(snippet), padded.at, { undoStopBefore: !padded.edited, undoStopAfter: true }));
      }
      ok &&= document.version !== versionBefore;
    } finally {
      const pieces = whole?.pieces ?? prepared.pieces.flatMap((p, i) => (i === 0 ? p : [literal(SEPARATORS[prepared.family]), ...p]));
      inserting.done(ok ? { editor: shown, pieces } : undefined);
    }
    for (const note of notes) void vscode.window.showInformationMessage(inert(note, NOTE_MAX));
    // The padding alone is not left behind.
    if (!ok && padded?.edited) await vscode.commands.executeCommand('undo');
    if (!ok) {
      // Nothing will link to what the save wrote: taken back (never a file that was there already).
      await prepared.written?.takeBack();
      const message = vscode.l10n.t('The editor did not accept the insert (is it read-only?).');
      void vscode.window.showErrorMessage(message);
      return { result: 'failed', notes: [...notes, message] };
    }
    const text = prepared.pieces.map((p) => toPlainText(p)).join(SEPARATORS[prepared.family]);
    // The walkthrough's "insert" step: told once per window, not on every insert.
    if (!insertedInThisWindow) {
      insertedInThisWindow = true;
      void vscode.commands.executeCommand('setContext', ContextKey.hasInserted, true);
    }
    return { result: 'inserted', text, files: prepared.files, notes };
  }

  /**
   * A failure, with *Retry* and *Insert as Link Instead* when a download or save failed
   * (nothing of it stayed: saveAll took back what it wrote). Both go into the same place:
   * the document and, while it is unchanged, the selections it had when the insert failed.
   */
  private async showFailureWithLinkFallback(error: unknown, all: readonly InsertArgs[], choice: VariantChoice): Promise<string> {
    if (!(error instanceof InsertError) || !error.offerLink) return this.showFailure(error);
    const retry = vscode.l10n.t('Retry');
    const asLink = vscode.l10n.t('Insert as Link Instead');
    const message = inert(error.message, NOTE_MAX);
    const again = retryContexts.get(error);
    const place = again ? placeOf(again.document) : undefined;
    void vscode.window
      .showErrorMessage(message, retry, asLink)
      .then(async (picked) => {
        if (picked !== retry && picked !== asLink) return;
        const editor = (place && (await backTo(place))) ?? (await this.targetEditor(all[0]?.targetUri));
        if (!editor) return;
        if (picked === asLink) return void (await this.insertInto(editor, all, choice, 'link'));
        // The same insert: its mode, and the file name typed for Insert as…, not asked again.
        const typed = again?.typedName;
        if (typed !== undefined) retryNames.set(editor.document, typed);
        try {
          await this.insertInto(editor, all, choice, again?.mode ?? 'download', typed !== undefined);
        } finally {
          retryNames.delete(editor.document);
        }
      })
      .then(undefined, (failure: unknown) => this.shell.logger.error(`Could not insert again: ${failure instanceof Error ? failure.message : String(failure)}`));
    return message;
  }

  private joinSnippet(prepared: Prepared): string {
    // Several items: each gets its own tab stop, in order.
    return prepared.pieces.map((p, i) => toSnippet(p, i + 1)).join(SEPARATORS[prepared.family]);
  }

  /**
   * Renders the plans, first saving the files they link to when the mode is `download`
   * and saving is possible; otherwise links, with a note saying why.
   */
  private async prepare(
    plans: readonly InsertPlan[],
    document: vscode.TextDocument,
    config: InsertConfig,
    mode: InsertMode,
    notes: string[],
    token?: vscode.CancellationToken,
    askName = false,
  ): Promise<Prepared | undefined> {
    const family = plans[0]?.family ?? formatFamily(document.languageId);
    const linked = (): Prepared => ({ pieces: plans.map((p) => renderPlan(p)), family, files: [] });
    if (mode !== 'download') return linked();
    if (!this.deps.isTrusted()) {
      notes.push(untrustedNote(subject(plans)));
      return linked();
    }
    if (plans.some((p) => p.uses.url && p.facts.fileType === 'application/x-mpegURL')) {
      notes.push(vscode.l10n.t('An HLS stream is many files, not one, so it was inserted as a link instead of being saved.'));
      return linked();
    }
    const located = this.locate(document);
    if ('reason' in located) {
      notes.push(located.reason);
      return linked();
    }
    if (located.note) notes.push(located.note);
    // Where the files would go, checked before anything is downloaded.
    const probe = downloadTarget({
      downloadFolder: config.downloadFolder,
      copyFiles: config.copyFilesDestination,
      doc: located.location,
      fileName: 'file',
      now: this.deps.now(),
    });
    const refused = await refusedDestination(probe, located.base, this.platform);
    if (refused) {
      notes.push(refused);
      return linked();
    }
    let typedName: string | undefined;
    const only = plans.length === 1 ? plans[0] : undefined;
    if (askName && only?.uses.url) {
      // Retry after a failed Insert as…: the name typed then.
      typedName = retryNames.get(document) ?? (await this.askSavedName(only, located, config, probe));
      if (typedName === undefined) return undefined;
    }
    const files: SavedFile[] = [];
    // What this insert writes, taken back if a later file fails, the user cancels, or nothing links to it.
    const written = new WrittenFiles(workspaceLedger(located.base));
    let locals: LocalAssets[] | undefined;
    try {
      locals = await this.saveAll(plans, located, config, files, written, notes, token, typedName);
    } catch (error) {
      // What Retry needs to run this insert again (showFailureWithLinkFallback).
      if (error instanceof InsertError) retryContexts.set(error, { document, mode, typedName });
      throw error;
    }
    if (!locals) return undefined;
    return { pieces: plans.map((p, i) => renderPlan(p, locals[i])), family, files, written };
  }

  /**
   * Asks for the saved file's name (Insert as…), filled in by the naming rule with the
   * extension the address suggests; undefined when the user pressed Escape. A name must stay
   * a plain file name in the folder the settings chose (the same destination rules as always).
   */
  private async askSavedName(
    plan: InsertPlan,
    located: Extract<Located, { location: DocumentLocation }>,
    config: InsertConfig,
    probe: DownloadTarget,
  ): Promise<string | undefined> {
    const guessed = extensionFor(undefined, plan.facts.url, plan.facts.fileType) ?? (plan.facts.kind === 'photo' ? 'jpg' : 'mp4');
    const prefill = downloadFileName(this.shell.config.serviceName, plan.facts.id, plan.facts.variant, guessed);
    const folder = dirname(probe.path);
    const root = probe.root ?? folder;
    const shownFolder = folder === root ? basename(root) || folder : `${basename(root)}/${relativePath(root, folder)}`;
    const where = (typed: string): string | undefined => {
      const target = downloadTarget({
        downloadFolder: config.downloadFolder,
        copyFiles: config.copyFilesDestination,
        doc: located.location,
        fileName: savedFileName(typed, guessed),
        now: this.deps.now(),
      });
      return target.problem === undefined && target.root !== undefined && dirname(target.path) === folder
        ? undefined
        : vscode.l10n.t('That name would put the file outside the folder for saved files.');
    };
    return askFileName(prefill, shownFolder, where);
  }

  private locate(document: vscode.TextDocument): Located {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (document.isUntitled) {
      const folder = folders[0];
      if (!folder) return { reason: vscode.l10n.t('The document is not saved and no folder is open, so the file was linked instead of saved.') };
      return {
        location: {
          path: `${folder.uri.path.replace(/\/$/, '')}/${basename(document.uri.path) || 'Untitled'}`,
          workspaceFolder: folder.uri.path,
          workspaceFolders: folders.map((f) => f.uri.path),
        },
        base: folder.uri,
        note: vscode.l10n.t('The document is not saved yet, so the file went into the folder “{0}” and the link is relative to it.', folder.name),
      };
    }
    if (vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === false) {
      return {
        reason: vscode.l10n.t('Files cannot be written next to this document ({0}:), so the file was linked instead of saved.', document.uri.scheme),
      };
    }
    const own = vscode.workspace.getWorkspaceFolder(document.uri);
    const sameFs = folders.filter((f) => f.uri.scheme === document.uri.scheme && f.uri.authority === document.uri.authority);
    return {
      location: { path: document.uri.path, workspaceFolder: own?.uri.path, workspaceFolders: sameFs.map((f) => f.uri.path) },
      base: document.uri,
    };
  }

  private async saveAll(
    plans: readonly InsertPlan[],
    located: Extract<Located, { location: DocumentLocation }>,
    config: InsertConfig,
    files: SavedFile[],
    written: WrittenFiles,
    notes: string[],
    outerToken?: vscode.CancellationToken,
    typedName?: string,
  ): Promise<LocalAssets[] | undefined> {
    const platform = this.platform;
    const jobs = plans.flatMap((plan, index) => [
      ...(plan.uses.url ? [{ index, role: 'url' as const, address: plan.facts.url, label: plan.facts.variant }] : []),
      ...(plan.uses.poster && plan.facts.poster ? [{ index, role: 'poster' as const, address: plan.facts.poster, label: 'poster' }] : []),
    ]);
    const locals: { url?: string; poster?: string }[] = plans.map(() => ({}));
    const title = savingTitle(subject(plans), jobs.length);
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const abort = new AbortController();
      const cancel = (): void => abort.abort();
      const subscriptions = [token.onCancellationRequested(cancel), ...(outerToken ? [outerToken.onCancellationRequested(cancel)] : [])];
      try {
        for (const [n, job] of jobs.entries()) {
          const plan = plans[job.index];
          if (!plan) continue;
          let reported = 0;
          const share = 100 / jobs.length;
          const disk = located.base.scheme === 'file' && this.deps.streamToDisk !== false ? platform.disk : undefined;
          // The web cannot stream to disk: a file too large for memory is linked, with a note, not refused.
          const linkWhenTooLarge = async <T>(step: Promise<T>): Promise<T | undefined> => {
            try {
              return await step;
            } catch (error) {
              if (!(error instanceof DownloadTooLarge) || platform.disk !== undefined) throw error;
              notes.push(tooLargeForBrowserNote(job.role === 'url' && plan.facts.kind === 'video' ? 'video' : 'image', error.limit));
              progress.report({ increment: share - reported });
              return undefined;
            }
          };
          const opened = await linkWhenTooLarge(openDownload(job.address, {
            fetch: this.deps.fetch,
            signal: abort.signal,
            idleTimeoutMs: this.shell.config.timeoutMs,
            maxBytes: disk ? disk.maxStreamBytes : platform.maxDownloadBytes,
            redirects: platform.downloadRedirects,
            browserFetch: platform.name === 'web',
            locale: vscode.env.language,
            onProgress: (received, total) => {
              const done = total ? Math.min(share, (received / total) * share) : 0;
              const amount = total
                ? vscode.l10n.t('{0} of {1} MB', megabytes(received), megabytes(total))
                : vscode.l10n.t('{0} MB', megabytes(received));
              progress.report({
                increment: done - reported,
                message: jobs.length > 1 ? vscode.l10n.t('{0} of {1}: {2}', n + 1, jobs.length, amount) : amount,
              });
              reported = done;
            },
          }));
          if (!opened) continue;
          const extension = extensionFor(opened.contentType, opened.url, job.role === 'url' ? plan.facts.fileType : undefined);
          if (!extension) {
            await opened.cancel();
            throw new InsertError(
              vscode.l10n.t(
                'The server sent “{0}”, not an image or video, so nothing was saved or inserted.',
                // The file server's header goes into a notification: no markup, no `[x](command:…)` link.
                cleanServerText(opened.contentType ?? '', 60) || vscode.l10n.t('no type'),
              ),
              { offerLink: true },
            );
          }
          const fileName =
            typedName === undefined
              ? downloadFileName(this.shell.config.serviceName, plan.facts.id, job.label, extension)
              : job.role === 'url'
                ? savedFileName(typedName, extension)
                : companionFileName(typedName, job.label, extension);
          const target = downloadTarget({
            downloadFolder: config.downloadFolder,
            copyFiles: config.copyFilesDestination,
            doc: located.location,
            fileName,
            now: this.deps.now(),
          });
          const refused = await refusedDestination(target, located.base, platform);
          if (refused) {
            await opened.cancel();
            throw new InsertError(refused, { offerLink: true });
          }
          const desired = located.base.with({ path: target.path, query: '', fragment: '' });
          // `refusedDestination` passed: the folder is inside its workspace folder.
          const root = target.root ?? dirname(target.path);
          await written.beforeWritingInto(dirname(target.path), root);
          let saved: SavedFile;
          let size: number;
          try {
            if (disk) {
              const folder = desired.with({ path: dirname(desired.path) });
              const stream = await disk.saveStream(folder.fsPath, basename(desired.path), opened);
              saved = { uri: vscode.Uri.joinPath(folder, basename(stream.path.replace(/\\/g, '/'))), reused: stream.reused };
              size = stream.bytes;
            } else {
              const chunks: Uint8Array[] = [];
              const read = await linkWhenTooLarge(opened.read((chunk) => void chunks.push(chunk)));
              if (read === undefined) continue;
              size = read;
              saved = await saveFile(desired, concatBytes(chunks, size), token);
            }
          } catch (error) {
            // A full disk or a folder that may not be written to, in words (a download's own failure passes as it is).
            throw writeFailure(error, shownFolder(dirname(target.path), root));
          }
          written.saved(saved.uri.path, saved.reused);
          files.push(saved);
          const link = encodeRelativePath(linkFromDocument(located.location.path, saved.uri.path));
          const local = locals[job.index];
          if (local) local[job.role] = link;
          this.shell.logger.info(`${saved.reused ? 'Reused' : 'Saved'} ${saved.uri.toString(true)} (${size} bytes${disk ? ', streamed to disk' : ''}).`);
          progress.report({ increment: share - reported });
        }
        return locals;
      } catch (error) {
        // Nothing of a failed or cancelled insert stays: the files it wrote before, the folders it made.
        const count = written.written.length;
        const left = await written.takeBack();
        if (count > 0) this.shell.logger.info(`Removed the ${count} file(s) this insert had saved, since it did not finish.`);
        for (const path of left) this.shell.logger.warn(`Could not remove ${path} after the insert failed.`);
        files.length = 0;
        if (token.isCancellationRequested || outerToken?.isCancellationRequested) return undefined;
        throw error;
      } finally {
        for (const s of subscriptions) s.dispose();
      }
    });
  }
}
