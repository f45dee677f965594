// Draws a scene (scenePlans.ts makes one for each photo from its subject and setting) straight
// into PNG scanlines (png.ts): a sky gradient, then bands whose top edge is a per-column
// profile (water, sand, hills, peaks, trees, buildings, a table), then simple shapes
// (rectangles, ellipses, triangles, thick lines, rings) for the things in front. Positions are
// fractions of the picture, sizes of shapes are in units of its shorter side, so every size
// and crop of one photo shows the same scene, in proportion. Each row is filled with spans
// (TypedArray.fill), so even the 30-megapixel originals draw quickly.
// Plain code without Node's modules: library.ts measures each photo's average colour with it,
// and the web test host builds the library in its worker.
import type { Rgb } from './png';

/** Bytes of one scanline (png.ts's rowBytes, which this file cannot import: png.ts needs node:zlib). */
const rowBytes = (width: number): number => 1 + width * 3;

/** A band of the scene: from its profile's top edge down to the bottom of the picture. */
export interface Band {
  readonly kind: 'band';
  /** The top edge at u (0 = left, 1 = right), as a fraction of the height. */
  readonly top: (u: number) => number;
  /** The colour at `fromV` (fraction of the height) fading to `to` at `toV`. */
  readonly from: Rgb;
  readonly to: Rgb;
  readonly fromV: number;
  readonly toV: number;
  /** Lighter lines every few rows, closer together towards the top (waves on water). */
  readonly ripples?: Rgb;
  /** Above the row at `line` (a fraction of the height) in this colour: snow on the peaks. */
  readonly cap?: { readonly line: number; readonly colour: Rgb };
}

/**
 * A shape at an anchor (`ax`, `ay`, fractions of the width and height); every other length is
 * in units of the shorter side, relative to the anchor.
 */
export type Shape = { readonly kind: 'shape'; readonly colour: Rgb; readonly ax: number; readonly ay: number } & (
  | { readonly form: 'rect'; readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }
  /** `lower`: only the half below the centre (a bowl). */
  | { readonly form: 'ellipse'; readonly x: number; readonly y: number; readonly rx: number; readonly ry: number; readonly lower?: boolean }
  /** Apex at (x, y), base `height` lower (negative: pointing down) and `half` wide on each side. */
  | { readonly form: 'tri'; readonly x: number; readonly y: number; readonly height: number; readonly half: number }
  | { readonly form: 'line'; readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number; readonly width: number }
  | { readonly form: 'ring'; readonly x: number; readonly y: number; readonly r: number; readonly inner: number }
);

export interface Scene {
  readonly skyTop: Rgb;
  readonly skyLow: Rgb;
  /** Where the sky's gradient ends (fraction of the height); below it the sky is `skyLow`. */
  readonly horizon: number;
  /** Drawn in order, later ones in front. */
  readonly items: readonly (Band | Shape)[];
}

function clamp(c: number): number {
  return c < 0 ? 0 : c > 255 ? 255 : Math.round(c);
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [clamp(a[0] + (b[0] - a[0]) * t), clamp(a[1] + (b[1] - a[1]) * t), clamp(a[2] + (b[2] - a[2]) * t)];
}

const pack = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];

/** mix(a, b, t), packed, without making an array (it runs for every row). */
function mixPacked(a: Rgb, b: Rgb, t: number): number {
  return (clamp(a[0] + (b[0] - a[0]) * t) << 16) | (clamp(a[1] + (b[1] - a[1]) * t) << 8) | clamp(a[2] + (b[2] - a[2]) * t);
}

/** A shape in pixels: for each row, the spans [x0, x1) it covers. */
interface Placed {
  readonly colour: number;
  readonly yMin: number;
  readonly yMax: number;
  /** Pushes the spans of row centre `y` (pixels) onto `out` as x0, x1 pairs. */
  spans(y: number, out: number[]): void;
}

function place(s: Shape, width: number, height: number): Placed {
  const unit = Math.min(width, height);
  const X = (d: number): number => s.ax * width + d * unit;
  const Y = (d: number): number => s.ay * height + d * unit;
  const colour = pack(s.colour);
  switch (s.form) {
    case 'rect': {
      const [x0, x1, y0, y1] = [X(s.x0), X(s.x1), Y(s.y0), Y(s.y1)];
      return { colour, yMin: y0, yMax: y1, spans: (_y, out) => void out.push(x0, x1) };
    }
    case 'ellipse': {
      const [cx, cy, rx, ry] = [X(s.x), Y(s.y), s.rx * unit, s.ry * unit];
      return {
        colour, yMin: s.lower ? cy : cy - ry, yMax: cy + ry,
        spans: (y, out) => {
          const d = (y - cy) / ry;
          const half = rx * Math.sqrt(Math.max(0, 1 - d * d));
          out.push(cx - half, cx + half);
        },
      };
    }
    case 'tri': {
      const [ax, ay, h, half] = [X(s.x), Y(s.y), s.height * unit, s.half * unit];
      return {
        colour, yMin: Math.min(ay, ay + h), yMax: Math.max(ay, ay + h),
        spans: (y, out) => {
          const w = (half * (y - ay)) / h;
          out.push(ax - w, ax + w);
        },
      };
    }
    case 'line': {
      const [x0, y0, x1, y1, w] = [X(s.x0), Y(s.y0), X(s.x1), Y(s.y1), s.width * unit];
      const length = Math.hypot(x1 - x0, y1 - y0) || 1;
      // Half the width of the line's cut through a row (capped where the line runs along the row).
      const half = Math.min(length, w / 2 / Math.max(0.05, Math.abs(y1 - y0) / length));
      return {
        colour, yMin: Math.min(y0, y1) - w / 2, yMax: Math.max(y0, y1) + w / 2,
        spans: (y, out) => {
          const t = y1 === y0 ? 0.5 : Math.max(0, Math.min(1, (y - y0) / (y1 - y0)));
          const x = x0 + (x1 - x0) * t;
          out.push(x - half, x + half);
        },
      };
    }
    case 'ring': {
      const [cx, cy, r, inner] = [X(s.x), Y(s.y), s.r * unit, s.inner * unit];
      return {
        colour, yMin: cy - r, yMax: cy + r,
        spans: (y, out) => {
          const dy = y - cy;
          const outer = Math.sqrt(Math.max(0, r * r - dy * dy));
          const hole = dy * dy < inner * inner ? Math.sqrt(inner * inner - dy * dy) : 0;
          if (hole === 0) out.push(cx - outer, cx + outer);
          else out.push(cx - outer, cx - hole, cx + hole, cx + outer);
        },
      };
    }
  }
}

