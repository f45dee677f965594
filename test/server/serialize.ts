// The JSON form of each resource, exactly as spec section 2 lists the fields, with the
// hostile switch applied on the way out (the library itself never changes).
import { hostileMediaUrl, hostileText, hostileUrl, mediaUrlSpoil } from './hostile';
import { PHOTO_VARIANT_QUERIES } from './images';
import type { PhotoVariant } from './images';
import { altIn } from './library';
import type { Library, LibraryCollection, LibraryPhoto, LibraryVideo, MediaRef } from './library';
import type { AltLanguage } from './vocab';
import {
  photoFileUrl,
  photoPageUrl,
  profileUrl,
  videoFileUrl,
  videoImageUrl,
  videoPageUrl,
  videoPictureUrl,
} from './urls';
import { spoilCollection, spoilPhoto, spoilVideo } from './spoil';

export interface RenderContext {
  readonly origin: string;
  /**
   * Where the library's pages are (photo, video and profile pages): `origin` and the page
   * prefix when it is served under a path (ApiServerOptions.pagePrefix); `origin` when absent.
   */
  readonly pages?: string;
  readonly hostile: boolean;
  /**
   * Hostile mode points some media URLs at real files on this origin (another loopback
   * host, the one foreignNextPage uses); without it they stay on `origin`.
   */
  readonly foreignOrigin?: string;
  /** The language of alt texts (a search's `locale`, vocab.ts languageOfLocale); English when absent. */
  readonly language?: 'en' | AltLanguage;
  /** Some items lose required fields (spoil.ts). */
  readonly missingFields?: boolean;
  /** Some items carry required fields with the wrong JSON type (spoil.ts). */
  readonly wrongTypes?: boolean;
}

const LIGHT_PHOTO_VARIANTS: ReadonlySet<PhotoVariant> = new Set(['tiny', 'small', 'medium', 'large']);

/** A photo's media URL in hostile mode (mediaUrlSpoil), else the real one. */
function photoMediaUrl(photo: LibraryPhoto, variant: PhotoVariant, ctx: RenderContext, slot: number): string {
  const spoil = ctx.hostile ? mediaUrlSpoil(photo.id) : null;
  const light = LIGHT_PHOTO_VARIANTS.has(variant);
  if (spoil === 'unsafe' || (spoil === 'mixed' && !light)) return hostileMediaUrl(photo.id, slot);
  if (spoil === 'foreign' && light) return photoFileUrl(ctx.foreignOrigin ?? ctx.origin, photo, variant);
  return photoFileUrl(ctx.origin, photo, variant);
}

export type PhotoJson = {
  type?: 'Photo';
  id: number;
  width: number;
  height: number;
  url: string;
  photographer: string;
  photographer_url: string;
  photographer_id: number;
  avg_color: string;
  src: Record<PhotoVariant, string>;
  liked: boolean;
  alt?: string;
};

export interface VideoFileJson {
  id: number;
  quality: string;
  file_type: string;
  width: number | null;
  height: number | null;
  fps: number;
  link: string;
}

export type VideoJson = {
  type?: 'Video';
  id: number;
  width: number;
  height: number;
  url: string;
  image: string;
  full_res?: null;
  tags?: string[];
  avg_color?: null;
  duration: number;
  user: { id: number; name: string; url: string };
  video_files: VideoFileJson[];
  video_pictures: { id: number; picture: string; nr: number }[];
};

export interface CollectionJson {
  id: string;
  title: string;
  description: string | null;
  private: boolean;
  media_count: number;
  photos_count: number;
  videos_count: number;
}

/** Where a video appears decides its extra fields (spec 2.3, 2.5). */
export type VideoPlace = 'list' | 'single' | 'collection';

