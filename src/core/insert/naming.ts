// Names of saved files: `<service>-<id>-<variant>.<extension>`, the extension from the
// type the server sent (never trusted from the URL alone), and numbered names for when a
// different file already has the name.

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

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

/** `pexels-1234-large.jpg`, `pexels-5678-hd-1920x1080.mp4`, `pexels-5678-poster.jpg`. */
export function downloadFileName(serviceName: string, id: number, variant: string, extension: string): string {
  return `${slug(serviceName) || 'media'}-${Math.trunc(Math.abs(id))}-${slug(variant) || 'file'}.${extension}`;
}

/** The n-th candidate name: `a.jpg`, `a-2.jpg`, `a-3.jpg`, … */
export function numberedFileName(fileName: string, n: number): string {
  if (n <= 1) return fileName;
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? `${fileName.slice(0, dot)}-${n}${fileName.slice(dot)}` : `${fileName}-${n}`;
}
