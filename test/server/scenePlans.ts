// What each photo of the local library shows, so a picture reads as its title at thumbnail
// size: a sea is water to the horizon, a beach sand and surf, a mountain peaks (snowy when the
// title says so), a forest dark pines, a city buildings with windows, a sunset an orange sky
// with a low sun, a cup, bread, books or a laptop stand on a table, a cat, dog or bird is a
// simple silhouette. The setting shifts every colour (night dark, black and white grey, fog
// pale, golden hour warm, autumn trees orange). Laid out from the photo's id; `tint` (the
// library's random colour for the photo) colours walls, fur and the like, so photos of one
// subject differ. The photo's average colour is measured from the picture (library.ts).
import type { Rgb } from './png';
import { createRng } from './prng';
import type { Rng } from './prng';
import { mix } from './scene';
import type { Band, Scene, Shape } from './scene';

export interface SceneSubject {
  readonly id: number;
  /** The subject's key first (vocab.ts), then its other tags and the setting's. */
  readonly tags: readonly string[];
  /** The English title, for details such as "snowy" or "turquoise". */
  readonly alt: string;
  readonly tint: Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

type ShapeGeometry = Shape extends infer S ? (S extends Shape ? Omit<S, 'kind' | 'colour' | 'ax' | 'ay'> : never) : never;

interface Ctx {
  readonly rng: Rng;
  readonly alt: string;
  readonly tint: Rgb;
  readonly night: boolean;
  /** Rain or fog: no sun. */
  readonly overcast: boolean;
  /** The setting's shift of a colour; `glow` colours (lit windows, the sun, the moon) keep theirs at night. */
  g(c: Rgb, glow?: boolean): Rgb;
  readonly items: (Band | Shape)[];
  band(top: number | ((u: number) => number), from: Rgb, to: Rgb, extra?: Partial<Pick<Band, 'ripples' | 'cap' | 'fromV' | 'toV'>>): void;
  /** A shape anchored at (ax, ay); its colour is shifted by the setting. */
  shape(colour: Rgb, ax: number, ay: number, geometry: ShapeGeometry, glow?: boolean): void;
}

function grade(tags: readonly string[]): (c: Rgb) => Rgb {
  const has = (t: string): boolean => tags.includes(t);
  if (has('monochrome')) return (c) => { const l = 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2]; return [l, l, l].map(Math.round) as unknown as Rgb; };
  if (has('night')) return (c) => mix(c, [8, 12, 30], 0.7);
  if (has('fog')) return (c) => mix(c, [205, 208, 212], 0.45);
  if (has('rain')) return (c) => mix(c, [110, 118, 126], 0.35);
  if (has('golden hour') || has('sunrise')) return (c) => mix(c, [255, 170, 80], 0.18);
  return (c) => c;
}

/** The sky of an outdoor scene in this setting: top and horizon colours. */
function skyOf(tags: readonly string[]): [Rgb, Rgb] {
  if (tags.includes('night')) return [[4, 6, 20], [22, 30, 64]];
  if (tags.includes('fog')) return [[196, 200, 204], [222, 224, 226]];
  if (tags.includes('rain')) return [[84, 94, 106], [150, 156, 162]];
  if (tags.includes('sunrise') || tags.includes('golden hour')) return [[110, 130, 200], [252, 186, 110]];
  if (tags.includes('blue')) return [[30, 100, 215], [140, 195, 250]];
  return [[96, 156, 222], [196, 222, 246]];
}

/** A wavy line in [0, 1]: a few sines with random frequencies and phases. */
function ridge(rng: Rng): (u: number) => number {
  const waves = [1, 2.3, 5.1].map((base, i) => ({ f: base * (0.7 + rng.next() * 0.6), p: rng.next(), a: 1 / (i + 1) }));
  const total = waves.reduce((sum, w) => sum + w.a, 0);
  return (u) => waves.reduce((sum, w) => sum + w.a * (0.5 + 0.5 * Math.sin(2 * Math.PI * (w.f * u + w.p))), 0) / total;
}

