// Checks that a value from outside (a command argument, dragged data) has the shape of a
// MediaItem before anything reads it. Only the fields the insert needs are checked; their
// contents are untrusted anyway and cleaned later (facts.ts).
import type { MediaItem, Photo, Video } from '../model';
import { PHOTO_VARIANTS } from '../model';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isSize = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

export function isPhoto(value: unknown): value is Photo {
  if (!isRecord(value) || !isId(value.id) || !isSize(value.width) || !isSize(value.height)) return false;
  if (typeof value.url !== 'string' || typeof value.photographer !== 'string' || typeof value.photographer_url !== 'string') return false;
  const src = value.src;
  return isRecord(src) && PHOTO_VARIANTS.every((v) => typeof src[v] === 'string');
}

export function isVideo(value: unknown): value is Video {
  if (!isRecord(value) || !isId(value.id) || !isSize(value.width) || !isSize(value.height)) return false;
  if (typeof value.url !== 'string' || typeof value.image !== 'string') return false;
  const user = value.user;
  if (!isRecord(user) || typeof user.name !== 'string' || typeof user.url !== 'string') return false;
  if (!Array.isArray(value.video_pictures)) return false;
  return (
    Array.isArray(value.video_files) &&
    value.video_files.every(
      (f: unknown) =>
        isRecord(f) &&
        typeof f.link === 'string' &&
        typeof f.file_type === 'string' &&
        (f.width === null || isSize(f.width)) &&
        (f.height === null || isSize(f.height)),
    )
  );
}

export function isMediaItem(value: unknown): value is MediaItem {
  if (!isRecord(value)) return false;
  if (value.kind === 'photo') return isPhoto(value.photo);
  if (value.kind === 'video') return isVideo(value.video);
  return false;
}
