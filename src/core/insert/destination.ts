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
// Then, for static sites: a Hugo page bundle (a document named `index.md`, `index.mdx` or
// `_index.md` in a Hugo site) keeps its files next to it, linked by bare name; and a site
// folder (`static/images`) whose files the site serves at a path (`/images`) gets
// site-absolute links (`/images/name.jpg`).
import { globMatches } from './glob';
import { encodeRelativePath } from './links';
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
  readonly source:
    | 'stockMedia.insert.downloadFolder'
    | 'markdown.copyFiles.destination'
    | 'stockMedia.insert.siteFolder'
    | 'stockMedia.insert.siteUrlPath'
    | 'pageBundle'
    | 'default';
  /**
   * The folder the file must stay in (after symbolic links too): the workspace folder
   * holding it, or for the default `images/` of a document outside every workspace folder,
   * the document's folder. Undefined when there is none: see `problem`.
   */
  readonly root: string | undefined;
  /**
   * Why nothing may be saved there: `outside` every workspace folder (after `..`, `/`,
   * `\` and variables), or `home`, a setting starting with `~`, which names no home folder
   * here (it would be a folder called `~`), or `urlPath`, a site URL path that is not a plain
   * path on the site (`//host`, `https:`, `..`).
   */
  readonly problem?: 'outside' | 'home' | 'urlPath';
  /** A site folder's file: the site-absolute path its folder is served at (`/images`); links are `/images/<name>`. */
  readonly urlPath?: string;
}

function contained(path: string, source: DownloadTarget['source'], doc: DocumentLocation, setting: string): DownloadTarget {
  if (/^~(?:[/\\]|$)/.test(setting.trim())) return { path, source, root: undefined, problem: 'home' };
  const folder = doc.workspaceFolders.filter((f) => isInside(f, path)).sort((a, b) => b.length - a.length)[0];
  if (folder !== undefined) return { path, source, root: folder };
  const docDir = dirname(doc.path);
  if (source === 'default' && isInside(docDir, path)) return { path, source, root: docDir };
  return { path, source, root: undefined, problem: 'outside' };
}

/** A Hugo page bundle's index: `index.md`, `index.mdx` (leaf bundles) or `_index.md` (branch bundles). */
export function isPageBundleIndex(docPath: string): boolean {
  return /^(?:index\.mdx?|_index\.md)$/.test(basename(docPath));
}

/** Hugo's configuration files at a site's root, any of which makes a workspace folder a Hugo site. */
export const HUGO_CONFIG_FILES: readonly string[] = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml', 'config.json'];

/** A site folder and the path the site serves it at. */
export interface SiteFolder {
  /** Relative to the workspace folder (`static/images`; a leading `/` is allowed). */
  readonly folder: string;
  /** The site-absolute URL path (`/images`); empty: derived from the folder (`static/`, `public/` served at the root). */
  readonly urlPath?: string;
}

/**
 * Site folders and URL paths the common static site generators serve as they are (their
 * `static`/`public` folder at the site's root; Jekyll copies any folder not starting with
 * `_`): defaults for a cover preset.
 */
export const SITE_FOLDER_DEFAULTS = {
  hugo: { folder: 'static/images', urlPath: '/images' },
  jekyll: { folder: 'assets/images', urlPath: '/assets/images' },
  astro: { folder: 'public/images', urlPath: '/images' },
  docusaurus: { folder: 'static/img', urlPath: '/img' },
} as const satisfies Record<string, SiteFolder>;

const URL_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** `/images` from a setting (`images`, `/images/` too), or undefined when it is not a plain path on the site. */
export function siteUrlPath(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '/') return '';
  const segments = trimmed.replace(/^\/|\/$/g, '').split('/');
  if (segments.some((seg) => !URL_SEGMENT.test(seg) || seg === '.' || seg === '..')) return undefined;
  return `/${segments.join('/')}`;
}

/** The URL path a site folder is served at when none is set: `static/x` and `public/x` at `/x`, other folders at their own path. */
export function derivedUrlPath(folder: string): string {
  const segments = normalizePath(folder.replace(/\\/g, '/').replace(/^\/+/, '')).split('/').filter((seg) => seg !== '' && seg !== '.');
  const served = segments[0] === 'static' || segments[0] === 'public' ? segments.slice(1) : segments;
  return served.length === 0 ? '' : `/${encodeRelativePath(served.join('/'))}`;
}