export function photoJson(photo: LibraryPhoto, ctx: RenderContext, inCollection = false): PhotoJson {
  const { hostile } = ctx;
  const pages = ctx.pages ?? ctx.origin;
  const src = {} as Record<PhotoVariant, string>;
  for (const [slot, variant] of (Object.keys(PHOTO_VARIANT_QUERIES) as PhotoVariant[]).entries()) src[variant] = photoMediaUrl(photo, variant, ctx, slot);
  const json: PhotoJson = {
    ...(inCollection ? { type: 'Photo' as const } : {}),
    id: photo.id,
    width: photo.width,
    height: photo.height,
    url: (hostile && hostileUrl(photo.id, 0)) || photoPageUrl(pages, photo),
    photographer: hostile ? hostileText(photo.id, 1) : photo.photographer.name,
    photographer_url: (hostile && hostileUrl(photo.id, 1)) || profileUrl(pages, photo.photographer),
    photographer_id: photo.photographer.id,
    avg_color: photo.avgColor,
    src,
    liked: photo.liked,
  };
  if (!inCollection) json.alt = hostile ? hostileText(photo.id, 0) : altIn(photo, ctx.language ?? 'en');
  return spoilPhoto(json, ctx);
}

export function videoJson(video: LibraryVideo, ctx: RenderContext, place: VideoPlace): VideoJson {
  const { origin, hostile } = ctx;
  const spoil = hostile ? mediaUrlSpoil(video.id) : null;
  const pictureOrigin = spoil === 'foreign' ? (ctx.foreignOrigin ?? origin) : origin;
  const fileLink = (file: LibraryVideo['files'][number], slot: number): string =>
    spoil === 'unsafe' || (spoil === 'mixed' && file.quality === 'hd') ? hostileMediaUrl(video.id, slot) : videoFileUrl(origin, video, file);
  return spoilVideo({
    ...(place === 'collection' ? { type: 'Video' as const } : {}),
    id: video.id,
    width: video.width,
    height: video.height,
    url: (hostile && hostileUrl(video.id, 0)) || videoPageUrl(ctx.pages ?? origin, video),
    image: spoil === 'unsafe' ? hostileMediaUrl(video.id, 0) : videoImageUrl(pictureOrigin, video),
    ...(place === 'list' ? {} : { full_res: null, tags: [] }),
    ...(place === 'collection' ? { avg_color: null } : {}),
    duration: video.duration,
    user: {
      id: video.user.id,
      name: hostile ? hostileText(video.id, 2) : video.user.name,
      url: (hostile && hostileUrl(video.id, 1)) || profileUrl(ctx.pages ?? origin, video.user),
    },
    video_files: video.files.map((file, slot) => ({
      id: file.id,
      quality: file.quality,
      file_type: file.fileType,
      width: file.width,
      height: file.height,
      fps: file.fps,
      link: fileLink(file, slot),
    })),
    video_pictures: video.pictureIds.map((id, nr) => ({
      id,
      picture: spoil === 'unsafe' ? hostileMediaUrl(video.id, nr + 1) : videoPictureUrl(pictureOrigin, video, nr),
      nr,
    })),
  }, ctx);
}

export function collectionJson(collection: LibraryCollection, ctx: RenderContext): CollectionJson {
  const photos = collection.media.filter((m) => m.type === 'Photo').length;
  return spoilCollection({
    id: collection.id,
    title: ctx.hostile ? hostileText(collection.id, 0) : collection.title,
    description: ctx.hostile ? hostileText(collection.id, 1) : collection.description,
    private: collection.private,
    media_count: collection.media.length,
    photos_count: photos,
    videos_count: collection.media.length - photos,
  }, ctx);
}

export function mediaRefJson(library: Library, ref: MediaRef, ctx: RenderContext): PhotoJson | VideoJson {
  if (ref.type === 'Photo') {
    const photo = library.photoById.get(ref.id);
    if (photo) return photoJson(photo, ctx, true);
  } else {
    const video = library.videoById.get(ref.id);
    if (video) return videoJson(video, ctx, 'collection');
  }
  throw new Error(`the library has no ${ref.type} ${ref.id}`);
}
