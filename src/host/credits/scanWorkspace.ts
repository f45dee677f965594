// The workspace's files searched for media links, for Write Credits File and In This Workspace: the languages that
// have an insert format, `.gitignore` and `files.exclude` applied, large files skipped, read a
// few at a time.
import * as vscode from 'vscode';
import type { IgnoreRule } from '../../core/credits/gitignore';
import { gitignoreFolder, isIgnored, parseGitignore } from '../../core/credits/gitignore';
import type { MediaRefMatch } from '../../core/mediaRefs';
import { findMediaRefs, mediaRefKey } from '../../core/mediaRefs';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { MediaKind } from '../../core/model';
import type { Shell } from '../shell';

/** The files searched: the languages that have an insert format (core/insert/languages.ts). */
export const CREDITS_SOURCES =
  '**/*.{md,markdown,mdx,qmd,rmd,html,htm,xhtml,vue,svelte,astro,php,hbs,handlebars,mustache,njk,liquid,erb,cshtml,razor,jinja,j2,twig,ejs,edge,templ,jsx,tsx,css,scss,sass,less,styl,pcss}';
/** The most files read, and the largest read (a generated bundle is not a document). */
export const MAX_FILES = 5000;
const MAX_FILE_BYTES = 2_000_000;

export interface Found {
  readonly kind: MediaKind;
  readonly id: number;
  readonly files: Set<string>;
}

export async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** Each folder's `.gitignore` rules, shallow files first (the order git reads them in). */
async function ignoreRules(folders: readonly vscode.WorkspaceFolder[], token: vscode.CancellationToken): Promise<Map<string, IgnoreRule[]>> {
  const rules = new Map<string, IgnoreRule[]>();
  for (const folder of folders) {
    const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/.gitignore'), undefined, 1000, token);
    const paths = files.map((uri) => relativeTo(folder, uri)).filter((p): p is string => p !== undefined);
    paths.sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
    const list: IgnoreRule[] = [];
    for (const path of paths) {
      const text = await readText(vscode.Uri.joinPath(folder.uri, path));
      if (text !== undefined) list.push(...parseGitignore(text, gitignoreFolder(path)));
    }
    rules.set(folder.uri.toString(), list);
  }
  return rules;
}

function relativeTo(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string | undefined {
  const root = folder.uri.path.replace(/\/+$/, '');
  return uri.path.startsWith(`${root}/`) ? uri.path.slice(root.length + 1) : undefined;
}

export interface Scanned {
  readonly found: Map<string, Found>;
  /** All MAX_FILES were read and there may be more. */
  readonly truncated: boolean;
  /** Files over MAX_FILE_BYTES, not read. */
  readonly tooLarge: number;
}

/** One file read: its path as shown, its text and the media links in it (In This Workspace keeps them). */
export interface ScannedFile {
  readonly uri: vscode.Uri;
  readonly shown: string;
  readonly text: string;
  readonly refs: readonly MediaRefMatch[];
}

/** Which files are searched: the folders' `.gitignore` rules, read once. */
export interface Sources {
  /** The file's path as shown, or undefined when it is not searched (outside the folders, ignored). */
  shownPath(uri: vscode.Uri): string | undefined;
}

export async function workspaceSources(token: vscode.CancellationToken): Promise<Sources> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const rules = await ignoreRules(folders, token);
  return {
    shownPath: (uri) => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const rel = folder ? relativeTo(folder, uri) : undefined;
      if (!folder || rel === undefined) return undefined;
      if (isIgnored(rules.get(folder.uri.toString()) ?? [], rel)) return undefined;
      return folders.length > 1 ? `${folder.name}/${rel}` : rel;
    },
  };
}

/** A searched file's text and media links, or undefined when it cannot be read or is too large (counted in `tooLarge`). */
export async function readSource(shell: Shell, uri: vscode.Uri, shown: string, tooLarge?: () => void): Promise<ScannedFile | undefined> {
  const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.size > MAX_FILE_BYTES) {
    tooLarge?.();
    shell.logger.info(`Media scan: ${shown} is over ${MAX_FILE_BYTES} bytes and was not read.`);
    return undefined;
  }
  const text = await readText(uri);
  return text === undefined ? undefined : { uri, shown, text, refs: findMediaRefs(text, mediaUrlOptions(shell.config)) };
}

/** Files read at once: enough to keep the disk (or, in the browser, the connection) busy; few enough to stay light. */
const READ_CONCURRENCY = 8;

/**
 * Every media link in the searched files, by media, with the files using it. The files are
 * read a few at a time; each is scanned once, whatever the number of media (work grows with
 * the text, not with files × media). `report` hears how many files are done; `visit` sees
 * each file read.
 */
export async function scan(
  shell: Shell,
  skip: vscode.Uri | undefined,
  token: vscode.CancellationToken,
  report: (done: number, total: number) => void = () => undefined,
  visit: (file: ScannedFile) => void = () => undefined,
): Promise<Scanned & { sources: Sources }> {
  const sources = await workspaceSources(token);
  const found = new Map<string, Found>();
  let tooLarge = 0;
  // `undefined` excludes: VS Code applies files.exclude.
  const uris = await vscode.workspace.findFiles(CREDITS_SOURCES, undefined, MAX_FILES, token);
  const readOne = async (uri: vscode.Uri): Promise<void> => {
    if (skip && uri.toString() === skip.toString()) return;
    const shown = sources.shownPath(uri);
    if (shown === undefined || token.isCancellationRequested) return;
    const file = await readSource(shell, uri, shown, () => (tooLarge += 1));
    if (!file || token.isCancellationRequested) return;
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
      const uri = uris[next++] as vscode.Uri;
      await readOne(uri);
      report(++done, uris.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, uris.length) }, worker));
  return { found, truncated: uris.length >= MAX_FILES, tooLarge, sources };
}
