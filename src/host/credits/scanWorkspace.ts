// The workspace's files searched for media links, for Write Credits File and In This
// Workspace: the languages that have an insert format, without what git ignores
// (`.gitignore`), what VS Code hides (`files.exclude`, `search.exclude`) and `.git` itself,
// large files skipped, read a few at a time; a file unchanged since it was last read (its size and
// time of change) is not read again: its media links are remembered (SourceMemo). Folders are
// listed and files read through SourceAccess (sourceAccess.ts: the local disk in the Node host,
// else `workspace.fs`).
//
// Why a walk and not `vscode.workspace.findFiles`: findFiles applies files.exclude only and
// caps its list before any `.gitignore` rule could be applied (5,000 files in an ignored
// node_modules filled the list, and not one of the user's files was read). Here each folder is
// listed (`readDirectory`, or the disk's own listing: both extension hosts, any file system), its
// `.gitignore` read as the walk enters it, as git does, and ignored or excluded folders are
// never entered: the caps count only files that are searched. Symbolic links are not followed
// (git does not either). The rules are matched by core/credits/gitignore.ts (git's wildmatch,
// without backtracking; VS Code's exclude globs through it too, so no glob from a workspace's
// settings reaches a backtracking matcher). The walk works in slices of a few milliseconds between
// which it lets the extension host do other work, and stops on Cancel.
import * as vscode from 'vscode';
import { GitignoreRules, excludeRules } from '../../core/credits/gitignore';
import type { MediaRefMatch } from '../../core/mediaRefs';
import { formatFamily } from '../../core/insert/languages';
import { mediaRefKey } from '../../core/mediaRefs';
import { mediaUsesIn } from '../../core/mediaUses';
import { languageOfPath } from '../../core/workspaceMedia';
import type { MediaUrlOptions } from '../../core/mediaUrl';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { MediaKind } from '../../core/model';
import type { FileStamp } from '../platform';
import type { Services } from '../services';
import { Slices } from '../../core/slices';
import { sourceAccess } from './sourceAccess';

/** The extensions of the files searched: the languages that have an insert format (core/insert/languages.ts). */
const SOURCE_EXTENSIONS = [
  ...['md', 'markdown', 'mdx', 'qmd', 'rmd', 'html', 'htm', 'xhtml', 'vue', 'svelte', 'astro', 'php', 'hbs', 'handlebars', 'mustache', 'njk', 'liquid'],
  ...['erb', 'cshtml', 'razor', 'jinja', 'j2', 'twig', 'ejs', 'edge', 'templ', 'jsx', 'tsx', 'css', 'scss', 'sass', 'less', 'styl', 'pcss'],
];
const SOURCES = new Set(SOURCE_EXTENSIONS);
/** The files searched, as a glob (the watcher's). */
export const CREDITS_SOURCES = `**/*.{${SOURCE_EXTENSIONS.join(',')}}`;
/** The most files read, and the largest read (a generated bundle is not a document). */
export const MAX_FILES = 10_000;
const MAX_FILE_BYTES = 2_000_000;
/** The most folder entries looked at (files of any kind and folders, searched or not): a folder of a million images is not listed to its end. */
export const MAX_ENTRIES = 200_000;
/** The largest `.gitignore` read (every path is matched against every line). */
const MAX_GITIGNORE_BYTES = 256 * 1024;

export interface Found {
  readonly kind: MediaKind;
  readonly id: number;
  readonly files: Set<string>;
}

