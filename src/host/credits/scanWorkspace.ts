// The workspace's files searched for media links, for Write Credits File: the languages that
// have an insert format, `.gitignore` and `files.exclude` applied, large files skipped, read a
// few at a time.
import * as vscode from 'vscode';
import type { IgnoreRule } from '../../core/credits/gitignore';
import { gitignoreFolder, isIgnored, parseGitignore } from '../../core/credits/gitignore';
import { findMediaRefs, mediaRefKey } from '../../core/mediaRefs';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { MediaKind } from '../../core/model';
import type { Shell } from '../shell';

/** The files searched: the languages that have an insert format (core/insert/languages.ts). */
const CREDITS_SOURCES =
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

/** Files read at once: enough to keep the disk (or, in the browser, the connection) busy; few enough to stay light. */
const READ_CONCURRENCY = 8;

/**
 * Every media link in the searched files, by media, with the files using it. The files are
 * read a few at a time; each is scanned once, whatever the number of media (work grows with
 * the text, not with files × media). `report` hears how many files are done.
 */
export async function scan(
  shell: Shell,
  skip: vscode.Uri,
  token: vscode.CancellationToken,
  report: (done: number, total: number) => void = () => undefined,
): Promise<Scanned> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const rules = await ignoreRules(folders, token);
  const cfg = shell.config;
  const options = mediaUrlOptions(cfg);
  const found = new Map<string, Found>();
  let tooLarge = 0;
  // `undefined` excludes: VS Code applies files.exclude.
  const uris = await vscode.workspace.findFiles(CREDITS_SOURCES, undefined, MAX_FILES, token);
  const readOne = async (uri: vscode.Uri): Promise<void> => {
    if (uri.toString() === skip.toString()) return;
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const rel = folder ? relativeTo(folder, uri) : undefined;
    if (!folder || rel === undefined) return;
    if (isIgnored(rules.get(folder.uri.toString()) ?? [], rel)) return;
    const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (!stat || token.isCancellationRequested) return;
    if (stat.size > MAX_FILE_BYTES) {
      tooLarge += 1;
      shell.logger.info(`Write Credits File: ${rel} is over ${MAX_FILE_BYTES} bytes and was not read.`);
      return;
    }
    const text = await readText(uri);
    if (text === undefined) return;
    const shown = folders.length > 1 ? `${folder.name}/${rel}` : rel;
    for (const ref of findMediaRefs(text, options)) {
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
  return { found, truncated: uris.length >= MAX_FILES, tooLarge };
}
