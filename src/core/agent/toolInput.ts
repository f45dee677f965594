// What the agent's tools take (package.json `languageModelTools`, their `inputSchema`), read
// and checked here before anything runs. A model may send anything: each field is read by its
// type and range, and a wrong one ends the call with a sentence that names the field and what
// to send instead (the API's advice: an Error whose message the model can act on). Nothing is
// changed before the input is whole. Free of 'vscode', so the plain-Node unit tests read it.
import type { MediaKind } from '../model';
import { LOCALES, ORIENTATIONS, SIZES } from '../params';
import type { Locale, Orientation, Size } from '../params';

/** A tool's input that cannot be used: the message says what to change. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

/** Each tool's required fields: package.json's `inputSchema.required` must name the same (test/unit/agentTools.test.ts). */
export const REQUIRED_INPUTS = {
  stockMedia_search: [],
  stockMedia_getMedia: ['ref'],
  stockMedia_pickMedia: ['query', 'prompt'],
  stockMedia_insert: ['ref'],
  stockMedia_setCover: ['ref'],
  stockMedia_checkCredits: [],
  stockMedia_addCredits: [],
} as const satisfies Record<string, readonly string[]>;

export type ToolName = keyof typeof REQUIRED_INPUTS;
export const TOOL_NAMES = Object.keys(REQUIRED_INPUTS) as ToolName[];

/** The longest text any field takes (a query, a path, alt text): more is refused, not cut. */
export const TEXT_MAX = 1_000;

/** Reads one input object field by field; each read throws ToolInputError for a wrong value. */
export class InputReader {
  private readonly input: Readonly<Record<string, unknown>>;

  constructor(tool: ToolName, input: unknown) {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new ToolInputError(`The input must be an object with the fields the tool describes.`);
    }
    this.input = input as Record<string, unknown>;
    for (const field of REQUIRED_INPUTS[tool]) {
      const value = this.input[field];
      if (value === undefined || value === null || value === '') throw new ToolInputError(`"${field}" is required.`);
    }
  }

  /** Whether the field was sent at all. */
  has(name: string): boolean {
    return this.input[name] !== undefined && this.input[name] !== null;
  }

  text(name: string): string | undefined {
    const value = this.input[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw new ToolInputError(`"${name}" must be text.`);
    const trimmed = value.trim();
    if (trimmed.length > TEXT_MAX) throw new ToolInputError(`"${name}" must be at most ${TEXT_MAX} characters long.`);
    return trimmed === '' ? undefined : trimmed;
  }

  integer(name: string, min: number, max: number): number | undefined {
    const value = this.input[name];
    if (value === undefined || value === null) return undefined;
    // A model may write a number as text ("3"): read as the number it says.
    const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      throw new ToolInputError(`"${name}" must be a whole number from ${min} to ${max}.`);
    }
    return n;
  }

  boolean(name: string): boolean | undefined {
    const value = this.input[name];
    if (value === undefined || value === null) return undefined;
    if (value === 'true' || value === 'false') return value === 'true';
    if (typeof value !== 'boolean') throw new ToolInputError(`"${name}" must be true or false.`);
    return value;
  }

  oneOf<const T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.text(name)?.toLowerCase();
    if (value === undefined) return undefined;
    const found = values.find((v) => v.toLowerCase() === value);
    if (found === undefined) throw new ToolInputError(`"${name}" must be one of: ${values.join(', ')}.`);
    return found;
  }

  /** A list of texts (a single text is taken as a list of one). */
  texts(name: string, max: number): string[] | undefined {
    const value = this.input[name];
    if (value === undefined || value === null) return undefined;
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || list.some((v) => typeof v !== 'string')) throw new ToolInputError(`"${name}" must be a list of texts.`);
    if (list.length > max) throw new ToolInputError(`"${name}" may list at most ${max} entries.`);
    const texts = (list as string[]).map((v) => v.trim()).filter((v) => v !== '');
    if (texts.some((v) => v.length > TEXT_MAX)) throw new ToolInputError(`"${name}" must be at most ${TEXT_MAX} characters long.`);
    return texts.length > 0 ? texts : undefined;
  }
}

// ---- the search tools' filters ----------------------------------------------------------------

/** An aspect ratio the results are kept to: width over height, and the tolerance. */
export interface Aspect {
  readonly text: string;
  readonly ratio: number;
}

