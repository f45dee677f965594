// The "Cover bytes" rows of the bench: what a cover at each preset's default size weighs
// against the photo's original, both fetched from the local library (a started API server:
// its photos are PNGs drawn at exactly the size asked, so the figures are the local library's
// sizes, not the service's JPEGs). The addresses are the extension's own: the photo as Get
// Photo answers it, read through the model, then the cover's size from core/insert/sizes.ts.
// No VS Code: `npm run bench -- --only covers` prints these rows alone.
import { PRESETS } from '../../src/core/cover/presets';
import { photoAtSize, readPhotoSize } from '../../src/core/insert/sizes';
import { photo as photoSchema } from '../../src/core/model';
import type { Photo } from '../../src/core/model';
import type { ApiServer } from '../server/server';
import { median } from './table';
import type { Row } from './table';

/** Photos measured: the library's first ones of these original sizes (large, medium and small originals). */
const ORIGINAL_SIZES: readonly (readonly [number, number])[] = [
  [6000, 4000],
  [4000, 6000],
  [5472, 3648],
  [4032, 3024],
  [3000, 2000],
  [3840, 2160],
  [1920, 1280],
];

export interface CoverBytes {
  /** `WxH` or a width: the preset's default size. */
  readonly size: string;
  /** The presets that use it by default. */
  readonly presets: readonly string[];
  /** Bytes of the cover, one per photo. */
  readonly bytes: readonly number[];
}

export interface CoverBytesResult {
  readonly photos: readonly { id: number; width: number; height: number }[];
  /** Bytes of each photo's original. */
  readonly original: readonly number[];
  readonly covers: readonly CoverBytes[];
}

async function bytesOf(url: string): Promise<number> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

/** The cover's bytes at every preset's default size and the original's, for a few photos of `api`'s library. */
export async function runCoverBytesBench(api: ApiServer, log: (line: string) => void): Promise<CoverBytesResult> {
  const ids = ORIGINAL_SIZES.map(([w, h]) => api.library.photos.find((p) => p.width === w && p.height === h)?.id).filter((id): id is number => id !== undefined);
  if (ids.length === 0) throw new Error('No photo of the wanted sizes in the library');
  const photos: Photo[] = [];
  for (const id of ids) {
    const response = await fetch(`${api.baseUrl}/photos/${id}`, { headers: { Authorization: api.keys.alice } });
    if (!response.ok) throw new Error(`Get Photo ${id}: HTTP ${response.status}`);
    photos.push(photoSchema(await response.json()));
  }
  const bySize = new Map<string, string[]>();
  for (const preset of Object.values(PRESETS)) bySize.set(preset.defaultSize, [...(bySize.get(preset.defaultSize) ?? []), preset.id]);
  const original: number[] = [];
  const covers: CoverBytes[] = [...bySize].map(([size, presets]) => ({ size, presets, bytes: [] as number[] }));
  for (const photo of photos) {
    const whole = await bytesOf(photo.src.original);
    original.push(whole);
    const sizes: string[] = [];
    for (const cover of covers) {
      const read = readPhotoSize(cover.size);
      const url = 'size' in read ? photoAtSize(photo, read.size)?.url : undefined;
      if (!url) throw new Error(`No cover of photo ${photo.id} at ${cover.size}`);
      const bytes = await bytesOf(url);
      (cover.bytes as number[]).push(bytes);
      sizes.push(`${cover.size} ${kb(bytes)}`);
    }
    log(`[bench] Cover bytes: photo ${photo.id} (${photo.width}×${photo.height}) original ${kb(whole)}; ${sizes.join(', ')}`);
  }
  return { photos: photos.map((p) => ({ id: p.id, width: p.width, height: p.height })), original, covers };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function coverBytesRows(result: CoverBytesResult | undefined, error?: string): Row[] {
  const err = error ? { error } : {};
  const originals = result ? median(result.original) : NaN;
  const sizes = result ? result.photos.map((p) => `${p.width}×${p.height}`).join(', ') : '';
  const rows: Row[] = [
    {
      measure: 'Cover bytes: the original',
      unit: 'KB',
      values: result ? result.original.map((b) => b / 1024) : [],
      target: null,
      ...(result ? { note: `the local library's PNG originals of ${result.photos.length} photos (${sizes}); median of them` } : {}),
      ...err,
    },
  ];
  for (const cover of result?.covers ?? []) {
    // The share saved, photo by photo, against that photo's own original.
    const saved = cover.bytes.map((b, i) => 1 - b / (result?.original[i] ?? NaN));
    rows.push({
      measure: `  a cover at ${cover.size.replace('x', '×')}${/x/.test(cover.size) ? '' : ' wide'}`,
      unit: 'KB',
      values: cover.bytes.map((b) => b / 1024),
      target: { op: '<', value: originals / 1024 },
      note: `${cover.presets.join(', ')}; ${(median(saved) * 100).toFixed(1)} % smaller than its original (median; ${(Math.min(...saved) * 100).toFixed(1)}–${(Math.max(...saved) * 100).toFixed(1)} %)`,
      ...err,
    });
  }
  return rows;
}
