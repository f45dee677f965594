// Decoders for every resource and envelope of the spec, with its documented variations.
// A list answer keeps every item that decodes and counts the others in `skipped`; a
// broken envelope, or a single photo or video asked for by id, fails as a whole.
import type {
  Collection,
  CollectionList,
  CollectionMediaItem,
  CollectionMediaList,
  Photo,
  PhotoList,
  PhotoSrc,
  Video,
  VideoFile,
  VideoList,
  VideoPicture,
  VideoUser,
} from '../core/model';
import type { Decoder } from './schema';
import { array, bool, int, intLike, items, literal, nullable, num, object, str, unknownValue } from './schema';

const photoSrc: Decoder<PhotoSrc> = object<PhotoSrc>({
  original: str,
  large2x: str,
  large: str,
  medium: str,
  small: str,
  portrait: str,
  landscape: str,
  tiny: str,
});

const photoFields = {
  id: intLike,
  width: int,
  height: int,
  url: str,
  photographer: str,
  photographer_url: str,
  photographer_id: intLike,
  avg_color: nullable(str),
  src: photoSrc,
  liked: bool,
  alt: str,
};

export const photo: Decoder<Photo> = object<Photo>(
  { ...photoFields, liked: (v, p) => (v === undefined ? false : bool(v, p)), avg_color: (v, p) => (v === undefined ? null : nullable(str)(v, p)) },
  ['alt'],
);

const videoUser: Decoder<VideoUser> = object<VideoUser>({ id: intLike, name: str, url: str });

const videoFile: Decoder<VideoFile> = object<VideoFile>(
  {
    id: intLike,
    quality: nullable(str),
    file_type: str,
    width: nullable(int),
    height: nullable(int),
    link: str,
    fps: nullable(num),
    size: nullable(num),
  },
  ['fps', 'size'],
);

const videoPicture: Decoder<VideoPicture> = object<VideoPicture>({ id: intLike, picture: str, nr: int });

const videoFields = {
  id: intLike,
  width: int,
  height: int,
  url: str,
  image: str,
  full_res: unknownValue,
  tags: array(unknownValue),
  duration: int,
  user: videoUser,
  video_files: array(videoFile),
  video_pictures: array(videoPicture),
  avg_color: nullable(str),
};

export const video: Decoder<Video> = object<Video>(videoFields, ['full_res', 'tags', 'avg_color']);

export const collection: Decoder<Collection> = object<Collection>({
  id: (v, p) => (typeof v === 'number' ? String(v) : str(v, p)),
  title: str,
  description: (v, p) => (v === undefined ? null : nullable(str)(v, p)),
  private: bool,
  media_count: int,
  photos_count: int,
  videos_count: int,
});

const collectionMediaItem: Decoder<CollectionMediaItem> = (v, p) => {
  const kind = object<{ type: 'Photo' | 'Video' }>({ type: literal('Photo', 'Video') })(v, p);
  return kind.type === 'Photo'
    ? { ...photo(v, p), type: 'Photo' as const }
    : { ...video(v, p), type: 'Video' as const };
};

/** `skipped` is this extension's count, set by listOf; a value the service sends is dropped. */
const notFromService: Decoder<undefined> = () => undefined;

const envelopeFields = {
  page: int,
  per_page: int,
  total_results: int,
  next_page: str,
  prev_page: str,
  skipped: notFromService,
};
const envelopeOptional = ['next_page', 'prev_page', 'skipped'] as const;

/**
 * A list answer: the envelope decoded strictly, the result list item by item. `skipped`
 * is always set from what was left out here (never taken from the answer itself).
 */
function listOf<T extends { skipped?: number }>(decoder: Decoder<T>): Decoder<T> {
  return (v, p, report) => {
    let skipped = 0;
    const out = decoder(v, p, (error) => {
      skipped += 1;
      report?.(error);
    });
    return { ...out, skipped };
  };
}

export const photoList: Decoder<PhotoList> = listOf(
  object<PhotoList>({ ...envelopeFields, photos: items(photo) }, envelopeOptional),
);

export const videoList: Decoder<VideoList> = listOf(
  object<VideoList>({ ...envelopeFields, videos: items(video), url: str }, [...envelopeOptional, 'url']),
);

export const collectionList: Decoder<CollectionList> = listOf(
  object<CollectionList>({ ...envelopeFields, collections: items(collection) }, envelopeOptional),
);

export const collectionMediaList: Decoder<CollectionMediaList> = listOf(
  object<CollectionMediaList>(
    {
      ...envelopeFields,
      id: (v, p) => (typeof v === 'number' ? String(v) : str(v, p)),
      media: items(collectionMediaItem),
    },
    envelopeOptional,
  ),
);
