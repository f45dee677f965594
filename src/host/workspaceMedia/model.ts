// What In This Workspace shows: every service media the workspace's files use, by file, as
// the credits file's scan reads them (credits/scanWorkspace.ts). The scan runs once, when the
// view is first shown (or the agent's credit tools first ask: agent/creditTools.ts); from then on a changed file is read again alone (an edit, after the
// credit check's pause; a save, a new or a deleted file on disk), never the whole workspace.
// A whole scan again (Refresh, a setting that changes what counts) looks at each file's stamp
// (its size and time of change) and reads only the files changed since: what was made of the
// others (their uses and credit scopes) is kept. A file's uses are made as it is read (within
// the scan's slices), and a change makes again only the rows of the media it touches (a file
// that uses them, their look-up's answer), not every row. A file changed on disk is read again
// once it has been quiet for the credit check's pause, counted from its time of change (VS Code
// may tell of it a while later, or twice).
// The media's facts (the label, the author a credit must name) come through the credit
// check's look-ups (credits/lookup.ts): a media already known costs nothing; an unknown one is
// asked for only while the view is visible (or an agent's credit tool asks for it), a few at a
// time, within the look-ups' hourly budget, and once: what failed stays shown by its reference.
// A link being typed (a cursor on it, unsaved: typedLinks.ts) is asked for once the cursor leaves it.
import * as vscode from 'vscode';
import { formatFamily } from '../../core/insert/languages';
import { mediaUsesIn } from '../../core/mediaUses';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { MediaItem, MediaKind } from '../../core/model';
import type { FileUses, MediaGroup } from '../../core/workspaceMedia';
import { languageOfPath, usesInText } from '../../core/workspaceMedia';
import { Disposable } from '../common/dispose';
import type { Services } from '../services';
import type { MediaLookup } from '../credits/lookup';
import { BACKGROUND_HOURLY_BUDGET } from '../credits/lookup';
import type { Reuse, ScannedFile, Sources } from '../credits/scanWorkspace';
import { CREDITS_SOURCES, readSource, scan } from '../credits/scanWorkspace';
import { sourceAccess } from '../credits/sourceAccess';
import { KnownMedia } from './knownMedia';
import { CheckedByLanguage, creditsFileUri } from './scanSettings';
import { MediaIndex } from './mediaIndex';
import { Pauses } from './pauses';
import { TypedLinks } from './typedLinks';

/**
 * What the view's own look-ups leave of the hour's budget (credits/lookup.ts): the credit check's
 * share, for the media on screen. The view asks for each media once; a large workspace's rest
 * comes in the hours after.
 */
const LEFT_FOR_THE_CHECK = BACKGROUND_HOURLY_BUDGET / 2;

/** Changes arriving together are shown once. */
const CHANGE_COALESCE_MS = 50;

/** The settings a whole scan follows: the media hosts (core/trustedUrls.ts), the credit check's languages, the credits file. */
const RESCAN_SETTINGS = ['stockMedia.serviceUrl', 'stockMedia.apiBaseUrl', 'stockMedia.videoBaseUrl', 'stockMedia.creditCheck', 'stockMedia.creditsFile'];

export interface ScanStats {
  readonly files: number;
  readonly ms: number;
  /** A cap of the scan (credits/scanWorkspace.ts) cut the list of files. */
  readonly truncated: boolean;
}

export class WorkspaceMediaModel extends Disposable {
  /** Each file's uses, and each media's row made from them. */
  private readonly index: MediaIndex;
  /** The stamp (size, time of change) each kept file was read at, and the language it was read as: unchanged, it is not read again. */
  private readonly stamps = new Map<string, { readonly stamp: string; readonly languageId: string }>();
  /** Counts the changes of settings that decide what a file's uses are: a file read before one is not reused after it. */
  private generation = 0;
  /** The media looked up for the rows (known or failed). */
  private readonly known: KnownMedia;
  private sources: Sources | undefined;
  private scanning: Promise<void> | undefined;
  /** A whole scan asked for while one runs. */
  private queued: Promise<void> | undefined;
  /** While a whole scan runs: the files changed meanwhile, read again after it. */
  private changedInScan: Map<string, vscode.Uri> | undefined;
  private readonly pauses = this._register(new Pauses((uri) => this.reread(uri)));
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private lookingUp: Promise<void> | undefined;
  private lookUpAgain = false;
  private readonly typed = new TypedLinks();
  private readonly changed = this._register(new vscode.EventEmitter<readonly string[] | undefined>());
  /** The rows changed: the keys of the media whose groups changed, or undefined for the whole list. */
  readonly onDidChange = this.changed.event;
  /** The last whole scan: how many files were read, how long it took, whether a cap cut it. */
  lastScan: ScanStats | undefined;

