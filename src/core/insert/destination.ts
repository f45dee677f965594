// Where a saved photo or video goes. The same rules as VS Code's own Markdown
// `markdown.copyFiles.destination` setting (used when it names the document), so images
// land where the user already keeps pasted ones:
// - a glob → destination map; a glob starting with `/` is anchored at a workspace folder,
//   any other matches anywhere (as if it started with `**/`);
// - a destination starting with `/` is relative to the workspace folder, any other to
//   the document's folder; one ending with `/` is a folder the file goes into;
// - variables: ${documentDirName}, ${documentRelativeDirName}, ${documentFileName},
//   ${documentBaseName}, ${documentExtName}, ${documentFilePath},
//   ${documentRelativeFilePath}, ${documentWorkspaceFolder}, ${fileName}, ${fileExtName},
//   ${unixTime}, ${isoTime}, and `${name/regex/replacement/}`.
import { globMatches } from './glob';
import { basename, dirname, extname, isInside, normalizePath, relativePath, resolvePath } from './paths';

export const DEFAULT_DOWNLOAD_FOLDER = 'images/';

export interface DocumentLocation {
  /** Posix path of the document (`uri.path`). */
  readonly path: string;
  /** Path of the workspace folder holding it, if any. */
  readonly workspaceFolder: string | undefined;
  /** Paths of all workspace folders (for globs anchored with `/`). */
  readonly workspaceFolders: readonly string[];
}

/** The destination the first matching glob names, or undefined. */
export function copyFilesDestination(map: unknown, doc: DocumentLocation): string | undefined {
  if (typeof map !== 'object' || map === null || Array.isArray(map)) return undefined;
  for (const [rawGlob, dest] of Object.entries(map as Record<string, unknown>)) {
    if (typeof dest !== 'string') continue;
    const globs = rawGlob.startsWith('/')
      ? doc.workspaceFolders.map((folder) => normalizePath(`${folder}/${rawGlob}`))
      : [rawGlob.startsWith('**') ? rawGlob : `**/${rawGlob}`];
    if (globs.some((glob) => globMatches(glob, doc.path))) return dest;
  }
  return undefined;
}

function variables(doc: DocumentLocation, fileName: string, now: Date): Map<string, string> {
  const docDir = dirname(doc.path);
  const docName = basename(doc.path);
  const docExt = extname(doc.path);
  const root = doc.workspaceFolder ?? docDir;
  const fileExt = extname(fileName);
  return new Map([
    ['documentDirName', docDir],
    ['documentRelativeDirName', relativePath(root, docDir)],
    ['documentFileName', docName],
    ['documentBaseName', docName.slice(0, docName.length - docExt.length)],
    ['documentExtName', docExt.replace('.', '')],
    ['documentFilePath', doc.path],
    ['documentRelativeFilePath', relativePath(root, doc.path)],
    ['documentWorkspaceFolder', root],
    ['fileName', fileName],
    ['fileExtName', fileExt.replace('.', '')],
    ['unixTime', String(now.getTime())],
    ['isoTime', now.toISOString()],
  ]);
}

/** The absolute path of the file for one destination setting value. */
export function resolveDestination(dest: string, doc: DocumentLocation, fileName: string, now: Date): string {
  // `\` separates folders on Windows: as `/` here, so `..\..` is seen (outside `${…}`,
  // whose regular expressions use it).
  let out = dest.trim().replace(/\$\{[^}]*\}|\\/g, (m) => (m === '\\' ? '/' : m)) || '${fileName}';
  if (out.startsWith('/')) out = `\${documentWorkspaceFolder}/${out.slice(1)}`;
  if (out.endsWith('/')) out += '${fileName}';
  const vars = variables(doc, fileName, now);
  const resolved = out.replace(/\$\{(\w+)(?:\/([^}]+?)\/([^}]*?)\/)?\}/g, (_m, name: string, pattern?: string, replacement?: string) => {
    const value = vars.get(name);
    if (value === undefined) return '';
    if (pattern !== undefined && replacement !== undefined) {
      try {
        return value.replace(new RegExp(pattern), replacement);
      } catch {
        return value;
      }
    }
    return value;
  });
  return resolvePath(dirname(doc.path), resolved);
}

export interface DownloadTarget {
  /** Absolute posix path of the file to write. */
  readonly path: string;
  /** Which setting decided it, for messages. */
  readonly source: 'stockMedia.insert.downloadFolder' | 'markdown.copyFiles.destination' | 'default';
  /**
   * The folder the file must stay in (after symbolic links too): the workspace folder
   * holding it, or for the default `images/` of a document outside every workspace folder,
   * the document's folder. Undefined when there is none: see `problem`.
   */
  readonly root: string | undefined;
  /**
   * Why nothing may be saved there: `outside` every workspace folder (after `..`, `/`,
   * `\` and variables), or `home`, a setting starting with `~`, which names no home folder
   * here (it would be a folder called `~`).
   */
  readonly problem?: 'outside' | 'home';
}

function contained(path: string, source: DownloadTarget['source'], doc: DocumentLocation, setting: string): DownloadTarget {
  if (/^~(?:[/\\]|$)/.test(setting.trim())) return { path, source, root: undefined, problem: 'home' };
  const folder = doc.workspaceFolders.filter((f) => isInside(f, path)).sort((a, b) => b.length - a.length)[0];
  if (folder !== undefined) return { path, source, root: folder };
  const docDir = dirname(doc.path);
  if (source === 'default' && isInside(docDir, path)) return { path, source, root: docDir };
  return { path, source, root: undefined, problem: 'outside' };
}

/**
 * `stockMedia.insert.downloadFolder` when set (a folder: relative to the document, or to
 * the workspace folder when it starts with `/`; variables allowed), else the document's
 * `markdown.copyFiles.destination`, else `images/` next to the document.
 */
export function downloadTarget(options: {
  readonly downloadFolder: string;
  readonly copyFiles: unknown;
  readonly doc: DocumentLocation;
  readonly fileName: string;
  readonly now: Date;
}): DownloadTarget {
  const { doc, fileName, now } = options;
  const folder = options.downloadFolder.trim();
  if (folder) {
    const path = resolveDestination(/[/\\]$/.test(folder) ? folder : `${folder}/`, doc, fileName, now);
    return contained(path, 'stockMedia.insert.downloadFolder', doc, folder);
  }
  const copy = copyFilesDestination(options.copyFiles, doc);
  if (copy !== undefined) return contained(resolveDestination(copy, doc, fileName, now), 'markdown.copyFiles.destination', doc, copy);
  return contained(resolveDestination(DEFAULT_DOWNLOAD_FOLDER, doc, fileName, now), 'default', doc, DEFAULT_DOWNLOAD_FOLDER);
}

/** The link to write into the document: relative to its folder. */
export function linkFromDocument(docPath: string, filePath: string): string {
  return relativePath(dirname(docPath), filePath);
}