const hills = (rng: Rng, base: number, amp: number): ((u: number) => number) => {
  const r = ridge(rng);
  return (u) => base - amp * r(u);
};

/** Sharp peaks: the lowest of a few steep triangles, never below `base`. */
function peaks(rng: Rng, count: number, base: number, amp: number): (u: number) => number {
  const list = Array.from({ length: count }, (_, i) => ({ u: (i + 0.2 + rng.next() * 0.6) / count, h: amp * (0.55 + rng.next() * 0.45), s: 1.4 + rng.next() * 1.2 }));
  return (u) => list.reduce((top, p) => Math.min(top, base - p.h + p.s * p.h * Math.abs(u - p.u) * 2), base);
}

/** A row of pines: each a narrow triangle. */
function pines(rng: Rng, count: number, base: number, amp: number): (u: number) => number {
  const list = Array.from({ length: count }, (_, i) => ({ u: (i + rng.next()) / count, h: amp * (0.6 + rng.next() * 0.4), w: (0.7 + rng.next() * 0.5) / count }));
  return (u) => list.reduce((top, p) => (Math.abs(u - p.u) < p.w ? Math.min(top, base - p.h * (1 - Math.abs(u - p.u) / p.w)) : top), base);
}

/** Buildings: blocks of random widths and heights; returns the profile and the blocks. */
function blocks(rng: Rng, base: number, amp: number): { top: (u: number) => number; list: { u0: number; u1: number; v: number }[] } {
  const list: { u0: number; u1: number; v: number }[] = [];
  for (let u = -0.02; u < 1; ) {
    const w = 0.06 + rng.next() * 0.1;
    list.push({ u0: u, u1: u + w, v: base - amp * (0.3 + rng.next() * 0.7) });
    u += w + (rng.chance(0.3) ? 0.01 : 0);
  }
  return { top: (u) => list.find((b) => u >= b.u0 && u < b.u1)?.v ?? base, list };
}

function sun(c: Ctx, u: number, v: number, r: number): void {
  if (c.overcast) return;
  if (c.night) c.shape([232, 232, 214], u, v, { form: 'ellipse', x: 0, y: 0, rx: r * 0.6, ry: r * 0.6 }, true);
  else c.shape([255, 236, 180], u, v, { form: 'ellipse', x: 0, y: 0, rx: r, ry: r }, true);
}

function ocean(c: Ctx): number {
  const h = 0.4 + c.rng.next() * 0.14;
  const turquoise = c.alt.includes('turquoise') || c.rng.chance(0.3);
  if (c.rng.chance(0.6)) sun(c, 0.2 + c.rng.next() * 0.6, h * 0.45, 0.07);
  c.band(h, turquoise ? [70, 200, 200] : [60, 130, 200], turquoise ? [10, 120, 140] : [10, 50, 120], { ripples: [220, 240, 245], fromV: h, toV: 1 });
  if (c.alt.includes('rocks')) {
    const rocks = hills(c.rng, 0.86, 0.22);
    c.band((u) => rocks(u) - 0.035, [240, 246, 248], [240, 246, 248]);
    c.band(rocks, [80, 72, 64], [34, 30, 28], { fromV: 0.65, toV: 1 });
  }
  return h;
}

function beach(c: Ctx): number {
  const h = 0.38 + c.rng.next() * 0.1;
  const shore = h + 0.16 + c.rng.next() * 0.06;
  const wave = hills(c.rng, shore, 0.03);
  c.band(h, [60, 170, 200], [30, 130, 170], { ripples: [225, 242, 245], fromV: h, toV: shore });
  c.band((u) => wave(u) - 0.02, [246, 248, 246], [246, 248, 246]);
  c.band(wave, [226, 200, 150], [206, 174, 124], { fromV: shore, toV: 1 });
  if (c.alt.includes('palm')) {
    const u = 0.2 + c.rng.next() * 0.2;
    c.shape([96, 70, 44], u, 0.9, { form: 'line', x0: 0, y0: 0, x1: 0.12, y1: -0.62, width: 0.035 });
    for (const [dx, dy] of [[-0.2, 0.06], [0.2, 0.08], [-0.12, 0.13], [0.15, 0.15], [0, -0.05]] as const) {
      c.shape([40, 110, 50], u, 0.9, { form: 'line', x0: 0.12, y0: -0.62, x1: 0.12 + dx, y1: -0.62 + dy, width: 0.05 });
    }
  }
  if (c.alt.includes('footprints')) {
    for (let i = 0; i < 6; i++) c.shape([176, 146, 102], 0.45 + (i % 2) * 0.06, 0.98 - i * 0.055, { form: 'ellipse', x: 0, y: 0, rx: 0.02, ry: 0.012 });
  }
  return h;
}

