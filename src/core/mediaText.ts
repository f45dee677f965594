// The words and Markdown shown for one photo or video (tree labels, hovers): pure, so the
// escaping that keeps API text from turning into markup or links (src/core/inert.ts) is
// tested in plain Node.
import { l10n } from './l10n';
import type { MediaItem } from './model';
import { inert, inertMarkdown, markdownLink, markdownLinkTarget, SERVICE_NAME_MAX } from './inert';

/** `0:42`, `12:05`, `1:02:03`. */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A short name for a video's resolution class, from its shorter side. */
export function videoResolutionName(width: number, height: number): string | undefined {
  const short = Math.min(width, height);
  if (short >= 2160) return '4K';
  if (short >= 1440) return 'QHD';
  if (short >= 1080) return 'Full HD';
  if (short >= 720) return 'HD';
  return undefined;
}

function dimensions(width: number, height: number): string {
  return `${width} × ${height}`;
}

/** `6000 × 4000 px (24 MP)` or `3840 × 2160 (4K) · 1:05`. */
export function mediaSizeText(item: MediaItem): string {
  if (item.kind === 'photo') {
    const { width, height } = item.photo;
    const mp = (width * height) / 1_000_000;
    const mpText = mp >= 10 ? String(Math.round(mp)) : String(Math.round(mp * 10) / 10);
    return `${dimensions(width, height)} px (${mpText} MP)`;
  }
  const { width, height, duration } = item.video;
  const name = videoResolutionName(width, height);
  return `${dimensions(width, height)}${name ? ` (${name})` : ''} · ${formatDuration(duration)}`;
}

/**
 * The words of a page URL's slug (`/photo/brown-rocks-at-dusk-2014422/` → "Brown rocks
 * at dusk"): the service's own title for media that carry no alt text, as collection
 * photos and all videos do. Undefined when the URL has no words before the id.
 */
export function titleFromPageUrl(pageUrl: unknown, id: number): string | undefined {
  if (typeof pageUrl !== 'string') return undefined;
  let path: string;
  try {
    path = new URL(pageUrl).pathname;
  } catch {
    return undefined;
  }
  const last = path.split('/').filter((s) => s !== '').pop();
  if (last === undefined) return undefined;
  let segment: string;
  try {
    segment = decodeURIComponent(last);
  } catch {
    return undefined;
  }
  const suffix = `-${id}`;
  if (!segment.endsWith(suffix)) return undefined;
  const words = inert(segment.slice(0, -suffix.length).replace(/[-_]+/g, ' '), 120);
  if (!/\p{L}/u.test(words)) return undefined;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function authorName(item: MediaItem): string {
  return inert(item.kind === 'photo' ? item.photo.photographer : item.video.user.name, 80);
}

/** Who made it, inside a sentence ("Photo by …"): the photographer, or the video's user. */
export function mediaAuthor(item: MediaItem): string {
  return authorName(item) || l10n.t('an unknown author');
}

/**
 * Who made it, standing alone (the tree's description). A separate message from the one
 * inside sentences, because languages such as German inflect it there ("von einem …").
 */
export function mediaAuthorAlone(item: MediaItem): string {
  return authorName(item) || l10n.t('Unknown author');
}

/** What the media shows in words: the photo's alt text, else the page's own title; undefined when neither has words. */
export function mediaTitle(item: MediaItem): string | undefined {
  if (item.kind === 'photo') {
    const alt = inert(item.photo.alt, 120);
    if (alt !== '') return alt;
    return titleFromPageUrl(item.photo.url, item.photo.id);
  }
  return titleFromPageUrl(item.video.url, item.video.id);
}

/** The tree label: alt text, else the page's own title, else "Photo by …" / "Video by …". */
export function mediaLabel(item: MediaItem): string {
  return mediaTitle(item) ?? (item.kind === 'photo' ? l10n.t('Photo by {0}', mediaAuthor(item)) : l10n.t('Video by {0}', mediaAuthor(item)));
}

/** A small picture for a hover: the photo's tiny (or small) variant, the video's first preview. */
export function thumbnailUrl(item: MediaItem): string | undefined {
  if (item.kind === 'photo') {
    return markdownLinkTarget(item.photo.src.tiny) ?? markdownLinkTarget(item.photo.src.small);
  }
  const pictures = [...item.video.video_pictures].sort((a, b) => a.nr - b.nr);
  for (const picture of pictures) {
    const url = markdownLinkTarget(picture.picture);
    if (url) return url;
  }
  return markdownLinkTarget(item.video.image);
}

export interface MediaTooltipOptions {
  serviceName: string;
}

/**
 * The hover of a media node as Markdown (to be rendered with HTML off): thumbnail, title,
 * size (and duration), and the credit with links to the author and the page.
 */
export function mediaTooltipMarkdown(item: MediaItem, opts: MediaTooltipOptions): string {
  const label = mediaLabel(item);
  const parts: string[] = [];
  const thumb = thumbnailUrl(item);
  if (thumb) parts.push(`![${inertMarkdown(label, 120)}](${thumb})`);
  parts.push(`**${inertMarkdown(label)}**`);
  const kind = item.kind === 'photo' ? l10n.t('Photo') : l10n.t('Video');
  parts.push(`${inertMarkdown(kind)} · ${inertMarkdown(mediaSizeText(item))}`);
  const authorUrl = item.kind === 'photo' ? item.photo.photographer_url : item.video.user.url;
  const pageUrl = item.kind === 'photo' ? item.photo.url : item.video.url;
  const author = markdownLink(mediaAuthor(item), authorUrl);
  const service = markdownLink(inert(opts.serviceName, SERVICE_NAME_MAX) || l10n.t('the service'), pageUrl);
  // The sentence is ours (not escaped); only the names and links in it come from the API.
  parts.push(item.kind === 'photo' ? l10n.t('Photo by {0} on {1}', author, service) : l10n.t('Video by {0} on {1}', author, service));
  return parts.join('\n\n');
}

/** What a screen reader says for a media node. */
export function mediaAccessibilityLabel(item: MediaItem): string {
  return item.kind === 'photo'
    ? l10n.t('Photo: {0}, by {1}', mediaLabel(item), mediaAuthor(item))
    : l10n.t('Video, {0}: {1}, by {2}', formatDuration(item.video.duration), mediaLabel(item), mediaAuthor(item));
}
