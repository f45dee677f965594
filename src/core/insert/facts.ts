// Everything an insert format needs about one photo or video, already cleaned and made
// safe: texts are one clean line, URLs are insertable or absent. The formats and
// templates read only this, so no raw service text reaches a document.
import { l10n } from '../l10n';
import type { MediaItem, Photo, Video } from '../model';
import type { CreditWords } from './creditWords';
import { ENGLISH_CREDIT, fillCredit } from './creditWords';
import { InsertError } from './insertError';
import { insertableUrl } from './links';
import type { ImageSource } from './responsive';
import { hexColor, photoSources } from './responsive';
import { ALT_MAX, NAME_MAX, cleanText } from './text';
import type { VideoQuality } from './variants';
import { chooseVideoFile, isHls, videoFileLabel, videoFileSize } from './variants';
import type { PhotoSize } from './sizes';
import { photoAtSize, sizeName } from './sizes';

export interface MediaFacts {
  readonly kind: 'photo' | 'video';
  readonly id: number;
  /** Alt text (photos: the service's, else words from the page address; videos: from the page address). */
  readonly alt: string;
  /** The photographer or videographer; may be empty. */
  readonly author: string;
  readonly authorUrl: string | undefined;
  /** The photo's or video's page on the service. */
  readonly pageUrl: string | undefined;
  readonly serviceName: string;
  readonly serviceUrl: string | undefined;
  /** The credit's words, in the credit's language; English when absent. */
  readonly words?: CreditWords;
  readonly avgColor: string | undefined;
  /** The photo size's short name (`large`, `1280w`, `1200x630`: sizes.ts), or the video file's label (`hd-1920x1080`). */
  readonly variant: string;
  /** The image or video file. */
  readonly url: string;
  readonly width: number;
  readonly height: number;
  readonly pixelWidth: number;
  readonly pixelHeight: number;
  /** MIME type of a video file. */
  readonly fileType: string | undefined;
  /** A video's poster image. */
  readonly poster: string | undefined;
  /** A photo's renderings of known width for `srcset` (responsive.ts); empty for videos. */
  readonly sources: readonly ImageSource[];
}

export interface FactsOptions {
  readonly serviceName: string;
  readonly serviceUrl: string;
  /** The photo's size (sizes.ts): a variant, a width or a crop made from the original. */
  readonly photoSize: PhotoSize;
  readonly videoQuality: VideoQuality;
  /** A specific video file (by id) chosen in a picker; overrides videoQuality. */
  readonly videoFileId?: number;
  /** The words of the credit and of fallback alt texts (creditWords.ts); English when absent. */
  readonly creditWords?: CreditWords;
}

/** Words from a page address like `/photo/brown-wooden-table-1234/`, as a fallback alt text. */
export function altFromPageUrl(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return '';
  }
  const match = /\/(?:photo|video)s?\/([a-z0-9-]+)-\d+\/?$/i.exec(path);
  const words = (match?.[1] ?? '').split('-').filter((w) => w !== '');
  if (words.length === 0) return '';
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function serviceFacts(
  options: Pick<FactsOptions, 'serviceName' | 'serviceUrl' | 'creditWords'>,
): { serviceName: string; serviceUrl: string | undefined; words: CreditWords } {
  const words = options.creditWords ?? ENGLISH_CREDIT;
  return { serviceName: cleanText(options.serviceName, NAME_MAX) || words.theService, serviceUrl: insertableUrl(options.serviceUrl), words };
}

function photoFacts(photo: Photo, options: FactsOptions): MediaFacts {
  const variant = sizeName(options.photoSize);
  const sized = photoAtSize(photo, options.photoSize);
  if (sized === undefined) {
    throw new InsertError(() => l10n.t('The {0} image of photo {1} has no safe https address, so nothing was inserted.', variant, photo.id));
  }
  const author = cleanText(photo.photographer, NAME_MAX);
  const words = options.creditWords ?? ENGLISH_CREDIT;
  const alt =
    cleanText(photo.alt, ALT_MAX) ||
    cleanText(altFromPageUrl(photo.url), ALT_MAX) ||
    (author ? fillCredit(words.photoAlt, author) : fillCredit(words.photoId, String(photo.id)));
  return {
    kind: 'photo',
    id: photo.id,
    alt,
    author,
    authorUrl: insertableUrl(photo.photographer_url),
    pageUrl: insertableUrl(photo.url),
    ...serviceFacts(options),
    avgColor: hexColor(photo.avg_color),
    variant,
    url: sized.url,
    width: sized.width,
    height: sized.height,
    pixelWidth: sized.pixelWidth,
    pixelHeight: sized.pixelHeight,
    fileType: undefined,
    poster: undefined,
    sources: photoSources(photo, options.photoSize),
  };
}

function videoFacts(video: Video, options: FactsOptions): MediaFacts {
  const picked = options.videoFileId !== undefined ? video.video_files.find((f) => f.id === options.videoFileId) : undefined;
  const file = picked ?? chooseVideoFile(video, options.videoQuality);
  const url = file ? insertableUrl(file.link) : undefined;
  if (!file || url === undefined) {
    throw new InsertError(() => l10n.t('Video {0} has no video file with a safe https address, so nothing was inserted.', video.id));
  }
  const author = cleanText(video.user?.name, NAME_MAX);
  const words = options.creditWords ?? ENGLISH_CREDIT;
  const size = videoFileSize(video, file);
  const poster = insertableUrl(video.image) ?? insertableUrl(video.video_pictures?.[0]?.picture);
  return {
    kind: 'video',
    id: video.id,
    alt: cleanText(altFromPageUrl(video.url), ALT_MAX) || (author ? fillCredit(words.videoAlt, author) : fillCredit(words.videoId, String(video.id))),
    author,
    authorUrl: insertableUrl(video.user?.url),
    pageUrl: insertableUrl(video.url),
    ...serviceFacts(options),
    avgColor: hexColor(video.avg_color),
    variant: videoFileLabel(file),
    url,
    width: size.width,
    height: size.height,
    pixelWidth: size.width,
    pixelHeight: size.height,
    fileType: isHls(file) ? 'application/x-mpegURL' : cleanText(file.file_type, 60).replace(/[^a-z0-9.+/-]/gi, '') || 'video/mp4',
    poster,
    sources: [],
  };
}

/** What a credit line needs (credit.ts); photos and videos with unsafe files still have one. */
export type CreditFacts = Pick<MediaFacts, 'kind' | 'author' | 'authorUrl' | 'pageUrl' | 'serviceName' | 'serviceUrl' | 'words'>;

/** The credit's facts alone: they need no file address, so media with unsafe files still have them. */
export function creditFacts(media: MediaItem, service: { serviceName: string; serviceUrl: string; creditWords?: CreditWords }): CreditFacts {
  const [kind, author, authorUrl, pageUrl] =
    media.kind === 'photo'
      ? (['photo', media.photo.photographer, media.photo.photographer_url, media.photo.url] as const)
      : (['video', media.video.user?.name, media.video.user?.url, media.video.url] as const);
  return {
    kind,
    author: cleanText(author, NAME_MAX),
    authorUrl: insertableUrl(authorUrl),
    pageUrl: insertableUrl(pageUrl),
    ...serviceFacts(service),
  };
}

export function mediaFacts(media: MediaItem, options: FactsOptions): MediaFacts {
  return media.kind === 'photo' ? photoFacts(media.photo, options) : videoFacts(media.video, options);
}