function mountain(c: Ctx): number {
  const snowy = c.alt.includes('snow') || c.rng.chance(0.5);
  sun(c, 0.15 + c.rng.next() * 0.7, 0.14, 0.05);
  c.band(peaks(c.rng, 4, 0.62, 0.4), [150, 160, 180], [120, 130, 150], { cap: { line: 0.3 + c.rng.next() * 0.06, colour: c.g([246, 248, 252]) }, fromV: 0.25, toV: 0.7 });
  c.band(peaks(c.rng, 3, 0.75, 0.36), [112, 104, 98], [70, 66, 62], { fromV: 0.4, toV: 0.9, ...(snowy ? { cap: { line: 0.5, colour: c.g([250, 250, 252]) } } : {}) });
  if (c.alt.includes('clouds')) c.band(hills(c.rng, 0.86, 0.1), [244, 246, 250], [214, 220, 230], { fromV: 0.75, toV: 1 });
  else c.band(hills(c.rng, 0.88, 0.08), [84, 120, 60], [48, 80, 36], { fromV: 0.8, toV: 1 });
  if (c.alt.includes('hiker')) {
    c.shape([30, 30, 34], 0.62, 0.82, { form: 'line', x0: 0, y0: 0, x1: 0, y1: -0.09, width: 0.025 });
    c.shape([30, 30, 34], 0.62, 0.82, { form: 'ellipse', x: 0, y: -0.11, rx: 0.017, ry: 0.017 });
  }
  return 0.6;
}

function forest(c: Ctx, autumn: boolean): number {
  const leaf = (): Rgb => (autumn ? c.rng.pick<Rgb>([[200, 90, 30], [220, 150, 40], [170, 50, 30]]) : [36, 92, 30]);
  c.band(pines(c.rng, 14, 0.5, 0.3), mix(leaf(), WHITE, 0.35), mix(leaf(), WHITE, 0.2), { fromV: 0.2, toV: 0.5 });
  c.band(pines(c.rng, 9, 0.74, 0.58), leaf(), mix(leaf(), BLACK, 0.45), { fromV: 0.15, toV: 0.8 });
  c.band(hills(c.rng, 0.84, 0.04), autumn ? [140, 80, 40] : [70, 90, 40], [50, 40, 24], { fromV: 0.8, toV: 1 });
  if (c.alt.includes('path')) c.shape([170, 140, 100], 0.5, 0.8, { form: 'tri', x: 0, y: 0, height: 1, half: 0.4 });
  if (c.alt.includes('sunlight')) sun(c, 0.3 + c.rng.next() * 0.4, 0.12, 0.08);
  return 0.3;
}

function city(c: Ctx): number {
  const back = blocks(c.rng, 0.72, 0.4);
  const front = blocks(c.rng, 0.82, 0.5);
  c.band(back.top, [150, 160, 176], [128, 136, 150], { fromV: 0.3, toV: 0.8 });
  const wall: Rgb = c.rng.pick<Rgb>([[84, 90, 104], [120, 100, 90], [70, 80, 96], [110, 114, 120]]);
  c.band(front.top, wall, mix(wall, BLACK, 0.3), { fromV: 0.3, toV: 0.85 });
  const lit: Rgb = c.night ? [255, 210, 110] : [190, 214, 236];
  for (const b of front.list) {
    for (let u = b.u0 + 0.015; u < b.u1 - 0.02; u += 0.035) {
      for (let v = b.v + 0.03; v < 0.8; v += 0.06) if (!c.night || c.rng.chance(0.6)) c.shape(lit, u, v, { form: 'rect', x0: 0, y0: 0, x1: 0.012, y1: 0.02 }, true);
    }
  }
  c.band(0.84, [60, 62, 66], [40, 40, 44], { fromV: 0.84, toV: 1 });
  for (let u = 0.05; u < 1; u += 0.14) c.shape([230, 220, 120], u, 0.92, { form: 'rect', x0: 0, y0: 0, x1: 0.06, y1: 0.008 });
  return 0.5;
}

