// git's wildmatch (wildmatch.c, with WM_PATHNAME) for `.gitignore` lines, without regular
// expressions, so that no line can make it backtrack: a pattern is compiled into segments, and
// a path's segments are matched against them, `**` standing for any number of segments; within
// a segment `*`, `?`, `[...]` (ranges, `!`/`^`, `[:alpha:]` and the other classes, `\` escapes).
// Both levels use the greedy two-pointer algorithm that, on a mismatch, goes back only to the
// last star: O(n·m) at worst, however many stars a line has. Characters are compared as UTF-8
// bytes (`bytes`), as git compares them. What the lines mean is gitignore.ts's.

/** One character of a segment: a byte value (0–255), or one of these. */
const STAR = -1;
const ANY = -2;
/** A `[...]` class: CLASS - index into the rule's classes. */
const CLASS = -3;

/** A segment that is only stars: any number of path segments. */
export const GLOBSTAR = 'globstar';

export interface Segment {
  /** Byte values, STAR, ANY, or CLASS - i. */
  readonly codes: Int32Array;
  /** The classes the codes refer to: for each byte value, 1 when it is a member. */
  readonly classes: readonly Uint8Array[];
}

/** A string as its UTF-8 bytes, one character per byte (unchanged when ASCII). */
export function bytes(text: string): string {
  if (!/[^\u0000-\u007f]/.test(text)) return text;
  let out = '';
  for (const b of new TextEncoder().encode(text)) out += String.fromCharCode(b);
  return out;
}

/** The ASCII classes of wildmatch (`[[:alpha:]]`), as git's own ctype reads them. */
const NAMED_CLASSES: Readonly<Record<string, (c: number) => boolean>> = {
  alnum: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  alpha: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  blank: (c) => c === 32 || c === 9,
  cntrl: (c) => c < 32 || c === 127,
  digit: (c) => c >= 48 && c <= 57,
  graph: (c) => c > 32 && c < 127,
  lower: (c) => c >= 97 && c <= 122,
  print: (c) => c >= 32 && c < 127,
  punct: (c) => c > 32 && c < 127 && !((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)),
  space: (c) => c === 32 || c === 9 || c === 10 || c === 13,
  upper: (c) => c >= 65 && c <= 90,
  xdigit: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102),
};

/** `*`: any one segment. */
export const STAR_SEGMENT: Segment = { codes: Int32Array.of(STAR), classes: [] };

/** A `[...]` class starting at `at` (the `[`): its members and the index after its `]`, or undefined when wildmatch aborts on it. */
function parseClass(p: string, at: number): { members: Uint8Array; end: number } | undefined {
  let i = at + 1;
  const negated = p[i] === '!' || p[i] === '^';
  if (negated) i += 1;
  const members = new Uint8Array(256);
  // wildmatch's loop: the first character is a member even when it is `]`.
  let prev = 0;
  for (let first = true; first || p[i] !== ']'; first = false) {
    if (i >= p.length) return undefined;
    let c = p.charCodeAt(i);
    if (c === 0x5c /* \ */) {
      i += 1;
      if (i >= p.length) return undefined;
      c = p.charCodeAt(i);
      members[c] = 1;
    } else if (c === 0x2d /* - */ && prev !== 0 && i + 1 < p.length && p[i + 1] !== ']') {
      i += 1;
      let hi = p.charCodeAt(i);
      if (hi === 0x5c) {
        i += 1;
        if (i >= p.length) return undefined;
        hi = p.charCodeAt(i);
      }
      // Out of order (`9-0`): no member.
      members.fill(1, prev, hi + 1);
      c = 0;
    } else if (c === 0x5b /* [ */ && p[i + 1] === ':') {
      const close = p.indexOf(']', i + 2);
      if (close < 0) return undefined;
      if (close - (i + 2) < 1 || p[close - 1] !== ':') {
        // No `:]`: a plain `[` member.
        members[c] = 1;
      } else {
        const test = NAMED_CLASSES[p.slice(i + 2, close - 1)];
        if (!test) return undefined;
        for (let b = 0; b < 128; b++) if (test(b)) members[b] = 1;
        i = close;
        c = 0;
      }
    } else members[c] = 1;
    prev = c;
    i += 1;
  }
  if (negated) for (let b = 0; b < 256; b++) members[b] = members[b] === 1 ? 0 : 1;
  // A class never matches `/`, but segments hold none.
  return { members, end: i + 1 };
}

