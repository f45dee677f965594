// Names of saved files: from the template in `stockMedia.insert.fileName` (default
// `{slug}-{id}-{size}`: `rocks-at-dusk-2014422-1280w.jpg`), made safe as one plain file name
// whatever the alt text or the photographer's name hold; the extension from the type the
// server sent (never trusted from the URL alone); numbered names for when a different file
// already has the name (writeNewFile.ts never overwrites).
import { l10n } from '../l10n';
import { STEM_BYTES_MAX, cutToBytes, fileNameProblem } from './edit';

const EXTENSION_BY_TYPE: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

const KNOWN_EXTENSIONS: Readonly<Record<string, string>> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'avif',
  mp4: 'mp4',
  webm: 'webm',
  mov: 'mov',
};

function mediaType(type: string | null | undefined): string {
  return (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Playlists and manifests: never saved as a video, whatever type was declared for them. */
const PLAYLIST_EXTENSIONS = /^(m3u8?|mpd)$/;

/**
 * The file extension for a download: from its Content-Type; when the server sent only a
 * generic type (or none), from the URL's path; when that path names no image or video
 * extension (the service's `…/240636612.hd.?s=…` links), from the type the service declared
 * for the file (a video file's `file_type`). Undefined when it is not an image or video this
 * extension saves (HTML error pages, SVG with scripts, playlists…).
 */
export function extensionFor(contentType: string | null | undefined, url: string, declaredType?: string): string | undefined {
  const type = mediaType(contentType);
  const byType = EXTENSION_BY_TYPE[type];
  if (byType) return byType;
  if (type !== '' && type !== 'application/octet-stream' && type !== 'binary/octet-stream') return undefined;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const byPath = ext ? KNOWN_EXTENSIONS[ext] : undefined;
  if (byPath || declaredType === undefined || (ext && PLAYLIST_EXTENSIONS.test(ext))) return byPath;
  return EXTENSION_BY_TYPE[mediaType(declaredType)];
}

/** `Rocks at Dusk!` → `rocks-at-dusk`: ASCII letters and digits joined by `-`, at most `max` long (cut at a `-`). */
export function slugify(text: string, max = 50): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max + 1);
  const dash = cut.lastIndexOf('-');
  return (dash > max / 2 ? cut.slice(0, dash) : slug.slice(0, max)).replace(/-+$/, '');
}

export const DEFAULT_FILE_NAME_TEMPLATE = '{slug}-{id}-{size}';
export const FILE_NAME_PLACEHOLDERS = ['slug', 'id', 'photographer', 'width', 'height', 'size', 'service'] as const;
export type FileNamePlaceholder = (typeof FILE_NAME_PLACEHOLDERS)[number];

/** What a saved file's name is made from (facts.ts has each, cleaned). */
export interface NameFacts {
  /** The alt text (`{slug}`). */
  readonly alt: string;
  readonly id: number;
  /** The photographer or videographer (`{photographer}`, slugged). */
  readonly author: string;
  /** The file's pixel size. */
  readonly width: number;
  readonly height: number;
  /** The size's short name (`large`, `1280w`, `1200x630`, `hd-1920x1080`, `poster`). */
  readonly size: string;
  readonly serviceName: string;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Why a `stockMedia.insert.fileName` template cannot be used (an unknown placeholder), or undefined. */
export function fileNameTemplateProblem(template: string): string | undefined {
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!(FILE_NAME_PLACEHOLDERS as readonly string[]).includes(name ?? '')) {
      return l10n.t(
        'The setting stockMedia.insert.fileName has an unknown placeholder {0}; it may use {1}. Nothing was saved or inserted.',
        `{${name ?? ''}}`,
        FILE_NAME_PLACEHOLDERS.map((p) => `{${p}}`).join(', '),
      );
    }
  }
  return undefined;
}

/** Device names Windows refuses with any extension (`con.jpg`). */
const DEVICE_STEM = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?$/i;

/**
 * The template's text as one plain name stem: no folders, no `..`, nothing a file system
 * refuses, at most STEM_BYTES_MAX bytes in UTF-8 (cut between two characters).
 */
function safeStem(text: string): string {
  let stem = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .replace(/^[.\-_]+|[.\-_]+$/g, '');
  const cut = cutToBytes(stem, STEM_BYTES_MAX);
  if (cut !== stem) stem = cut.replace(/[.\-_]+$/, '');
  if (DEVICE_STEM.test(stem)) stem = `${stem}-file`;
  return stem;
}

/**
 * A saved file's name from a template (fileNameTemplateProblem checked first; an unknown
 * placeholder is left out here): `{slug}` from the alt text, `{id}`, `{photographer}`
 * (slugged), `{width}`, `{height}`, `{size}`, `{service}` (slugged); then made one safe plain
 * name with `extension`. A template that leaves nothing gives `<service>-<id>-<size>`.
 */
export function fileNameFromTemplate(template: string, facts: NameFacts, extension: string): string {
  const values: Record<FileNamePlaceholder, string> = {
    slug: slugify(facts.alt),
    id: String(Math.trunc(Math.abs(facts.id))),
    photographer: slugify(facts.author, 40),
    width: String(Math.trunc(facts.width)),
    height: String(Math.trunc(facts.height)),
    size: slugify(facts.size, 30),
    service: slugify(facts.serviceName, 30) || 'media',
  };
  const filled = template.replace(PLACEHOLDER, (_m, name: string) => values[name as FileNamePlaceholder] ?? '');
  const stem = safeStem(filled) || safeStem(`${values.service}-${values.id}-${values.size}`);
  const name = `${stem}.${extension}`;
  return fileNameProblem(name) === undefined ? name : `${values.service}-${values.id}.${extension}`;
}

/** The n-th candidate name: `a.jpg`, `a-2.jpg`, `a-3.jpg`, … */
export function numberedFileName(fileName: string, n: number): string {
  if (n <= 1) return fileName;
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)}-${n}${fileName.slice(dot)}` : `${fileName}-${n}`;
}