function sunset(c: Ctx): number {
  const h = 0.74 + c.rng.next() * 0.08;
  c.shape([255, 214, 130], 0.25 + c.rng.next() * 0.5, h - 0.06, { form: 'ellipse', x: 0, y: 0, rx: 0.13, ry: 0.13 }, true);
  if (c.alt.includes('clouds')) {
    for (let i = 0; i < 5; i++) c.shape([236, 120, 90], c.rng.next(), 0.15 + c.rng.next() * 0.35, { form: 'ellipse', x: 0, y: 0, rx: 0.3, ry: 0.03 });
  }
  c.band(hills(c.rng, h + 0.06, 0.1), [70, 36, 50], [24, 14, 24], { fromV: h - 0.05, toV: 1 });
  if (c.alt.includes('silhouette')) {
    c.shape([20, 12, 20], 0.66, h - 0.04, { form: 'line', x0: 0, y0: 0, x1: 0, y1: -0.16, width: 0.04 });
    c.shape([20, 12, 20], 0.66, h - 0.04, { form: 'ellipse', x: 0, y: -0.2, rx: 0.03, ry: 0.03 });
  }
  return h;
}

function flowers(c: Ctx): number {
  const cherry = c.alt.includes('cherry');
  if (cherry) {
    for (let i = 0; i < 3; i++) c.shape([80, 54, 40], 0, 0.2 + i * 0.3, { form: 'line', x0: 0, y0: 0, x1: 1.6, y1: -0.2 + c.rng.next() * 0.4, width: 0.03 });
    for (let i = 0; i < 140; i++) c.shape(c.rng.pick<Rgb>([[248, 190, 210], [240, 160, 190], [252, 222, 232]]), c.rng.next(), c.rng.next(), { form: 'ellipse', x: 0, y: 0, rx: 0.04, ry: 0.04 });
    return 1;
  }
  const h = 0.42 + c.rng.next() * 0.1;
  c.band(hills(c.rng, h, 0.05), [100, 150, 60], [50, 110, 40], { fromV: h, toV: 1 });
  const colours: Rgb[] = c.alt.includes('poppies') ? [[214, 30, 30], [196, 20, 24]] : [[220, 40, 60], [245, 200, 40], [240, 130, 170], [150, 60, 170], [250, 120, 30]];
  const list = Array.from({ length: 150 }, () => ({ u: c.rng.next(), v: h + 0.02 + c.rng.next() * (1 - h), col: c.rng.pick(colours) })).sort((a, b) => a.v - b.v);
  for (const f of list) {
    const r = 0.02 + 0.1 * ((f.v - h) / (1 - h)) ** 1.5;
    c.shape(f.col, f.u, f.v, { form: 'ellipse', x: 0, y: 0, rx: r, ry: r * 0.8 });
  }
  return h;
}