/** A band in pixels: its top row in each column and its colour in each row. */
interface PlacedBand {
  readonly tops: Int32Array;
  readonly minTop: number;
  readonly maxTop: number;
  readonly rows: Int32Array;
  readonly cap: { readonly line: number; readonly colour: number } | null;
}

function placeBand(b: Band, width: number, height: number): PlacedBand {
  const tops = new Int32Array(width);
  let minTop = height;
  let maxTop = 0;
  for (let x = 0; x < width; x++) {
    const top = Math.round(b.top((x + 0.5) / width) * height);
    tops[x] = top;
    if (top < minTop) minTop = top;
    if (top > maxTop) maxTop = top;
  }
  const rows = new Int32Array(height);
  const period = Math.max(2, Math.round(height * 0.012));
  for (let y = Math.max(0, minTop); y < height; y++) {
    const v = (y + 0.5) / height;
    const t = Math.max(0, Math.min(1, (v - b.fromV) / Math.max(1e-6, b.toV - b.fromV)));
    // Waves: a lighter line every few rows, further apart towards the bottom (nearer).
    const ripple = b.ripples && Math.floor((y - minTop) / (period * (1 + t * 2))) % 3 === 0;
    rows[y] = ripple && b.ripples ? pack(mix(mix(b.from, b.to, t), b.ripples, 0.2)) : mixPacked(b.from, b.to, t);
  }
  const cap = b.cap ? { line: Math.round(b.cap.line * height), colour: pack(b.cap.colour) } : null;
  return { tops, minTop, maxTop, rows, cap };
}

/** Draws `scene` at width x height row by row: `take` gets each row's colours (0xRRGGBB), in a buffer it must not keep. */
function drawRows(width: number, height: number, scene: Scene, take: (y: number, row: Int32Array) => void): void {
  const sky = new Int32Array(height);
  for (let y = 0; y < height; y++) sky[y] = mixPacked(scene.skyTop, scene.skyLow, Math.min(1, (y + 0.5) / height / scene.horizon));
  const items = scene.items.map((item) => (item.kind === 'band' ? placeBand(item, width, height) : place(item, width, height)));
  const row = new Int32Array(width);
  const spans: number[] = [];
  for (let y = 0; y < height; y++) {
    row.fill(sky[y] ?? 0);
    const cy = y + 0.5;
    for (const item of items) {
      if ('tops' in item) {
        if (y < item.minTop) continue;
        const colour = item.rows[y] ?? 0;
        if (y >= item.maxTop && y >= (item.cap?.line ?? 0)) {
          row.fill(colour);
          continue;
        }
        const { tops, cap } = item;
        for (let x = 0; x < width; x++) {
          const top = tops[x] ?? 0;
          if (y >= top) row[x] = cap && y < cap.line ? cap.colour : colour;
        }
      } else if (cy >= item.yMin && cy < item.yMax) {
        spans.length = 0;
        item.spans(cy, spans);
        for (let i = 0; i + 1 < spans.length; i += 2) {
          const x0 = Math.max(0, Math.round(spans[i] ?? 0));
          const x1 = Math.min(width, Math.round(spans[i + 1] ?? 0));
          if (x1 > x0) row.fill(item.colour, x0, x1);
        }
      }
    }
    take(y, row);
  }
}

/** Scanlines (filter byte 0, then RGB) of `scene` at width x height. */
export function drawScene(width: number, height: number, scene: Scene): Buffer {
  const stride = rowBytes(width);
  const out = Buffer.alloc(stride * height);
  drawRows(width, height, scene, (y, row) => {
    let o = y * stride + 1;
    for (let x = 0; x < width; x++) {
      const c = row[x] ?? 0;
      out[o++] = c >> 16;
      out[o++] = (c >> 8) & 0xff;
      out[o++] = c & 0xff;
    }
  });
  return out;
}

/** The mean colour of `scene` drawn at `width` x `height` (a small size is enough). */
export function averageColour(scene: Scene, width: number, height: number): Rgb {
  let [r, g, b] = [0, 0, 0];
  drawRows(width, height, scene, (_y, row) => {
    for (let x = 0; x < width; x++) {
      const c = row[x] ?? 0;
      r += c >> 16;
      g += (c >> 8) & 0xff;
      b += c & 0xff;
    }
  });
  const n = width * height;
  return [clamp(r / n), clamp(g / n), clamp(b / n)];
}
