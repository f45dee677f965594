// The JSON form of each resource, exactly as spec section 2 lists the fields, with the
// hostile switch applied on the way out (the library itself never changes).
import { hostileText, hostileUrl } from './hostile';
import { PHOTO_VARIANT_QUERIES } from './images';
import type { PhotoVariant } from './images';
import type { Library, LibraryCollection, LibraryPhoto, LibraryVideo, MediaRef } from './library';
import {
  photoFileUrl,
  photoPageUrl,
  profileUrl,
  videoFileUrl,
  videoImageUrl,
  videoPageUrl,
  videoPictureUrl,
} from './urls';

export interface RenderContext {
  readonly origin: string;
  readonly hostile: boolean;
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
  const { origin, hostile } = ctx;
  const src = {} as Record<PhotoVariant, string>;
  for (const variant of Object.keys(PHOTO_VARIANT_QUERIES) as PhotoVariant[]) src[variant] = photoFileUrl(origin, photo, variant);
  const json: PhotoJson = {
    ...(inCollection ? { type: 'Photo' as const } : {}),
    id: photo.id,
    width: photo.width,
    height: photo.height,
    url: (hostile && hostileUrl(photo.id, 0)) || photoPageUrl(origin, photo),
    photographer: hostile ? hostileText(photo.id, 1) : photo.photographer.name,
    photographer_url: (hostile && hostileUrl(photo.id, 1)) || profileUrl(origin, photo.photographer),
    photographer_id: photo.photographer.id,
    avg_color: photo.avgColor,
    src,
    liked: photo.liked,
  };
  if (!inCollection) json.alt = hostile ? hostileText(photo.id, 0) : photo.alt;
  return json;
}

export function videoJson(video: LibraryVideo, ctx: RenderContext, place: VideoPlace): VideoJson {
  const { origin, hostile } = ctx;
  return {
    ...(place === 'collection' ? { type: 'Video' as const } : {}),
    id: video.id,
    width: video.width,
    height: video.height,
    url: (hostile && hostileUrl(video.id, 0)) || videoPageUrl(origin, video),
    image: videoImageUrl(origin, video),
    ...(place === 'list' ? {} : { full_res: null, tags: [] }),
    ...(place === 'collection' ? { avg_color: null } : {}),
    duration: video.duration,
    user: {
      id: video.user.id,
      name: hostile ? hostileText(video.id, 2) : video.user.name,
      url: (hostile && hostileUrl(video.id, 1)) || profileUrl(origin, video.user),
    },
    video_files: video.files.map((file) => ({
      id: file.id,
      quality: file.quality,
      file_type: file.fileType,
      width: file.width,
      height: file.height,
      fps: file.fps,
      link: videoFileUrl(origin, video, file),
    })),
    video_pictures: video.pictureIds.map((id, nr) => ({ id, picture: videoPictureUrl(origin, video, nr), nr })),
  };
}

export function collectionJson(collection: LibraryCollection, ctx: RenderContext): CollectionJson {
  const photos = collection.media.filter((m) => m.type === 'Photo').length;
  return {
    id: collection.id,
    title: ctx.hostile ? hostileText(collection.id, 0) : collection.title,
    description: ctx.hostile ? hostileText(collection.id, 1) : collection.description,
    private: collection.private,
    media_count: collection.media.length,
    photos_count: photos,
    videos_count: collection.media.length - photos,
  };
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