function snow(c: Ctx): number {
  if (c.alt.includes('window')) {
    for (let i = 0; i < 90; i++) c.shape([250, 252, 255], c.rng.next(), c.rng.next(), { form: 'ellipse', x: 0, y: 0, rx: 0.012, ry: 0.012 });
    c.shape([240, 240, 236], 0.5, 0, { form: 'rect', x0: -0.02, y0: 0, x1: 0.02, y1: 3 });
    return 1;
  }
  const h = 0.5 + c.rng.next() * 0.08;
  c.band(hills(c.rng, h, 0.08), [248, 250, 252], [214, 224, 236], { fromV: h - 0.08, toV: 1 });
  if (c.alt.includes('lake')) c.shape([176, 206, 226], 0.5, 0.8, { form: 'ellipse', x: 0, y: 0, rx: 1.2, ry: 0.1 });
  for (let i = 0; i < 7; i++) {
    const [u, v] = [0.05 + c.rng.next() * 0.9, h + 0.05 + c.rng.next() * 0.12];
    if (c.alt.includes('village')) {
      c.shape(c.rng.pick<Rgb>([[150, 70, 50], [120, 90, 60], [170, 120, 80]]), u, v, { form: 'rect', x0: -0.05, y0: -0.06, x1: 0.05, y1: 0 });
      c.shape([250, 250, 252], u, v, { form: 'tri', x: 0, y: -0.13, height: 0.07, half: 0.07 });
      c.shape([255, 210, 110], u, v, { form: 'rect', x0: -0.015, y0: -0.04, x1: 0.01, y1: -0.015 }, true);
    } else c.shape([40, 70, 50], u, v, { form: 'tri', x: 0, y: -0.16, height: 0.16, half: 0.04 });
  }
  return h;
}

/** A table top from `v` down, and the wall above it in a light version of the tint. */
function table(c: Ctx, v: number, wood: Rgb): void {
  c.band(v, wood, mix(wood, BLACK, 0.35), { fromV: v, toV: 1 });
}

function coffee(c: Ctx): void {
  table(c, 0.62, [150, 100, 60]);
  const u = 0.4 + c.rng.next() * 0.2;
  const cup: Rgb = c.rng.pick<Rgb>([[244, 240, 232], [236, 232, 224], mix(c.tint, WHITE, 0.3)]);
  c.shape([250, 250, 248], u, 0.8, { form: 'ellipse', x: 0, y: 0, rx: 0.26, ry: 0.06 });
  c.shape(cup, u, 0.8, { form: 'ring', x: 0.17, y: -0.12, r: 0.07, inner: 0.04 });
  c.shape(cup, u, 0.8, { form: 'rect', x0: -0.16, y0: -0.25, x1: 0.16, y1: -0.06 });
  c.shape(cup, u, 0.8, { form: 'ellipse', x: 0, y: -0.06, rx: 0.16, ry: 0.05 });
  c.shape(cup, u, 0.8, { form: 'ellipse', x: 0, y: -0.25, rx: 0.16, ry: 0.045 });
  c.shape([96, 58, 30], u, 0.8, { form: 'ellipse', x: 0, y: -0.25, rx: 0.14, ry: 0.035 });
  if (c.alt.includes('latte')) c.shape([226, 200, 160], u, 0.8, { form: 'ellipse', x: 0, y: -0.25, rx: 0.06, ry: 0.018 });
}

function food(c: Ctx): void {
  table(c, 0.58, [160, 110, 70]);
  if (c.alt.includes('fruit') || c.alt.includes('breakfast')) {
    const fruit: Rgb[] = [[210, 40, 40], [250, 150, 30], [120, 180, 50], [240, 210, 60]];
    for (let i = 0; i < 7; i++) c.shape(c.rng.pick(fruit), 0.5, 0.72, { form: 'ellipse', x: -0.2 + i * 0.065, y: -0.04 - (i % 2) * 0.06, rx: 0.07, ry: 0.07 });
    c.shape([236, 236, 232], 0.5, 0.72, { form: 'ellipse', x: 0, y: 0, rx: 0.3, ry: 0.18, lower: true });
  } else {
    c.shape([200, 160, 110], 0.5, 0.8, { form: 'rect', x0: -0.45, y0: -0.06, x1: 0.45, y1: 0.06 });
    c.shape([196, 132, 60], 0.5, 0.74, { form: 'ellipse', x: 0, y: 0, rx: 0.32, ry: 0.13 });
    for (let i = -1; i <= 1; i++) c.shape([236, 196, 130], 0.5, 0.74, { form: 'line', x0: i * 0.11 - 0.03, y0: -0.08, x1: i * 0.11 + 0.03, y1: 0.06, width: 0.02 });
  }
}

