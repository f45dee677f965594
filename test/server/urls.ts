// Where every URL field of a resource points: all at this server (pages, profiles, image
// and video files), mirroring the real service's URL shapes.
import { PHOTO_VARIANT_QUERIES } from './images';
import type { PhotoVariant } from './images';
import type { LibraryPhoto, LibraryVideo, LibraryVideoFile, Person } from './library';

export function photoPageUrl(origin: string, photo: LibraryPhoto): string {
  return `${origin}/photo/${photo.slug}-${photo.id}/`;
}

export function videoPageUrl(origin: string, video: LibraryVideo): string {
  return `${origin}/video/${video.slug}-${video.id}/`;
}

export function profileUrl(origin: string, person: Person): string {
  return `${origin}/@${person.slug}`;
}

export function photoFileUrl(origin: string, photo: LibraryPhoto, variant: PhotoVariant): string {
  const query = PHOTO_VARIANT_QUERIES[variant];
  return `${origin}/media/photos/${photo.id}/pexels-photo-${photo.id}.png${query ? `?${query}` : ''}`;
}

/** The screenshot, cropped in the video's own orientation (changelog 2021-09-13). */
export function videoImageUrl(origin: string, video: LibraryVideo): string {
  const [w, h] = video.height > video.width ? [630, 1200] : [1200, 630];
  return `${origin}/media/videos/${video.id}/free-video-${video.id}.png?auto=compress&cs=tinysrgb&fit=crop&h=${h}&w=${w}`;
}

export function videoPictureUrl(origin: string, video: LibraryVideo, nr: number): string {
  return `${origin}/media/videos/${video.id}/pictures/preview-${nr}.png`;
}

export function videoFileUrl(origin: string, video: LibraryVideo, file: LibraryVideoFile): string {
  if (file.quality === 'hls') return `${origin}/media/videos/${video.id}/hls/${file.id}.m3u8`;
  return `${origin}/media/videos/${video.id}/files/${file.id}-${file.quality}_${file.width}_${file.height}_${Math.round(file.fps)}fps.mp4`;
}

export function videoSearchPageUrl(origin: string, query: string): string {
  return `${origin}/search/videos/${encodeURIComponent(query)}/`;
}

export function popularVideosPageUrl(origin: string): string {
  return `${origin}/popular-videos/`;
}
