// The operations of the spec as endpoints: path, checked query and the schema of the answer.
import { MediaError } from '../core/errors';
import type { CollectionList, CollectionMediaList, MediaKind, Photo, PhotoList, Video, VideoList } from '../core/model';
import { collectionList, collectionMediaList, photo, photoList, video, videoList } from '../core/model';
import type { CollectionMediaParams, Paging, PhotoSearchParams, PopularVideoParams, QueryValues, VideoSearchParams } from '../core/params';
import { checkCollectionId, checkPaging, collectionMediaQuery, photoSearchQuery, popularVideoQuery, videoSearchQuery } from '../core/params';
import type { Schema } from '../core/schema';

export interface ListOperations {
  searchPhotos: { params: PhotoSearchParams; result: PhotoList };
  curatedPhotos: { params: Paging; result: PhotoList };
  searchVideos: { params: VideoSearchParams; result: VideoList };
  popularVideos: { params: PopularVideoParams; result: VideoList };
  featuredCollections: { params: Paging; result: CollectionList };
  myCollections: { params: Paging; result: CollectionList };
  collectionMedia: { params: CollectionMediaParams & { id: string }; result: CollectionMediaList };
}
export type ListOperation = keyof ListOperations;

export type Base = 'photo' | 'video';

export interface Endpoint<T> {
  base: Base;
  path: string;
  query: QueryValues;
  schema: Schema<T>;
}

/** Builds the endpoint of a list operation; validates every parameter first. */
export function listEndpoint<K extends ListOperation>(op: K, params: ListOperations[K]['params']): Endpoint<ListOperations[K]['result']> {
  type R = Endpoint<ListOperations[K]['result']>;
  switch (op) {
    case 'searchPhotos':
      return { base: 'photo', path: 'search', query: photoSearchQuery(params as PhotoSearchParams), schema: photoList } as R;
    case 'curatedPhotos':
      return { base: 'photo', path: 'curated', query: checkPaging(params), schema: photoList } as R;
    case 'searchVideos':
      return { base: 'video', path: 'search', query: videoSearchQuery(params as VideoSearchParams), schema: videoList } as R;
    case 'popularVideos':
      return { base: 'video', path: 'popular', query: popularVideoQuery(params as PopularVideoParams), schema: videoList } as R;
    case 'featuredCollections':
      return { base: 'photo', path: 'collections/featured', query: checkPaging(params), schema: collectionList } as R;
    case 'myCollections':
      return { base: 'photo', path: 'collections', query: checkPaging(params), schema: collectionList } as R;
    case 'collectionMedia': {
      const p = params as CollectionMediaParams & { id: string };
      const id = checkCollectionId(p.id);
      return {
        base: 'photo',
        path: `collections/${encodeURIComponent(id)}`,
        query: collectionMediaQuery(p),
        schema: collectionMediaList,
      } as R;
    }
    default: {
      const never: never = op;
      throw new MediaError('invalidRequest', `Unknown operation ${String(never)}.`);
    }
  }
}

/** Get Photo or Get Video of an id already checked (params.ts checkMediaId). */
export function singleEndpoint(kind: 'photo', id: number): Endpoint<Photo>;
export function singleEndpoint(kind: 'video', id: number): Endpoint<Video>;
export function singleEndpoint(kind: MediaKind, id: number): Endpoint<Photo> | Endpoint<Video>;
export function singleEndpoint(kind: MediaKind, id: number): Endpoint<Photo> | Endpoint<Video> {
  return kind === 'photo' ? { base: 'photo', path: `photos/${id}`, query: {}, schema: photo } : { base: 'video', path: `videos/${id}`, query: {}, schema: video };
}