  constructor(
    private readonly services: Services,
    lookup: MediaLookup,
    /** Whether the view is visible now: only then may an unknown media cost a request. */
    private readonly visible: () => boolean,
  ) {
    super();
    this.known = new KnownMedia(services, lookup, () => this.isDisposed);
    this.index = new MediaIndex(this.known);
    this._register({ dispose: () => clearTimeout(this.changeTimer) });
  }

  /** The first scan (once; later calls wait for it), then the watchers. */
  ready(): Promise<void> {
    if (!this.scanning) {
      // Changes are followed from the moment the first scan starts (a file made while it runs is
      // read after it), even when it fails (Refresh tries again).
      this.watch();
      this.scanning = this.scanAll();
      void this.scanning.catch((error: unknown) => {
        this.services.logger.warn(`In This Workspace: the scan failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
    return this.scanning;
  }

  /** Scans the whole workspace again (the view's Refresh); calls while one waits share it. */
  refresh(): Promise<void> {
    if (!this.scanning) return this.ready();
    this.queued ??= this.scanning
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        this.scanning = this.scanAll();
        return this.scanning;
      });
    return this.queued;
  }

  /** The media used, grouped (core/workspaceMedia.ts), as of now. */
  groups(): MediaGroup[] {
    return this.index.groups();
  }

  group(key: string): MediaGroup | undefined {
    return this.index.group(key);
  }

  /** The media's facts, when known. */
  media(kind: MediaKind, id: number): MediaItem | undefined {
    return this.known.get(kind, id);
  }

  /** Reads a file again now (after a fix; the watchers do it after a pause). */
  async reread(uri: vscode.Uri): Promise<void> {
    const key = uri.toString();
    // A whole scan under way would replace what is read now with what it read before: read after it.
    if (this.changedInScan) {
      this.changedInScan.set(key, uri);
      return;
    }
    const shown = this.sources?.shownPath(uri);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (shown === undefined || languageOfPath(uri.path) === 'plaintext' || key === creditsFileUri()?.toString()) {
      this.typed.forget(key);
      if (this.forget(key)) this.changedNow();
      return;
    }
    const generation = this.generation;
    const file: ScannedFile | undefined = open ? this.readOpen(open, uri, shown) : await readSource(this.services, uri, shown, { reuse: this.reuse() });
    if (!open) this.typed.forget(key);
    if (!file) this.forget(key);
    // Not read again (unchanged since it was, what is kept of it stays) unless the settings changed meanwhile.
    else if (file.text === undefined && generation !== this.generation) return this.reread(uri);
    else if (file.text !== undefined) this.keep(file, open?.languageId);
    this.changedNow();
  }

  /** Reads now the files waiting for their pause after a change (an edit just made): the list then says what they hold. */
  settle(): Promise<void> {
    return this.pauses.settle();
  }

  /** Whether the file is one the scan searches (not ignored nor excluded, a page format); undefined before the first scan. */
  searches(uri: vscode.Uri): boolean | undefined {
    return this.sources ? this.sources.shownPath(uri) !== undefined && languageOfPath(uri.path) !== 'plaintext' : undefined;
  }

  private async scanAll(): Promise<void> {
    const started = performance.now();
    const source = new vscode.CancellationTokenSource();
    const changed = (this.changedInScan = new Map<string, vscode.Uri>());
    const generation = this.generation;
    try {
      const checked = new CheckedByLanguage();
      // Each file's uses are made as it is read, within the scan's slices (read as the language
      // of its document when open, else of its name).
      const read: { file: ScannedFile; languageId: string; uses: FileUses | undefined }[] = [];
      const opened = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d.languageId]));
      const visit = (file: ScannedFile): void => {
        const languageId = opened.get(file.uri.toString()) ?? languageOfPath(file.uri.path);
        read.push({ file, languageId, uses: this.usesOf(file, languageId, checked) });
      };
      const result = await scan(this.services, creditsFileUri(), source.token, undefined, visit, this.reuse());
      // The documents as they are now that the files are read (one saved or reverted meanwhile is as on disk).
      const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
      this.sources = result.sources;
      // What unchanged files held, kept as it was; the rest made again.
      const before = this.index.snapshot();
      const stamps = new Map(this.stamps);
      this.index.clear();
      this.stamps.clear();
      for (const { file, languageId, uses } of read) {
        const key = file.uri.toString();
        // An open document's unsaved text is what the user sees.
        const doc = open.get(key);
        const kept = before.get(key);
        if (doc?.isDirty) {
          this.keep(this.readOpen(doc, file.uri, file.shown), doc.languageId, checked);
        } else if (file.text === undefined) {
          // Not read again: unchanged since it was (reuse() said so).
          const stamp = stamps.get(key);
          if (kept && stamp) {
            this.index.setFile(key, kept.shown === file.shown ? kept : { ...kept, shown: file.shown });
            this.stamps.set(key, stamp);
          }
        } else {
          // Made again only when its document was opened, closed or given another language while the scan ran.
          const now = doc?.languageId ?? languageOfPath(file.uri.path);
          this.keep(file, now, checked, now === languageId ? uses : undefined);
        }
      }
      this.index.outdated('all');
      this.index.keepFoldedInUse();
      // Read under settings changed since: not reused by the next scan (the change asked for one).
      if (generation !== this.generation) this.stamps.clear();
      this.lastScan = { files: read.length, ms: performance.now() - started, truncated: result.truncated };
      // The media the client knows are looked up before the rows are shown (free: no request), so they come with their labels.
      await this.lookUpKnown().catch(() => false);
    } finally {
      source.dispose();
      this.changedInScan = undefined;
    }
    this.changedNow();
    // What changed while the scan ran is read again, after it.
    for (const uri of changed.values()) void this.reread(uri);
  }

  /** An open document as its editor holds it; which of its links are being typed is noted. */
  private readOpen(document: vscode.TextDocument, uri: vscode.Uri, shown: string): ScannedFile {
    const text = document.getText();
    const refs = mediaUsesIn(text, mediaUrlOptions(this.services.config), formatFamily(document.languageId));
    this.typed.note(document, refs);
    return { uri, shown, text, refs, stamp: undefined };
  }

  /**
   * Whether a file unchanged since it was read need not be read again: it uses no media, or
   * this model keeps what it made of it at that stamp (read as the language its name says; an
   * open document is read from the editor).
   */
  private reuse(): Reuse {
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    return (uri, stamp, refs) => {
      const key = uri.toString();
      if (open.has(key)) return false;
      if (refs.length === 0) return true;
      const kept = this.stamps.get(key);
      return kept?.stamp === stamp && kept.languageId === languageOfPath(uri.path) && this.index.file(key) !== undefined;
    };
  }

  /** Every file is made again at the next scan. */
  private forgetStamps(): void {
    this.generation += 1;
    this.stamps.clear();
  }

  /** Forgets a file's uses; true when it had some. */
  private forget(key: string): boolean {
    this.stamps.delete(key);
    return this.index.setFile(key, undefined);
  }

  /** A file's uses read as `languageId`; undefined when it uses no media (or was not read). */
  private usesOf(file: ScannedFile, languageId: string, checked: CheckedByLanguage): FileUses | undefined {
    if (file.refs.length === 0 || file.text === undefined) return undefined;
    const on = checked.enabled(file.uri, languageId);
    return { uri: file.uri.toString(), shown: file.shown, checked: on, uses: usesInText(file.text, file.refs, formatFamily(languageId), on) };
  }

  /** Keeps a file's uses (only a file that uses media takes room). */
  private keep(file: ScannedFile, languageId = languageOfPath(file.uri.path), checked = new CheckedByLanguage(), uses = this.usesOf(file, languageId, checked)): void {
    const key = file.uri.toString();
    this.stamps.delete(key);
    this.index.setFile(key, uses);
    if (uses && file.stamp !== undefined) this.stamps.set(key, { stamp: file.stamp, languageId });
  }

  private watch(): void {
    const later = (uri: vscode.Uri, changedAt?: number): void => this.pauses.later(uri, changedAt);
    const watcher = this._register(vscode.workspace.createFileSystemWatcher(CREDITS_SOURCES));
    // A file open with unsaved changes is followed by its edits, not by its file on disk.
    const onDisk = (uri: vscode.Uri): void => {
      if (!vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.toString() === uri.toString())) later(uri, sourceAccess(this.services).changedAt(uri));
    };
    this._register(watcher.onDidCreate(onDisk));
    this._register(watcher.onDidChange(onDisk));
    this._register(watcher.onDidDelete((uri) => later(uri)));
    this._register(
      vscode.workspace.onDidChangeTextDocument((e) => {
        const followed = this.changedInScan !== undefined || this.index.file(e.document.uri.toString()) !== undefined || this.sources?.shownPath(e.document.uri) !== undefined;
        if (e.contentChanges.length > 0 && followed) later(e.document.uri);
      }),
    );
    // The cursor left a link being typed: its media may be asked for now.
    this._register(vscode.window.onDidChangeTextEditorSelection((e) => this.typed.moved(e.textEditor.document) && void this.lookUp()));
    // Closed without saving: the file on disk is what counts again.
    this._register(vscode.workspace.onDidCloseTextDocument((d) => (this.changedInScan !== undefined || this.index.file(d.uri.toString()) !== undefined) && later(d.uri)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        // What decides which links are the service's, which files are checked and which is the credits file: read again.
        if (RESCAN_SETTINGS.some((s) => e.affectsConfiguration(s))) {
          // Whether a file is checked, and which links are the service's, may have changed: every file made again.
          this.forgetStamps();
          void this.refresh();
        }
        // The service's name (a credit may name it): the same uses judged again.
        else if (e.affectsConfiguration('stockMedia.serviceName')) {
          this.index.outdated('all');
          this.changedNow();
        }
      }),
    );
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        // A path as shown may now name its folder.
        this.forgetStamps();
        void this.refresh();
      }),
    );
  }

  /** Tells the view after a moment (changes arriving together are shown once), then looks up the media not known yet. */
  private changedNow(): void {
    if (this.changeTimer !== undefined) return;
    this.changeTimer = setTimeout(() => {
      this.changeTimer = undefined;
      this.changed.fire(this.index.takeChanged());
      void this.lookUp();
    }, CHANGE_COALESCE_MS);
  }

  /** Looks up the media not known yet: free for the ones the client knows; the others only while the view is visible. */
  lookUp(): Promise<void> {
    if (this.lookingUp) {
      // Media listed since it started are looked up once it is done.
      this.lookUpAgain = true;
      return this.lookingUp;
    }
    this.lookingUp = this.lookUpAll().finally(() => {
      this.lookingUp = undefined;
      if (this.lookUpAgain && !this.isDisposed) {
        this.lookUpAgain = false;
        void this.lookUp();
      }
    });
    return this.lookingUp;
  }

  private async lookUpAll(): Promise<void> {
    // First every media the client knows, free; then the others, while the view is visible.
    if (await this.lookUpKnown()) this.changedNow();
    if (!this.visible()) return;
    await this.known.lookUpEach(this.known.unknown(this.groups()), (g) => this.visible() && this.mayAsk(g.key), (g) => this.answered([g.key]), LEFT_FOR_THE_CHECK);
  }

  /** Whether a media may be asked of the service now: still used, and not only by links being typed. */
  private mayAsk(key: string): boolean {
    const uses = this.index.group(key)?.uses.length ?? 0;
    return uses > (this.typed.held().get(key) ?? 0);
  }

  /** Looks up the media used that the client knows, free; true when one was found. */
  private async lookUpKnown(): Promise<boolean> {
    const wanted = this.known.unknown(this.index.usedMedia());
    const found = wanted.length > 0 && (await this.known.lookUpKnown(wanted));
    if (found) this.index.outdated(wanted.map((g) => g.key));
    return found;
  }

  /** Media whose look-up was answered: their rows are made again and shown. */
  private answered(keys: readonly string[]): void {
    this.index.outdated(keys);
    this.changedNow();
  }

  /**
   * Looks up the media of `groups` not known yet, now (the agent's credit tools): each the
   * client knows, free; with `mayRequest`, then the others, a few at a time, within the
   * look-ups' budget and quota (credits/lookup.ts background).
   */
  async lookUpNow(groups: readonly MediaGroup[], mayRequest: boolean): Promise<void> {
    const wanted = this.known.unknown(groups);
    if (await this.known.lookUpKnown(wanted)) this.answered(wanted.map((g) => g.key));
    if (mayRequest) await this.known.lookUpEach(this.known.unknown(groups), () => true, (g) => this.answered([g.key]));
  }

  /** Whether the media was looked up and not found (it is not asked for again). */
  lookUpFailed(kind: MediaKind, id: number): boolean {
    return this.known.failed(kind, id);
  }
}