function books(c: Ctx): void {
  table(c, 0.7, [120, 80, 50]);
  const covers: Rgb[] = [[150, 30, 40], [30, 60, 110], [40, 100, 60], [190, 140, 50], [90, 50, 90], mix(c.tint, BLACK, 0.2)];
  let y = 0.86;
  for (let i = 0; i < 6; i++) {
    const h = 0.07 + c.rng.next() * 0.04;
    const dx = (c.rng.next() - 0.5) * 0.06;
    const w = 0.26 + c.rng.next() * 0.1;
    c.shape(c.rng.pick(covers), 0.5, 0, { form: 'rect', x0: dx - w, y0: y - h, x1: dx + w, y1: y });
    c.shape([236, 226, 200], 0.5, 0, { form: 'rect', x0: dx + w - 0.02, y0: y - h + 0.012, x1: dx + w, y1: y - 0.012 });
    y -= h;
  }
}

function desk(c: Ctx): void {
  table(c, 0.66, c.rng.pick<Rgb>([[220, 214, 204], [190, 150, 110]]));
  c.shape([60, 62, 68], 0.5, 0.74, { form: 'rect', x0: -0.36, y0: -0.02, x1: 0.36, y1: 0.02 });
  c.shape([50, 52, 58], 0.5, 0.72, { form: 'rect', x0: -0.3, y0: -0.4, x1: 0.3, y1: 0 });
  c.shape(mix(c.tint, [120, 170, 230], 0.6), 0.5, 0.72, { form: 'rect', x0: -0.27, y0: -0.37, x1: 0.27, y1: -0.03 }, true);
  c.shape([60, 130, 60], 0.84, 0.6, { form: 'ellipse', x: 0, y: 0, rx: 0.08, ry: 0.1 });
  c.shape([200, 120, 80], 0.84, 0.6, { form: 'rect', x0: -0.05, y0: 0.04, x1: 0.05, y1: 0.14 });
}

function cat(c: Ctx): void {
  c.shape(mix([170, 210, 240], WHITE, 0.2), 0.5, 0.1, { form: 'rect', x0: -0.3, y0: 0, x1: 0.3, y1: 0.45 });
  table(c, 0.7, [236, 232, 224]);
  const fur: Rgb = c.rng.pick<Rgb>([[210, 130, 60], [120, 120, 126], [36, 34, 36], [236, 232, 224], [150, 110, 70]]);
  const u = 0.35 + c.rng.next() * 0.3;
  c.shape(fur, u, 0.78, { form: 'line', x0: 0.2, y0: 0, x1: 0.36, y1: -0.12, width: 0.04 });
  c.shape(fur, u, 0.78, { form: 'ellipse', x: 0.05, y: -0.08, rx: 0.22, ry: 0.12 });
  c.shape(fur, u, 0.78, { form: 'ellipse', x: -0.17, y: -0.22, rx: 0.1, ry: 0.09 });
  c.shape(fur, u, 0.78, { form: 'tri', x: -0.24, y: -0.37, height: 0.1, half: 0.045 });
  c.shape(fur, u, 0.78, { form: 'tri', x: -0.1, y: -0.37, height: 0.1, half: 0.045 });
  for (const x of [-0.21, -0.13]) c.shape([120, 190, 80], u, 0.78, { form: 'ellipse', x, y: -0.23, rx: 0.016, ry: 0.012 }, true);
  if (c.alt.includes('yarn')) c.shape(c.rng.pick<Rgb>([[200, 40, 60], [60, 90, 200]]), u, 0.78, { form: 'ellipse', x: -0.36, y: -0.06, rx: 0.06, ry: 0.06 });
}

