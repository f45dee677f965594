// What the user pasted into "Open Photo or Video by URL or ID": a bare id, or a page URL
// of the service, or an image/video file URL of its CDN. Pages are recognised under the
// configured service URL, its path included: a library served at `https://host/library` has
// its pages at `https://host/library/photo/<slug>-<id>/` (localised as
// `…/de-de/foto/<slug>-<id>/`), and nothing outside that path is one of its pages. Files are
// recognised by their shape (`…/photos/<id>/<file>`, `…/videos/<id>/…`,
// `…/video-files/<id>/…`) on a host the user has configured (the service's, the API bases').
// The service's own pexels.com counts too (its pages at the root). A link from elsewhere is
// never taken for a media id by accident.
import { SERVICE_NAME_MAX, inert } from './inert';
import { l10n } from './l10n';
import type { MediaKind } from './model';
import type { ServiceSettings } from './trustedUrls';
import { trustedUrls } from './trustedUrls';
import { isLoopbackHost, tryParseUrl } from './urls';

export type MediaRefError = 'empty' | 'notMedia' | 'foreignHost' | 'badId';

export type ParsedMediaRef =
  | { ok: true; id: number; /** Undefined for a bare id: the caller asks or assumes. */ kind?: MediaKind }
  | { ok: false; error: MediaRefError };

export interface MediaUrlOptions {
  /** The service's home page (`stockMedia.serviceUrl`): its media pages are under it, path included. */
  readonly serviceUrl: string;
  /** URLs whose host also serves the service's files (the API bases); the service's host always does. */
  readonly trustedUrls: readonly string[];
}

/** The options for the configured service: pages under its home page, files on its hosts. */
export function mediaUrlOptions(config: ServiceSettings): MediaUrlOptions {
  return { serviceUrl: config.serviceUrl, trustedUrls: trustedUrls(config).mediaHosts };
}

/** The kind a page path names (`/photo/…`, `/foto/…`, `/video/…`; the plural forms too). */
const PAGE_KINDS: Readonly<Record<string, MediaKind>> = { photo: 'photo', foto: 'photo', photos: 'photo', video: 'video', videos: 'video' };
/** The kind a file path names: `/photos/<id>/<file>`, `/videos/<id>/…`, `/video-files/<id>/…`. */
const FILE_KINDS: Readonly<Record<string, MediaKind>> = { photos: 'photo', videos: 'video', 'video-files': 'video' };
/** A locale before a page's kind: `de-de`, `fr`. */
const LOCALE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2})?$/i;
const BARE_ID = /^(?:(photo|video)\s*[:#]?\s*)?(\d+)$/i;

function positiveId(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function isPexels(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && (host === 'pexels.com' || host.endsWith('.pexels.com'));
}

/** The settings' URLs (the service's, the API bases'), parsed once each rather than for every link read: a workspace's scan reads thousands. */
const settingUrls = new Map<string, { readonly host: string; readonly protocol: string; readonly pathname: string } | undefined>();
const SETTING_URLS_MAX = 16;

function settingUrl(value: string): { readonly host: string; readonly protocol: string; readonly pathname: string } | undefined {
  if (settingUrls.has(value)) return settingUrls.get(value);
  if (settingUrls.size >= SETTING_URLS_MAX) settingUrls.clear();
  const url = tryParseUrl(value);
  const parsed = url && { host: url.host.toLowerCase(), protocol: url.protocol, pathname: url.pathname };
  settingUrls.set(value, parsed);
  return parsed;
}

function sameHost(url: URL, other: string): boolean {
  const parsed = settingUrl(other);
  return parsed !== undefined && parsed.host === url.host.toLowerCase() && parsed.protocol === url.protocol;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean).map((s) => decodeURIComponentSafe(s));
}

/**
 * The path segments of `url` after the service's home page's path, or undefined when `url`
 * is not under it (pexels.com's pages are at its root).
 */
function pageSegments(url: URL, serviceUrl: string): string[] | undefined {
  const home = settingUrl(serviceUrl);
  if (home && sameHost(url, serviceUrl)) {
    const prefix = home.pathname.replace(/\/+$/, '');
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) return segmentsOf(url.pathname.slice(prefix.length));
  }
  return isPexels(url) ? segmentsOf(url.pathname) : undefined;
}

/** `<slug>-<id>` or `<id>`: the trailing number. */
function idOfSegment(segment: string | undefined): number | undefined {
  if (segment === undefined) return undefined;
  const match = /(?:^|-)(\d+)$/.exec(segment);
  return positiveId(match?.[1]);
}

/** A page: `[locale/]<kind>/<slug>-<id>`; `badId` when the kind is there but no id. */
function pageRef(segments: readonly string[]): ParsedMediaRef | undefined {
  const at = LOCALE_SEGMENT.test(segments[0] ?? '') ? 1 : 0;
  const kind = PAGE_KINDS[(segments[at] ?? '').toLowerCase()];
  if (!kind) return undefined;
  const id = idOfSegment(segments[at + 1]);
  return id === undefined ? { ok: false, error: 'badId' } : { ok: true, id, kind };
}

/** A file: `…/<photos|videos|video-files>/<id>/<file…>`, wherever the CDN keeps it. */
function fileRef(segments: readonly string[]): ParsedMediaRef | undefined {
  for (let i = 0; i + 2 < segments.length; i++) {
    const kind = FILE_KINDS[(segments[i] ?? '').toLowerCase()];
    const id = kind && /^\d+$/.test(segments[i + 1] ?? '') ? positiveId(segments[i + 1]) : undefined;
    if (kind && id !== undefined) return { ok: true, id, kind };
  }
  return undefined;
}

export function parseMediaRef(input: unknown, options: MediaUrlOptions): ParsedMediaRef {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, error: 'empty' };

  const bare = BARE_ID.exec(text);
  if (bare) {
    const id = positiveId(bare[2]);
    if (id === undefined) return { ok: false, error: 'badId' };
    const kind = bare[1]?.toLowerCase() as MediaKind | undefined;
    return kind ? { ok: true, id, kind } : { ok: true, id };
  }

  // A URL pasted without its scheme (`www.pexels.com/photo/...`) is still a URL.
  const url = tryParseUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { ok: false, error: 'notMedia' };
  if (!url.hostname.includes('.') && !isLoopbackHost(url.hostname)) return { ok: false, error: 'notMedia' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, error: 'foreignHost' };
  const trusted = isPexels(url) || sameHost(url, options.serviceUrl) || options.trustedUrls.some((t) => sameHost(url, t));
  if (!trusted) return { ok: false, error: 'foreignHost' };

  const page = pageSegments(url, options.serviceUrl);
  const asPage = page ? pageRef(page) : undefined;
  if (asPage?.ok) return asPage;
  return fileRef(segmentsOf(url.pathname)) ?? asPage ?? { ok: false, error: 'notMedia' };
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** What is wrong with a reference or link that names no media, in one sentence. */
export function mediaRefErrorText(error: MediaRefError, serviceSetting: string): string {
  const serviceName = inert(serviceSetting, SERVICE_NAME_MAX);
  switch (error) {
    case 'empty':
      return l10n.t('Paste the link of a photo or video page, or type its id.');
    case 'notMedia':
      return l10n.t('That is not the link of a photo or video page on {0}.', serviceName);
    case 'foreignHost':
      return l10n.t('Only links to {0} (or to the configured API server) can be opened.', serviceName);
    case 'badId':
      return l10n.t('That link has no photo or video id in it.');
    default: {
      const never: never = error;
      return String(never);
    }
  }
}
