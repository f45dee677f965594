// The local library's pictures: a landscape that looks like a photograph at thumbnail size
// (sky fading to the horizon, a sun, far and near hills, sometimes a lake with the sun's
// reflection), drawn around the media's average colour and laid out from a seed (the media's
// id), so every picture differs and every size of one picture shows the same scene. Drawn
// straight into PNG scanlines (png.ts); each row takes its colours from per-row tables and
// each column its hill heights from per-column tables, so even the originals draw quickly.
import type { Rgb } from './png';
import { rowBytes } from './png';
import { createRng } from './prng';

function clamp(c: number): number {
  return c < 0 ? 0 : c > 255 ? 255 : Math.round(c);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [clamp(a[0] + (b[0] - a[0]) * t), clamp(a[1] + (b[1] - a[1]) * t), clamp(a[2] + (b[2] - a[2]) * t)];
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const SUNLIGHT: Rgb = [255, 244, 214];

/** A ridge line: the sum of a few sines with random frequencies and phases, in [0, 1]. */
function ridge(rng: ReturnType<typeof createRng>): (u: number) => number {
  const waves = [1, 2.3, 5.1].map((base, i) => ({ f: base * (0.7 + rng.next() * 0.6), p: rng.next(), a: 1 / (i + 1) }));
  const total = waves.reduce((sum, w) => sum + w.a, 0);
  return (u) => waves.reduce((sum, w) => sum + w.a * (0.5 + 0.5 * Math.sin(2 * Math.PI * (w.f * u + w.p))), 0) / total;
}

/**
 * Scanlines (filter byte 0, then RGB) of a width x height scene around `base`; `variation`
 * moves the sun a little, for a video's successive preview pictures.
 */
export function drawScene(width: number, height: number, base: Rgb, seed: number, variation = 0): Buffer {
  const rng = createRng(seed * 7919 + 17);
  const horizon = 0.5 + rng.next() * 0.18;
  const lake = rng.chance(0.5);
  const waterTop = horizon + 0.06 + rng.next() * 0.06;
  const farRidge = ridge(rng);
  const nearRidge = ridge(rng);
  const sunU = 0.15 + rng.next() * 0.7 + variation * 0.04;
  const sunV = 0.12 + rng.next() * Math.max(0.05, horizon - 0.3) + variation * 0.02;
  const sunR = (0.06 + rng.next() * 0.05) * Math.min(width, height);

  const skyTop = mix(base, [70, 120, 200], 0.35);
  const skyLow = mix(base, WHITE, 0.55);
  const sun = mix(base, SUNLIGHT, 0.85);
  const far = mix(mix(base, BLACK, 0.25), skyLow, 0.35);
  const nearTop = mix(base, BLACK, 0.35);
  const nearLow = mix(base, BLACK, 0.6);
  const waterTopColour = mix(skyLow, base, 0.45);
  const waterLow = mix(base, BLACK, 0.45);

  // Per-row colours as 0xRRGGBB.
  const pack = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];
  const skyRow = new Int32Array(height);
  const farRow = new Int32Array(height);
  const nearRow = new Int32Array(height);
  const waterRow = new Int32Array(height);
  const glintRow = new Int32Array(height);
  /** Half the width of the sun's reflection in each row of water: broken up by the ripples. */
  const glintHalfRow = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5) / height;
    skyRow[y] = pack(mix(skyTop, skyLow, Math.min(1, v / horizon)));
    farRow[y] = pack(mix(far, nearTop, Math.max(0, (v - horizon) * 3)));
    nearRow[y] = pack(mix(nearTop, nearLow, Math.max(0, Math.min(1, (v - horizon) / (1 - horizon)))));
    const depth = Math.max(0, Math.min(1, (v - waterTop) / (1 - waterTop)));
    // Ripples: every few rows a lighter line, closer together towards the horizon.
    const ripple = Math.floor(y / Math.max(2, Math.round(height * 0.012 * (1 + depth * 2)))) % 3 === 0 ? 0.12 : 0;
    waterRow[y] = pack(mix(mix(waterTopColour, waterLow, depth), WHITE, ripple));
    glintRow[y] = pack(mix(mix(sun, waterTopColour, depth * 0.5), WHITE, ripple));
    glintHalfRow[y] = sunR * (ripple > 0 ? 0.8 : 0.35) * (1 - depth * 0.6);
  }
  // Per-column ridge heights in rows.
  const farTop = new Int32Array(width);
  const nearTopRow = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    const u = (x + 0.5) / width;
    farTop[x] = Math.round((horizon - 0.04 - 0.16 * farRidge(u)) * height);
    nearTopRow[x] = Math.round((horizon + 0.05 - 0.12 * nearRidge(u)) * height);
  }
  const sunX = sunU * width;
  const sunY = sunV * height;
  const waterY = lake ? Math.round(waterTop * height) : height;

  const stride = rowBytes(width);
  const out = Buffer.alloc(stride * height);
  const sunRgb = pack(sun);
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    out[o++] = 0;
    const dy = y + 0.5 - sunY;
    const sunHalf = dy * dy < sunR * sunR ? Math.sqrt(sunR * sunR - dy * dy) : -1;
    const sky = skyRow[y] ?? 0;
    const farC = farRow[y] ?? 0;
    const nearC = nearRow[y] ?? 0;
    const water = y >= waterY;
    const waterC = waterRow[y] ?? 0;
    const glintC = glintRow[y] ?? 0;
    const glintHalf = glintHalfRow[y] ?? 0;
    for (let x = 0; x < width; x++) {
      let c: number;
      if (water) c = Math.abs(x + 0.5 - sunX) < glintHalf ? glintC : waterC;
      else if (y >= (nearTopRow[x] ?? 0)) c = nearC;
      else if (y >= (farTop[x] ?? 0)) c = farC;
      else c = sunHalf >= 0 && Math.abs(x + 0.5 - sunX) <= sunHalf ? sunRgb : sky;
      out[o++] = c >> 16;
      out[o++] = (c >> 8) & 0xff;
      out[o++] = c & 0xff;
    }
  }
  return out;
}