function dog(c: Ctx): number {
  const h = 0.5 + c.rng.next() * 0.08;
  c.band(hills(c.rng, h, 0.04), [110, 170, 70], [60, 120, 40], { fromV: h, toV: 1 });
  const fur: Rgb = c.rng.pick<Rgb>([[200, 150, 80], [120, 76, 40], [40, 36, 34], [230, 220, 200]]);
  const u = 0.35 + c.rng.next() * 0.3;
  for (const x of [-0.16, -0.08, 0.1, 0.18]) c.shape(fur, u, 0.86, { form: 'line', x0: x, y0: 0, x1: x, y1: -0.15, width: 0.04 });
  c.shape(fur, u, 0.86, { form: 'line', x0: 0.2, y0: -0.2, x1: 0.32, y1: -0.3, width: 0.03 });
  c.shape(fur, u, 0.86, { form: 'ellipse', x: 0.01, y: -0.2, rx: 0.22, ry: 0.09 });
  c.shape(fur, u, 0.86, { form: 'ellipse', x: -0.23, y: -0.32, rx: 0.08, ry: 0.08 });
  c.shape(fur, u, 0.86, { form: 'ellipse', x: -0.31, y: -0.29, rx: 0.06, ry: 0.04 });
  c.shape(mix(fur, BLACK, 0.4), u, 0.86, { form: 'ellipse', x: -0.19, y: -0.29, rx: 0.03, ry: 0.06 });
  if (c.alt.includes('ball')) c.shape([214, 30, 30], u, 0.86, { form: 'ellipse', x: -0.42, y: -0.05, rx: 0.05, ry: 0.05 });
  return h;
}

function bird(c: Ctx): number {
  if (c.alt.includes('flock')) {
    for (let i = 0; i < 14; i++) {
      const [u, v] = [0.1 + c.rng.next() * 0.8, 0.15 + c.rng.next() * 0.5];
      for (const s of [-1, 1]) c.shape([30, 30, 36], u, v, { form: 'line', x0: 0, y0: 0, x1: s * 0.04, y1: -0.025, width: 0.012 });
    }
    c.band(hills(c.rng, 0.85, 0.08), [70, 90, 60], [40, 56, 36], { fromV: 0.8, toV: 1 });
    return 0.85;
  }
  if (c.alt.includes('heron')) {
    c.band(0.7, [120, 160, 190], [60, 100, 130], { ripples: [200, 220, 235], fromV: 0.7, toV: 1 });
    c.shape([150, 156, 166], 0.5, 0.66, { form: 'ellipse', x: 0, y: 0, rx: 0.12, ry: 0.06 });
    c.shape([150, 156, 166], 0.5, 0.66, { form: 'line', x0: -0.08, y0: -0.02, x1: -0.12, y1: -0.24, width: 0.025 });
    c.shape([60, 60, 64], 0.5, 0.66, { form: 'line', x0: 0, y0: 0.04, x1: 0, y1: 0.2, width: 0.012 });
    return 0.7;
  }
  c.shape([90, 64, 44], 0, 0.7, { form: 'line', x0: 0, y0: 0.05, x1: 1.8, y1: -0.1, width: 0.035 });
  const body: Rgb = c.rng.pick<Rgb>([[120, 90, 60], [60, 90, 160], [200, 170, 40]]);
  c.shape(body, 0.5, 0.6, { form: 'line', x0: 0.1, y0: 0, x1: 0.22, y1: 0.08, width: 0.04 });
  c.shape(body, 0.5, 0.6, { form: 'ellipse', x: 0, y: 0, rx: 0.13, ry: 0.09 });
  c.shape([236, 120, 50], 0.5, 0.6, { form: 'ellipse', x: -0.05, y: 0.02, rx: 0.07, ry: 0.06 });
  c.shape(body, 0.5, 0.6, { form: 'ellipse', x: -0.1, y: -0.09, rx: 0.06, ry: 0.06 });
  c.shape([30, 30, 30], 0.5, 0.6, { form: 'line', x0: -0.16, y0: -0.09, x1: -0.2, y1: -0.085, width: 0.015 });
  return 1;
}