/** How far a result's ratio may be from the asked one: 3 % (a 1920×1080 and a 1280×720 are both 16:9; 4:3 is not). */
export const ASPECT_TOLERANCE = 0.03;

/** `"16:9"`, `"4/3"`, `"1.91:1"`, `"1x1"` → the ratio; a ToolInputError for anything else. */
export function parseAspect(text: string): Aspect {
  const match = /^\s*(\d{1,5}(?:\.\d{1,3})?)\s*[:/x×]\s*(\d{1,5}(?:\.\d{1,3})?)\s*$/i.exec(text);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || !(width > 0) || !(height > 0)) {
    throw new ToolInputError(`"aspect" must be a ratio written width:height, such as "16:9", "4:3" or "1:1".`);
  }
  return { text: `${match[1]}:${match[2]}`, ratio: width / height };
}

/** Whether a `width`×`height` result has the aspect (within ASPECT_TOLERANCE). */
export function hasAspect(width: number, height: number, aspect: Aspect): boolean {
  if (!(width > 0) || !(height > 0)) return false;
  return Math.abs(width / height / aspect.ratio - 1) <= ASPECT_TOLERANCE;
}

/** A search's filters as the tools take them (stockMedia_search, stockMedia_pickMedia). */
export interface ToolSearch {
  readonly kind: MediaKind;
  /** Browse (curated photos, popular videos) instead of searching. */
  readonly browse: boolean;
  readonly query: string | undefined;
  readonly orientation: Orientation | undefined;
  readonly size: Size | undefined;
  readonly color: string | undefined;
  readonly locale: Locale | undefined;
  readonly minDuration: number | undefined;
  readonly maxDuration: number | undefined;
  readonly aspect: Aspect | undefined;
}

/** The longest video length a filter may name, in seconds (a day). */
const DURATION_MAX = 86_400;

/** Reads the filters both search tools take; `browseAllowed`: curated/popular may stand for the query. */
export function readSearch(input: InputReader, browseAllowed: boolean): ToolSearch {
  const kind = input.oneOf('kind', ['photo', 'video'] as const) ?? 'photo';
  const curated = browseAllowed ? (input.boolean('curated') ?? false) : false;
  const popular = browseAllowed ? (input.boolean('popular') ?? false) : false;
  if (curated && popular) throw new ToolInputError(`Send either "curated" (photos) or "popular" (videos), not both.`);
  if (curated && kind === 'video') throw new ToolInputError(`"curated" lists photos: leave out "kind" or send "photo", or use "popular" for videos.`);
  if (popular && input.has('kind') && kind === 'photo') throw new ToolInputError(`"popular" lists videos: leave out "kind" or send "video", or use "curated" for photos.`);
  const browse = curated || popular;
  const query = input.text('query');
  if (!browse && query === undefined) {
    throw new ToolInputError(
      browseAllowed
        ? `"query" is required: say what to look for (or send "curated": true for photos, "popular": true for videos).`
        : `"query" is required: say what to look for.`,
    );
  }
  if (browse && query !== undefined) throw new ToolInputError(`Leave out "query" when browsing with "curated" or "popular".`);
  const mediaKind: MediaKind = popular ? 'video' : kind;
  const color = input.text('color');
  if (color !== undefined && mediaKind === 'video') throw new ToolInputError(`"color" filters photos only: leave it out for videos.`);
  const minDuration = input.integer('minDuration', 0, DURATION_MAX);
  const maxDuration = input.integer('maxDuration', 0, DURATION_MAX);
  if ((minDuration !== undefined || maxDuration !== undefined) && mediaKind === 'photo') {
    throw new ToolInputError(`"minDuration" and "maxDuration" filter videos only: send "kind": "video".`);
  }
  if (minDuration !== undefined && maxDuration !== undefined && minDuration > maxDuration) {
    throw new ToolInputError(`"minDuration" must not be more than "maxDuration".`);
  }
  const aspectText = input.text('aspect');
  return {
    kind: mediaKind,
    browse,
    query,
    orientation: input.oneOf('orientation', ORIENTATIONS),
    size: input.oneOf('size', SIZES),
    color,
    locale: input.oneOf('locale', LOCALES),
    minDuration,
    maxDuration,
    aspect: aspectText === undefined ? undefined : parseAspect(aspectText),
  };
}
