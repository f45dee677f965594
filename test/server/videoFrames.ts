// A video's pictures (its `image`, the poster, and its `video_pictures`, the previews) cut
// from the sample video its files play (samples/README.md): samples/<name>.frames.png holds,
// one below the other, the sample's first frame and six frames spread over its length, small
// (samples/frames.mjs made them with Chromium's decoder); here they are scaled up to the size
// asked for (the samples are smooth gradients), cropped from the middle like the CDN's
// `fit=crop`, so the poster is the first frame the video shows and the previews its later ones.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { cachedPng } from './images';
import type { Size } from './images';
import type { LibraryVideo } from './library';
import { encodePng, readPngSize, rowBytes } from './png';

/** test/server/samples/ of the repository this bundle was built in: it lives in <repo>/out/<folder>/ or deeper (out/under-test/vscode/). */
const SAMPLE_DIR = ((): string => {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    const samples = join(dir, 'test', 'server', 'samples');
    if (existsSync(samples) || dirname(dir) === dir) return samples;
  }
})();
const SAMPLES = { landscape: ['sunset-320x180.mp4', 'sea-320x180.mp4'], portrait: ['forest-180x320.mp4'] } as const;
/** Frames in each strip: the poster (the first frame), then one per preview picture. */
export const SAMPLE_FRAMES = 7;

/**
 * The sample video a library video's files play: portrait videos the portrait one (a forest);
 * the others the sea for the sea and beaches, the sunset for sunsets, else one by id.
 */
export function sampleName(video: Pick<LibraryVideo, 'id' | 'width' | 'height' | 'tags'>): string {
  if (video.height > video.width) return SAMPLES.portrait[0];
  if (video.tags.includes('sea') || video.tags.includes('ocean')) return 'sea-320x180.mp4';
  if (video.tags.includes('sunset')) return 'sunset-320x180.mp4';
  return SAMPLES.landscape[video.id % SAMPLES.landscape.length] ?? SAMPLES.landscape[0];
}

export function samplePath(name: string): string {
  return join(SAMPLE_DIR, name);
}

interface Strip {
  readonly width: number;
  readonly height: number;
  /** RGB, row after row, without the filter bytes. */
  readonly rgb: Buffer;
}

const strips = new Map<string, Strip>();

/** The strip of a sample: an RGB PNG whose rows all use filter 0, as frames.mjs writes them. */
function strip(name: string): Strip {
  let found = strips.get(name);
  if (found) return found;
  const png = readFileSync(samplePath(name.replace(/\.mp4$/, '.frames.png')));
  const size = readPngSize(png);
  if (!size || png[24] !== 8 || png[25] !== 2) throw new Error(`${name}: its frames are not an 8-bit RGB PNG`);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const stride = rowBytes(size.width);
  const rgb = Buffer.alloc(size.width * size.height * 3);
  for (let y = 0; y < size.height; y++) {
    if (rows[y * stride] !== 0) throw new Error(`${name}: row ${y} of its frames is filtered; make them again with frames.mjs`);
    rows.copy(rgb, y * size.width * 3, y * stride + 1, (y + 1) * stride);
  }
  found = { width: size.width, height: size.height / SAMPLE_FRAMES, rgb: rgb.subarray(0) };
  strips.set(name, found);
  return found;
}

/**
 * Frame `frame` (0: the poster; 1–6: the previews) of the video's sample as a PNG of `size`:
 * scaled to cover it and cropped from the middle, with bilinear filtering.
 */
export function videoFramePng(video: Pick<LibraryVideo, 'id' | 'width' | 'height' | 'tags'>, frame: number, size: Size): Buffer {
  const name = sampleName(video);
  const index = Math.max(0, Math.min(SAMPLE_FRAMES - 1, frame));
  return cachedPng(`frame:${name}:${index}:${size.width}x${size.height}`, () => {
    const s = strip(name);
    const scale = Math.max(size.width / s.width, size.height / s.height);
    const offsetX = (s.width * scale - size.width) / 2;
    const offsetY = (s.height * scale - size.height) / 2;
    const top = index * s.height;
    const stride = rowBytes(size.width);
    const out = Buffer.alloc(stride * size.height);
    const xs = new Float64Array(size.width);
    for (let x = 0; x < size.width; x++) xs[x] = Math.max(0, Math.min(s.width - 1, (x + 0.5 + offsetX) / scale - 0.5));
    for (let y = 0; y < size.height; y++) {
      const sy = Math.max(0, Math.min(s.height - 1, (y + 0.5 + offsetY) / scale - 0.5));
      const y0 = Math.floor(sy);
      const y1 = Math.min(s.height - 1, y0 + 1);
      const fy = sy - y0;
      const row0 = (top + y0) * s.width * 3;
      const row1 = (top + y1) * s.width * 3;
      let o = y * stride + 1;
      for (let x = 0; x < size.width; x++) {
        const sx = xs[x] ?? 0;
        const x0 = Math.floor(sx);
        const x1 = Math.min(s.width - 1, x0 + 1);
        const fx = sx - x0;
        for (let c = 0; c < 3; c++) {
          const a = (s.rgb[row0 + x0 * 3 + c] ?? 0) * (1 - fx) + (s.rgb[row0 + x1 * 3 + c] ?? 0) * fx;
          const b = (s.rgb[row1 + x0 * 3 + c] ?? 0) * (1 - fx) + (s.rgb[row1 + x1 * 3 + c] ?? 0) * fx;
          out[o++] = Math.round(a * (1 - fy) + b * fy);
        }
      }
    }
    return encodePng(size.width, size.height, out);
  });
}