function bicycle(c: Ctx): number {
  const road = c.alt.includes('road');
  if (road) {
    c.band(hills(c.rng, 0.55, 0.06), [120, 170, 80], [70, 120, 50], { fromV: 0.5, toV: 1 });
    c.shape([110, 110, 114], 0.5, 0.55, { form: 'tri', x: 0, y: 0, height: 1, half: 0.6 });
  } else table(c, 0.8, [130, 130, 134]);
  const frame: Rgb = c.rng.pick<Rgb>([[200, 40, 40], [30, 110, 160], [40, 140, 110], [230, 190, 40]]);
  const u = 0.5;
  for (const x of [-0.24, 0.24]) c.shape([30, 30, 32], u, 0.82, { form: 'ring', x, y: -0.16, r: 0.16, inner: 0.14 });
  for (const [x0, y0, x1, y1] of [[-0.24, -0.16, -0.04, -0.16], [-0.04, -0.16, -0.1, -0.38], [-0.04, -0.16, 0.14, -0.34], [-0.1, -0.36, 0.14, -0.34], [0.14, -0.34, 0.24, -0.16], [-0.24, -0.16, -0.1, -0.36]] as const) {
    c.shape(frame, u, 0.82, { form: 'line', x0, y0, x1, y1, width: 0.022 });
  }
  c.shape([30, 30, 32], u, 0.82, { form: 'rect', x0: -0.15, y0: -0.41, x1: -0.05, y1: -0.38 });
  c.shape([30, 30, 32], u, 0.82, { form: 'line', x0: 0.14, y0: -0.34, x1: 0.1, y1: -0.44, width: 0.02 });
  return road ? 0.55 : 1;
}

/** The scene of a photo: what its subject looks like in its setting. */
export function planScene(photo: SceneSubject): Scene {
  const rng = createRng(photo.id * 7919 + 17);
  const tags = photo.tags;
  const g0 = grade(tags);
  const night = tags.includes('night');
  const items: (Band | Shape)[] = [];
  const c: Ctx = {
    rng,
    alt: photo.alt.toLowerCase(),
    tint: photo.tint,
    night,
    overcast: tags.includes('rain') || tags.includes('fog'),
    g: (col, glow) => (glow && night ? col : g0(col)),
    items,
    band: (top, from, to, extra = {}) => {
      items.push({ kind: 'band', top: typeof top === 'number' ? () => top : top, from: c.g(from), to: c.g(to), fromV: extra.fromV ?? 0, toV: extra.toV ?? 1, ...(extra.ripples ? { ripples: c.g(extra.ripples) } : {}), ...(extra.cap ? { cap: extra.cap } : {}) });
    },
    shape: (colour, ax, ay, geometry, glow) => void items.push({ kind: 'shape', colour: c.g(colour, glow), ax, ay, ...geometry } as Shape),
  };
  const [skyTop, skyLow] = skyOf(tags);
  const wall = (): Scene => ({ skyTop: c.g(mix(photo.tint, WHITE, 0.55)), skyLow: c.g(mix(photo.tint, WHITE, 0.3)), horizon: 0.7, items });
  const outdoor = (horizon: number): Scene => ({ skyTop: night ? skyTop : g0(skyTop), skyLow: night ? skyLow : g0(skyLow), horizon, items });
  switch (tags[0]) {
    case 'ocean': return outdoor(ocean(c));
    case 'beach': return outdoor(beach(c));
    case 'mountain': return outdoor(mountain(c));
    case 'forest': return outdoor(forest(c, tags.includes('autumn')));
    case 'city': return outdoor(city(c));
    case 'flowers': return outdoor(flowers(c));
    case 'snow': return outdoor(snow(c));
    case 'dog': return outdoor(dog(c));
    case 'bird': return outdoor(bird(c));
    case 'sunset': {
      const h = sunset(c);
      return { skyTop: c.g(night ? [40, 20, 60] : [200, 90, 100], true), skyLow: c.g([255, 160, 50], true), horizon: h, items };
    }
    case 'bicycle': {
      const h = bicycle(c);
      return h < 1 ? outdoor(h) : wall();
    }
    case 'coffee': coffee(c); return wall();
    case 'food': food(c); return wall();
    case 'books': books(c); return wall();
    case 'desk': desk(c); return wall();
    case 'cat': cat(c); return wall();
    default: return outdoor(hills(rng, 0.6, 0.1)(0.5));
  }
}