function siteTarget(site: SiteFolder, doc: DocumentLocation, fileName: string): DownloadTarget {
  const source = 'stockMedia.insert.siteFolder';
  const setting = site.folder.trim().replace(/\\/g, '/');
  if (doc.workspaceFolder === undefined) return { path: resolvePath(dirname(doc.path), setting), source, root: undefined, problem: 'outside' };
  const path = normalizePath(`${doc.workspaceFolder}/${setting.replace(/^\/+/, '')}/${fileName}`);
  const target = contained(path, source, doc, setting);
  // Only the document's own workspace folder: the site is the folder the document is in.
  if (target.problem !== undefined || target.root !== doc.workspaceFolder) return { ...target, root: undefined, problem: target.problem ?? 'outside' };
  const given = site.urlPath?.trim() ?? '';
  const urlPath = given === '' ? derivedUrlPath(setting) : siteUrlPath(given);
  if (urlPath === undefined) return { path, source: 'stockMedia.insert.siteUrlPath', root: undefined, problem: 'urlPath' };
  return { ...target, urlPath };
}

/**
 * Where a saved file goes, first match wins:
 * 1. `stockMedia.insert.downloadFolder` when set (a folder: relative to the document, or to
 *    the workspace folder when it starts with `/`; variables allowed);
 * 2. the document's `markdown.copyFiles.destination`;
 * 3. `pageBundle` and a Hugo page bundle's index (`hugoSite`: a Hugo configuration at the
 *    workspace folder's root): next to the document;
 * 4. `siteFolder` when set: that folder of the workspace folder, linked site-absolute;
 * 5. `images/` next to the document.
 * Every path stays inside the document's workspace folders (`problem` otherwise).
 */
export function downloadTarget(options: {
  readonly downloadFolder: string;
  readonly copyFiles: unknown;
  readonly doc: DocumentLocation;
  readonly fileName: string;
  readonly now: Date;
  readonly siteFolder?: SiteFolder;
  /** Hugo page bundles keep their files (`stockMedia.insert.pageBundles`; on when absent). */
  readonly pageBundles?: boolean;
  /** The document's workspace folder has a Hugo configuration at its root (HUGO_CONFIG_FILES). */
  readonly hugoSite?: boolean;
}): DownloadTarget {
  const { doc, fileName, now } = options;
  const folder = options.downloadFolder.trim();
  if (folder) {
    const path = resolveDestination(/[/\\]$/.test(folder) ? folder : `${folder}/`, doc, fileName, now);
    return contained(path, 'stockMedia.insert.downloadFolder', doc, folder);
  }
  const copy = copyFilesDestination(options.copyFiles, doc);
  if (copy !== undefined) return contained(resolveDestination(copy, doc, fileName, now), 'markdown.copyFiles.destination', doc, copy);
  const docDir = dirname(doc.path);
  if (
    options.pageBundles !== false &&
    options.hugoSite === true &&
    isPageBundleIndex(doc.path) &&
    doc.workspaceFolder !== undefined &&
    docDir !== normalizePath(doc.workspaceFolder) &&
    isInside(doc.workspaceFolder, docDir)
  ) {
    return contained(normalizePath(`${docDir}/${fileName}`), 'pageBundle', doc, '');
  }
  if (options.siteFolder !== undefined && options.siteFolder.folder.trim() !== '') return siteTarget(options.siteFolder, doc, fileName);
  return contained(resolveDestination(DEFAULT_DOWNLOAD_FOLDER, doc, fileName, now), 'default', doc, DEFAULT_DOWNLOAD_FOLDER);
}

/**
 * The link to a file saved for `target` (`savedPath`: where it was written, perhaps under a
 * numbered name): site-absolute for a site folder (`/images/a.jpg`), else relative to the
 * document's folder, each segment percent-encoded.
 */
export function targetLink(target: DownloadTarget, docPath: string, savedPath: string): string {
  if (target.urlPath !== undefined) return `${target.urlPath}/${encodeRelativePath(basename(savedPath))}`;
  return encodeRelativePath(linkFromDocument(docPath, savedPath));
}

/** The link to write into the document: relative to its folder. */
export function linkFromDocument(docPath: string, filePath: string): string {
  return relativePath(dirname(docPath), filePath);
}