/** One `.gitignore` pattern (bytes, no `!`, no trailing `/`) as segments; undefined when wildmatch aborts on it. */
export function compile(pattern: string): { segments: (Segment | typeof GLOBSTAR)[]; literals: string[] } | undefined {
  const segments: (Segment | typeof GLOBSTAR)[] = [];
  const literals: string[] = [];
  let codes: number[] = [];
  let classes: Uint8Array[] = [];
  let run = '';
  const endRun = (): void => {
    if (run !== '') literals.push(run);
    run = '';
  };
  const endSegment = (): void => {
    endRun();
    const onlyStars = codes.length >= 2 && codes.every((c) => c === STAR);
    segments.push(onlyStars ? GLOBSTAR : { codes: Int32Array.from(codes), classes });
    codes = [];
    classes = [];
  };
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '/') endSegment();
    else if (ch === '\\') {
      i += 1;
      if (i >= pattern.length) return undefined;
      // `\/` is a `/`, as in wildmatch (which also reads `**\/` as `**/`).
      if (pattern[i] === '/') endSegment();
      else {
        codes.push(pattern.charCodeAt(i));
        run += pattern[i];
      }
    } else if (ch === '*' || ch === '?') {
      endRun();
      codes.push(ch === '*' ? STAR : ANY);
    } else if (ch === '[') {
      endRun();
      const cls = parseClass(pattern, i);
      if (!cls) return undefined;
      classes.push(cls.members);
      codes.push(CLASS - (classes.length - 1));
      i = cls.end - 1;
    } else {
      codes.push(pattern.charCodeAt(i));
      run += ch;
    }
  }
  endSegment();
  // A `**` at the end is at least one segment: `a/**` is what is inside `a`, `**` anything.
  if (segments[segments.length - 1] === GLOBSTAR) segments.splice(segments.length - 1, 0, STAR_SEGMENT);
  return { segments, literals };
}

/** Whether the segment matches `text` from `from` to `to`: two pointers, back to the last star only. */
export function matchSegment(seg: Segment, text: string, from: number, to: number): boolean {
  const { codes, classes } = seg;
  const n = codes.length;
  let p = 0;
  let t = from;
  let starP = -1;
  let starT = 0;
  while (t < to) {
    const code = p < n ? (codes[p] as number) : 0;
    if (p < n && code === STAR) {
      starP = p++;
      starT = t;
      continue;
    }
    if (p < n) {
      const c = text.charCodeAt(t);
      if (code >= 0 ? c === code : code === ANY || (classes[CLASS - code] as Uint8Array)[c] === 1) {
        p += 1;
        t += 1;
        continue;
      }
    }
    if (starP < 0) return false;
    p = starP + 1;
    t = ++starT;
  }
  while (p < n && codes[p] === STAR) p += 1;
  return p === n;
}

/** Whether the segments match the `/`-separated `text`: the same two pointers, over segments. */
export function matchPath(segments: readonly (Segment | typeof GLOBSTAR)[], text: string): boolean {
  const starts = [0];
  for (let i = text.indexOf('/'); i >= 0; i = text.indexOf('/', i + 1)) starts.push(i + 1);
  const count = starts.length;
  const end = (s: number): number => (s + 1 < count ? (starts[s + 1] as number) - 1 : text.length);
  const n = segments.length;
  let p = 0;
  let s = 0;
  let starP = -1;
  let starS = 0;
  while (s < count) {
    const seg = p < n ? segments[p] : undefined;
    if (seg === GLOBSTAR) {
      starP = p++;
      starS = s;
      continue;
    }
    if (seg && matchSegment(seg, text, starts[s] as number, end(s))) {
      p += 1;
      s += 1;
      continue;
    }
    if (starP < 0) return false;
    p = starP + 1;
    s = ++starS;
  }
  while (p < n && segments[p] === GLOBSTAR) p += 1;
  return p === n;
}