function relativeTo(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string | undefined {
  const root = folder.uri.path.replace(/\/+$/, '');
  return uri.path.startsWith(`${root}/`) ? uri.path.slice(root.length + 1) : undefined;
}

export interface Scanned {
  readonly found: Map<string, Found>;
  /** A cap (MAX_FILES files searched, MAX_ENTRIES entries looked at) cut the list: there may be more. */
  readonly truncated: boolean;
  /** Files read. */
  readonly read: number;
  /** Files over MAX_FILE_BYTES, not read. */
  readonly tooLarge: number;
}

/** One file read: its path as shown, its text and the media links in it (In This Workspace keeps them). */
export interface ScannedFile {
  readonly uri: vscode.Uri;
  readonly shown: string;
  /** Undefined when the file was not read again: unchanged since it was (readSource's `reuse`). */
  readonly text: string | undefined;
  readonly refs: readonly MediaRefMatch[];
  /** Its size and time of change when read; undefined for an open document's text. */
  readonly stamp?: string;
}

/** Which files are searched: the folders' rules, as the walk read them. */
export interface Sources {
  /** The file's path as shown, or undefined when it is not searched (outside the folders, ignored, excluded). */
  shownPath(uri: vscode.Uri): string | undefined;
}

/** What one workspace folder leaves out. */
interface FolderRules {
  readonly gitignore: GitignoreRules;
  readonly excluded: GitignoreRules;
}

/** The folder's `files.exclude` and `search.exclude` globs. */
function excludeGlobs(folder: vscode.WorkspaceFolder): GitignoreRules {
  const entries = (section: string): [string, unknown][] => {
    const value = vscode.workspace.getConfiguration(section, folder.uri).get<unknown>('exclude');
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [];
  };
  return excludeRules([...entries('files'), ...entries('search')]);
}

/** Whether the walk leaves out the entry at `rel` (its folders already let through). */
function leftOut(rules: FolderRules, rel: string, isDir: boolean): boolean {
  if (isDir && rel.slice(rel.lastIndexOf('/') + 1) === '.git') return true;
  return rules.excluded.ignores(rel, isDir) || rules.gitignore.ignores(rel, isDir);
}

function isSource(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot >= 0 && SOURCES.has(name.slice(dot + 1));
}

function sourcesOf(folders: readonly vscode.WorkspaceFolder[], rules: ReadonlyMap<string, FolderRules>): Sources {
  return {
    shownPath: (uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const rel = folder ? relativeTo(folder, uri) : undefined;
      const own = folder ? rules.get(folder.uri.toString()) : undefined;
      if (!folder || rel === undefined || !own) return undefined;
      // `ignores` looks at the folders the file lies in too.
      if (rel.split('/').slice(0, -1).includes('.git') || leftOut(own, rel, false)) return undefined;
      return folders.length > 1 ? `${folder.name}/${rel}` : rel;
    },
  };
}

interface Walked {
  readonly files: { readonly uri: vscode.Uri; readonly shown: string }[];
  readonly truncated: boolean;
  readonly sources: Sources;
}

/** The `.gitignore` beside a folder's entries, or undefined when it cannot be read or is too large. */
async function readGitignore(services: Services, uri: vscode.Uri): Promise<string | undefined> {
  const access = sourceAccess(services);
  const stat = await access.stat(uri);
  const read = stat === undefined ? undefined : stat.size > MAX_GITIGNORE_BYTES ? 'tooLarge' : await access.read(uri, MAX_GITIGNORE_BYTES);
  if (read !== 'tooLarge') return read?.text;
  services.logger.info(`Media scan: ${uri.path} is over ${MAX_GITIGNORE_BYTES} bytes; its rules were not applied.`);
  return undefined;
}

/**
 * The searched files of every workspace folder, breadth first, until MAX_FILES of them or
 * MAX_ENTRIES entries looked at. `listed` hears how many files were found so far.
 */
async function walk(services: Services, token: vscode.CancellationToken, listed: (files: number) => void, skip: string | undefined): Promise<Walked> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const rules = new Map<string, FolderRules>();
  const files: { uri: vscode.Uri; shown: string }[] = [];
  const slices = new Slices();
  let entries = 0;
  let truncated = false;
  for (const folder of folders) {
    const own: FolderRules = { gitignore: new GitignoreRules(), excluded: excludeGlobs(folder) };
    rules.set(folder.uri.toString(), own);
    const queue = [''];
    for (let next = 0; next < queue.length && !truncated && !token.isCancellationRequested; next++) {
      const dir = queue[next] as string;
      const uri = dir === '' ? folder.uri : vscode.Uri.joinPath(folder.uri, dir);
      const { listing, more } = await sourceAccess(services).list(uri, MAX_ENTRIES - entries, slices);
      if (more) truncated = true;
      entries += listing.length;
      // The folder's own rules speak about the entries beside them: read first, as git does.
      if (listing.some(([name, type]) => name === '.gitignore' && type === vscode.FileType.File)) {
        const text = await readGitignore(services, vscode.Uri.joinPath(uri, '.gitignore'));
        slices.restart();
        if (text !== undefined) own.gitignore.add(text, dir);
      }
      slices.restart();
      for (const [name, type] of listing) {
        await slices.pauseIfDue();
        if (token.isCancellationRequested) break;
        const rel = dir === '' ? name : `${dir}/${name}`;
        // A link (to a file or a folder) has the SymbolicLink bit too: not followed.
        if (type === vscode.FileType.Directory) {
          if (!leftOut(own, rel, true)) queue.push(rel);
        } else if (type === vscode.FileType.File && isSource(name) && !leftOut(own, rel, false)) {
          const uri = vscode.Uri.joinPath(folder.uri, rel);
          // The credits file is not searched: it takes nothing from the cap.
          if (uri.toString() === skip) continue;
          if (files.length >= MAX_FILES) {
            truncated = true;
            break;
          }
          files.push({ uri, shown: folders.length > 1 ? `${folder.name}/${rel}` : rel });
        }
      }
      listed(files.length);
    }
  }
  return { files, truncated, sources: sourcesOf(folders, rules) };
}

