// The nine endpoints of spec section 4, answered from the library for one known user.
// Authentication, quota and the failure switches are handled before this (server.ts).
import type { Library, LibraryCollection, UserName } from './library';
import { pageOf, parsePaging } from './paging';
import { parseColor, parseOrientation, parseSize, photoMatches, videoMatches, videoMatchesPopular } from './search';
import type { PopularFilters } from './search';
import { collectionJson, mediaRefJson, photoJson, videoJson } from './serialize';
import type { RenderContext } from './serialize';
import { popularVideosPageUrl, videoSearchPageUrl } from './urls';
import { languageOfLocale } from './vocab';

export interface ApiRequest {
  readonly library: Library;
  readonly user: UserName;
  /** Path without a trailing slash, e.g. `/v1/search`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly render: RenderContext;
  /** Origin that next_page/prev_page point at (another one under `foreignNextPage`). */
  readonly linkOrigin: string;
}

export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

export const NOT_FOUND: ApiAnswer = { status: 404, body: { status: 404, error: 'Not Found' } };

const missingQuery: ApiAnswer = { status: 400, body: { status: 400, error: 'The query parameter is required.' } };

function searchText(query: URLSearchParams): string | null {
  const text = query.get('query')?.trim() ?? '';
  return text === '' ? null : text;
}

function nonNegativeInt(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
}

function searchPhotos(req: ApiRequest): ApiAnswer {
  const text = searchText(req.query);
  if (text === null) return missingQuery;
  const filters = {
    query: text,
    orientation: parseOrientation(req.query.get('orientation')),
    size: parseSize(req.query.get('size')),
    color: parseColor(req.query.get('color')),
  };
  const found = req.library.photos.filter((p) => photoMatches(p, filters));
  const { items, ...envelope } = pageOf(found, parsePaging(req.query), req.linkOrigin, req.path, req.query);
  return { status: 200, body: withList(envelope, 'photos', items.map((p) => photoJson(p, req.render))) };
}

function curated(req: ApiRequest): ApiAnswer {
  const photos = req.library.curatedPhotoIds.map((id) => req.library.photoById.get(id)).filter((p) => p !== undefined);
  const { items, ...envelope } = pageOf(photos, parsePaging(req.query), req.linkOrigin, req.path, req.query);
  return { status: 200, body: withList(envelope, 'photos', items.map((p) => photoJson(p, req.render))) };
}

function onePhoto(req: ApiRequest, id: number): ApiAnswer {
  const photo = req.library.photoById.get(id);
  return photo ? { status: 200, body: photoJson(photo, req.render) } : NOT_FOUND;
}

function searchVideos(req: ApiRequest): ApiAnswer {
  const text = searchText(req.query);
  if (text === null) return missingQuery;
  const filters = {
    query: text,
    orientation: parseOrientation(req.query.get('orientation')),
    size: parseSize(req.query.get('size')),
  };
  const found = req.library.videos.filter((v) => videoMatches(v, filters));
  const { items, ...envelope } = pageOf(found, parsePaging(req.query), req.linkOrigin, req.path, req.query);
  const body = withList(envelope, 'videos', items.map((v) => videoJson(v, req.render, 'list')));
  return { status: 200, body: { ...body, url: videoSearchPageUrl(req.render.pages ?? req.render.origin, text) } };
}

function popularVideos(req: ApiRequest): ApiAnswer {
  const filters: PopularFilters = {
    minWidth: nonNegativeInt(req.query.get('min_width')),
    minHeight: nonNegativeInt(req.query.get('min_height')),
    minDuration: nonNegativeInt(req.query.get('min_duration')),
    maxDuration: nonNegativeInt(req.query.get('max_duration')),
  };
  const videos = req.library.popularVideoIds
    .map((id) => req.library.videoById.get(id))
    .filter((v) => v !== undefined)
    .filter((v) => videoMatchesPopular(v, filters));
  const { items, ...envelope } = pageOf(videos, parsePaging(req.query), req.linkOrigin, req.path, req.query);
  const body = withList(envelope, 'videos', items.map((v) => videoJson(v, req.render, 'list')));
  return { status: 200, body: { ...body, url: popularVideosPageUrl(req.render.pages ?? req.render.origin) } };
}

function oneVideo(req: ApiRequest, id: number): ApiAnswer {
  const video = req.library.videoById.get(id);
  return video ? { status: 200, body: videoJson(video, req.render, 'single') } : NOT_FOUND;
}

function collectionList(req: ApiRequest, collections: readonly LibraryCollection[]): ApiAnswer {
  const { items, ...envelope } = pageOf(collections, parsePaging(req.query), req.linkOrigin, req.path, req.query);
  return { status: 200, body: withList(envelope, 'collections', items.map((c) => collectionJson(c, req.render))) };
}

/** Visible only when featured or owned by the caller; anything else is "Not Found". */
function collectionMedia(req: ApiRequest, id: string): ApiAnswer {
  const collection = req.library.collectionById.get(id);
  if (!collection || !(collection.featured || collection.owner === req.user)) return NOT_FOUND;
  const type = req.query.get('type');
  let media = collection.media.filter((m) => (type === 'photos' ? m.type === 'Photo' : type === 'videos' ? m.type === 'Video' : true));
  if (req.query.get('sort') === 'desc') media = [...media].reverse();
  const { items, ...envelope } = pageOf(media, parsePaging(req.query), req.linkOrigin, req.path, req.query);
  const body = withList(envelope, 'media', items.map((m) => mediaRefJson(req.library, m, req.render)));
  return { status: 200, body: { ...body, id: collection.id } };
}

/** The envelope with the list placed after per_page, where the real service puts it. */
function withList<L extends string, T>(
  envelope: { page: number; per_page: number; total_results: number; prev_page?: string; next_page?: string },
  name: L,
  list: T[],
): Record<string, unknown> {
  const { page, per_page, total_results, ...links } = envelope;
  return { page, per_page, [name]: list, total_results, ...links };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function answerApi(request: ApiRequest): ApiAnswer {
  // Alt texts in the language of `locale` wherever photos are answered (English without one).
  const req = { ...request, render: { ...request.render, language: languageOfLocale(request.query.get('locale')) } };
  const { path } = req;
  let m: RegExpExecArray | null;
  switch (path) {
    case '/v1/search':
      return searchPhotos(req);
    case '/v1/curated':
      return curated(req);
    case '/v1/collections/featured':
      return collectionList(req, req.library.collections.filter((c) => c.featured));
    case '/v1/collections':
      return collectionList(req, req.library.collections.filter((c) => c.owner === req.user));
    case '/videos/search':
      return searchVideos(req);
    case '/videos/popular':
      return popularVideos(req);
  }
  if ((m = /^\/v1\/photos\/(\d{1,15})$/.exec(path))) return onePhoto(req, Number(m[1]));
  if ((m = /^\/videos\/videos\/(\d{1,15})$/.exec(path))) return oneVideo(req, Number(m[1]));
  if ((m = /^\/v1\/collections\/([^/]+)$/.exec(path))) return collectionMedia(req, safeDecode(m[1] ?? ''));
  return NOT_FOUND;
}
