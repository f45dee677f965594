// The service's resources as they arrive on the wire (spec §2), after run-time checks.
// Field names stay in the service's snake_case so a reader can hold them against the spec.

export type MediaKind = 'photo' | 'video';
export const MEDIA_KINDS: readonly MediaKind[] = ['photo', 'video'];

export const PHOTO_VARIANTS = [
  'original',
  'large2x',
  'large',
  'medium',
  'small',
  'portrait',
  'landscape',
  'tiny',
] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
export type PhotoSrc = Record<PhotoVariant, string>;

export interface Photo {
  id: number;
  width: number;
  height: number;
  url: string;
  photographer: string;
  photographer_url: string;
  photographer_id: number;
  /** `#RRGGBB`; null is tolerated because videos in collections carry null. */
  avg_color: string | null;
  src: PhotoSrc;
  liked: boolean;
  /** Absent in collection media (spec §2.5). */
  alt?: string;
}

export interface VideoUser {
  id: number;
  name: string;
  url: string;
}

export interface VideoFile {
  id: number;
  /** `hd`, `sd`, `hls` and possibly others (e.g. `uhd`). */
  quality: string | null;
  file_type: string;
  /** Null for `hls`. */
  width: number | null;
  height: number | null;
  link: string;
  fps?: number | null;
  size?: number | null;
}

export interface VideoPicture {
  id: number;
  picture: string;
  nr: number;
}

export interface Video {
  id: number;
  width: number;
  height: number;
  url: string;
  image: string;
  /** Null in every observed response; its non-null type is not documented. */
  full_res?: unknown;
  /** Empty in every observed response; element type not documented. */
  tags?: unknown[];
  duration: number;
  user: VideoUser;
  video_files: VideoFile[];
  video_pictures: VideoPicture[];
  /** Only on videos inside a collection, null there. */
  avg_color?: string | null;
}

export interface Collection {
  id: string;
  title: string;
  description: string | null;
  private: boolean;
  media_count: number;
  photos_count: number;
  videos_count: number;
}

export type CollectionPhoto = Photo & { type: 'Photo' };
export type CollectionVideo = Video & { type: 'Video' };
export type CollectionMediaItem = CollectionPhoto | CollectionVideo;

/** The pagination envelope of every list response (spec §2.1). */
export interface Envelope {
  page: number;
  per_page: number;
  total_results: number;
  next_page?: string;
  prev_page?: string;
  /**
   * Not the service's: how many items of this page could not be read and were left out
   * (each is logged with its field path). Set on every decoded list answer.
   */
  skipped?: number;
}

export interface PhotoList extends Envelope {
  photos: Photo[];
}

export interface VideoList extends Envelope {
  videos: Video[];
  /** URL of the search (or page) on the service. */
  url?: string;
}

export interface CollectionList extends Envelope {
  collections: Collection[];
}

export interface CollectionMediaList extends Envelope {
  id: string;
  media: CollectionMediaItem[];
}

/** A photo or a video, tagged, as the UI handles them. */
export type MediaItem = { kind: 'photo'; photo: Photo } | { kind: 'video'; video: Video };