/** A file's size and time of change as one text: what says it changed since it was read (git's index keeps the same). */
function stampOf(stat: FileStamp): string {
  return `${stat.mtime}:${stat.size}`;
}

/** A file changed this recently may change again within its time's resolution without a new stamp: not remembered. */
const RACY_MS = 2_000;

/**
 * The media links of the files read, by URI, with the stamp (size and time of change) they
 * were read at: a file whose stamp has not changed since is not read again (Refresh, Write
 * Credits File after In This Workspace). Only the links are kept, not the text; the files a
 * whole scan no longer lists are dropped. Links found under other settings (the service's
 * hosts) are not reused.
 */
class SourceMemo {
  private entries = new Map<string, { readonly stamp: string; readonly refs: readonly MediaRefMatch[] }>();
  private options = '';

  /** Whether links of `uri` are remembered under `options`, at any stamp. */
  has(uri: vscode.Uri, options: string): boolean {
    return options === this.options && this.entries.has(uri.toString());
  }

  /** The links remembered for `uri` at `stamp`, under `options`; undefined when not known. */
  get(uri: vscode.Uri, stamp: string, options: string): readonly MediaRefMatch[] | undefined {
    if (options !== this.options) return undefined;
    const kept = this.entries.get(uri.toString());
    return kept?.stamp === stamp ? kept.refs : undefined;
  }

  set(uri: vscode.Uri, stat: FileStamp, options: string, refs: readonly MediaRefMatch[]): void {
    if (options !== this.options) {
      this.entries.clear();
      this.options = options;
    }
    if (Date.now() - stat.mtime < RACY_MS) this.entries.delete(uri.toString());
    else this.entries.set(uri.toString(), { stamp: stampOf(stat), refs });
  }

  /** Keeps only the files a whole scan listed. */
  keepOnly(uris: readonly vscode.Uri[]): void {
    const kept = new Map<string, { readonly stamp: string; readonly refs: readonly MediaRefMatch[] }>();
    for (const uri of uris) {
      const key = uri.toString();
      const entry = this.entries.get(key);
      if (entry) kept.set(key, entry);
    }
    this.entries = kept;
  }
}

const memos = new WeakMap<Services, SourceMemo>();
function memoOf(services: Services): SourceMemo {
  let memo = memos.get(services);
  if (!memo) memos.set(services, (memo = new SourceMemo()));
  return memo;
}

/**
 * Whether the caller can do without the text of a file unchanged since it was read: it keeps
 * what it made of the file at `stamp`, or needs only its links (`refs`). Without it, every file is read.
 */
export type Reuse = (uri: vscode.Uri, stamp: string, refs: readonly MediaRefMatch[]) => boolean;

/**
 * A searched file's text and media links, or undefined when it cannot be read or is too large
 * (counted in `tooLarge`). A file unchanged since it was last read, when `reuse` says so, is
 * not read again: its links are the remembered ones and `text` is undefined.
 */
