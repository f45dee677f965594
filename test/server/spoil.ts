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
