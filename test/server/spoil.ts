// The `missingFields` and `wrongTypes` switches: some items of every answer (isSpoiledItem)
// lose required fields, or carry them with the wrong JSON type, as a broken proxy, an API
// change or a buggy stand-in might send them. Applied to the JSON on the way out.
import { isSpoiledItem } from './hostile';
import type { CollectionJson, PhotoJson, VideoJson } from './serialize';

export interface SpoilSwitches {
  readonly missingFields?: boolean;
  readonly wrongTypes?: boolean;
}

type Loose = Record<string, unknown>;

function spoiled<T extends { id: number | string }>(json: T, s: SpoilSwitches, missing: readonly string[], wrong: Loose): T {
  if ((!s.missingFields && !s.wrongTypes) || !isSpoiledItem(json.id)) return json;
  const out: Loose = { ...json };
  if (s.missingFields) for (const field of missing) delete out[field];
  if (s.wrongTypes) Object.assign(out, wrong);
  return out as T;
}

export function spoilPhoto(json: PhotoJson, s: SpoilSwitches): PhotoJson {
  return spoiled(json, s, ['src', 'photographer'], { width: String(json.width), alt: 42, liked: 'yes', src: json.src.large });
}

export function spoilVideo(json: VideoJson, s: SpoilSwitches): VideoJson {
  return spoiled(json, s, ['user', 'video_files'], { duration: `${json.duration}s`, user: json.user.name, video_files: {} });
}

export function spoilCollection(json: CollectionJson, s: SpoilSwitches): CollectionJson {
  return spoiled(json, s, ['title', 'media_count'], { title: 42, media_count: String(json.media_count), private: 'no' });
}

/** The lists of every list answer, by the key the spec gives them. */
const LIST_KEYS = ['photos', 'videos', 'collections', 'media'] as const;

/**
 * The `badItems` switch: exactly two items of a list answer are broken, whatever else is
 * on: the second has a wrong-typed required field (`"width": "wide"`, for a collection
 * `"media_count": "many"`), the fourth lacks a required field (`src`, a video's
 * `video_files`, a collection's `title`). The envelope stays intact. Returns how many
 * items were broken (0 for an answer without a list).
 */
export function breakTwoItems(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const record = body as Loose;
  const key = LIST_KEYS.find((k) => Array.isArray(record[k]));
  if (!key) return 0;
  const list = [...(record[key] as Loose[])];
  let broken = 0;
  const wrong = list[1];
  if (wrong) {
    list[1] = key === 'collections' ? { ...wrong, media_count: 'many' } : { ...wrong, width: 'wide' };
    broken += 1;
  }
  const missing = list[3];
  if (missing) {
    const out: Loose = { ...missing };
    if (key === 'collections') delete out.title;
    else if ('video_files' in out) delete out.video_files;
    else delete out.src;
    list[3] = out;
    broken += 1;
  }
  record[key] = list;
  return broken;
}