export async function readSource(
  services: Services,
  uri: vscode.Uri,
  shown: string,
  options: { readonly tooLarge?: () => void; readonly reuse?: Reuse; readonly links?: LinkOptions; readonly slices?: Slices } = {},
): Promise<ScannedFile | undefined> {
  const access = sourceAccess(services);
  const tooLarge = (): undefined => {
    options.tooLarge?.();
    services.logger.info(`Media scan: ${shown} is over ${MAX_FILE_BYTES} bytes and was not read.`);
    return undefined;
  };
  const memo = memoOf(services);
  const { linkOptions, optionsKey } = options.links ?? linkOptionsOf(services);
  // Its stamp first, when that may spare the read (its links remembered), or tells its size
  // before it is read (workspace.fs reads a file whole); a read from the disk says both itself.
  let stat: FileStamp | undefined;
  if (!access.onDisk(uri) || (options.reuse !== undefined && memo.has(uri, optionsKey))) {
    stat = await access.stat(uri);
    if (!stat) return undefined;
    if (stat.size > MAX_FILE_BYTES) return tooLarge();
    const stamp = stampOf(stat);
    const remembered = memo.get(uri, stamp, optionsKey);
    if (remembered && options.reuse?.(uri, stamp, remembered)) return { uri, shown, text: undefined, refs: remembered, stamp };
  }
  const read = await access.read(uri, MAX_FILE_BYTES);
  if (read === 'tooLarge') return tooLarge();
  // The stamp the file was read at, where known (it may have changed since the stat).
  const readAt = read?.stamp ?? stat;
  if (read === undefined || readAt === undefined) return undefined;
  // Its links found in the scan's slice (looked at here, right before the work: slices.ts).
  const slices = options.slices;
  while (slices?.due()) await slices.pause();
  const refs = mediaUsesIn(read.text, linkOptions, formatFamily(languageOfPath(uri.path)));
  memo.set(uri, readAt, optionsKey, refs);
  return { uri, shown, text: read.text, refs, stamp: stampOf(readAt) };
}

/** Which links are the service's (the settings' media hosts), and the same as text: what the links remembered were found under. */
interface LinkOptions {
  readonly linkOptions: MediaUrlOptions;
  readonly optionsKey: string;
}

function linkOptionsOf(services: Services): LinkOptions {
  const linkOptions = mediaUrlOptions(services.config);
  return { linkOptions, optionsKey: JSON.stringify(linkOptions) };
}

/** Files read at once: enough to keep the disk (or, in the browser, the connection) busy; few enough to stay light. */
const READ_CONCURRENCY = 32;

/**
 * Every media link in the searched files, by media, with the files using it. The folders are
 * walked first, then the files read a few at a time; each is scanned once, whatever the
 * number of media (work grows with the text, not with files × media). `report` hears how
 * many files are done of how many (while the folders are walked, `listing` is true and
 * `total` is the files found so far); `visit` sees each file read. A file unchanged since it
 * was last read (by either command) is not read again where `reuse` says its links or what the
 * caller kept of it will do: only its stamp is looked at.
 */
export async function scan(
  services: Services,
  skip: vscode.Uri | undefined,
  token: vscode.CancellationToken,
  report: (done: number, total: number, listing: boolean) => void = () => undefined,
  visit: (file: ScannedFile) => void = () => undefined,
  reuse?: Reuse,
): Promise<Scanned & { sources: Sources }> {
  const walked = await walk(services, token, (files) => report(0, files, true), skip?.toString());
  const { sources } = walked;
  const uris = walked.files;
  if (!token.isCancellationRequested && !walked.truncated) memoOf(services).keepOnly(uris.map((f) => f.uri));
  const found = new Map<string, Found>();
  // Read from the local disk, files are read at once (readSource): the host is let run between
  // slices, which the readers share (each looks right before its work).
  const slices = new Slices();
  let tooLarge = 0;
  let read = 0;
  // Worked out once for the scan, not for each file.
  const links = linkOptionsOf(services);
  const readOne = async ({ uri, shown }: { uri: vscode.Uri; shown: string }): Promise<void> => {
    const file = await readSource(services, uri, shown, { tooLarge: () => (tooLarge += 1), reuse, links, slices });
    if (!file || token.isCancellationRequested) return;
    // Its uses made (visit) in the scan's slice, looked at right before the work (slices.ts).
    while (slices.due()) await slices.pause();
    read += 1;
    visit(file);
    for (const ref of file.refs) {
      const key = mediaRefKey(ref);
      let entry = found.get(key);
      if (!entry) found.set(key, (entry = { kind: ref.kind, id: ref.id, files: new Set() }));
      entry.files.add(shown);
    }
  };
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < uris.length && !token.isCancellationRequested) {
      while (slices.due()) await slices.pause();
      if (next >= uris.length || token.isCancellationRequested) break;
      await readOne(uris[next++] as { uri: vscode.Uri; shown: string });
      report(++done, uris.length, false);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, uris.length) }, worker));
  return { found, truncated: walked.truncated, read, tooLarge, sources };
}
