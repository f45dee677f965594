// The properties of the generated-input test, shared by the unit test
// (test/unit/generated.test.ts) and `npm run bench`: payloads go through the decoders,
// the grid's tiles, the collections tree's hovers and every insert format, and each
// result is held against what its format itself puts there.
//
// How an insert is judged: the same plan is rendered twice, once with the service's
// (cleaned) texts and once with harmless marker words in their place (§ALT§, …). Both
// are parsed back by the program that reads that language (markdown-it, parse5, the
// TypeScript parser, postcss with its SCSS and Less syntaxes). The two readings must
// have the same structure (elements, attribute names, links, code, comments, in order)
// and the same links, and where a marker stood the other reading must show the
// service's text exactly. So whatever the format or template writes is allowed, and
// nothing a text from the service adds is.
import fc from 'fast-check';
import * as decode from '../../src/core/model';
import { MediaError } from '../../src/core/errors';
import type { MediaErrorKind } from '../../src/core/errors';
import { CREDIT_WORDS } from '../../src/core/insert/creditWords';
import type { MediaFacts } from '../../src/core/insert/facts';
import { InsertError } from '../../src/core/insert/insertError';
import { formatFamily } from '../../src/core/insert/languages';
import type { FormatFamily } from '../../src/core/insert/languages';
import { toPlainText, toSnippet } from '../../src/core/insert/pieces';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import type { InsertPlan } from '../../src/core/insert/plan';
import { collectionTooltipMarkdown } from '../../src/core/collectionsText';
import { markdownLinkTarget as markdownUrl } from '../../src/core/inert';
import { mediaTooltipMarkdown, thumbnailUrl } from '../../src/core/mediaText';
import type { Collection, MediaItem } from '../../src/core/model';
import { toGridItem } from '../../src/core/tiles';
import { parseSnippet } from '../unit/insertFixtures';
import type { GeneratedCase, InsertChoice } from './arbitraries';
import { generatedCase } from './arbitraries';
import type { CssDialect, Reading } from './parseBack';
import { markdownLinkForm, readCss, readHtml, readMarkdown, readTsx } from './parseBack';

// ---- the closed error union ------------------------------------------------------------------

const ERROR_KINDS = ['missingKey', 'unauthorized', 'forbidden', 'notFound', 'rateLimited', 'server', 'network', 'timeout', 'invalidResponse', 'invalidRequest', 'cancelled', 'keyNotForOrigin'] as const;
// Fails to compile when MediaErrorKind gains a kind this list does not name.
const everyKindListed: Exclude<MediaErrorKind, (typeof ERROR_KINDS)[number]> extends never ? true : false = true;
void everyKindListed;

// ---- known gaps ------------------------------------------------------------------------------

/**
 * Properties that fail on this branch for a reason being fixed elsewhere; the value says
 * where. The unit test reports them (counts and a counterexample) without failing, and
 * fails once one passes, so the entry is removed as soon as its fix is in.
 */
export const KNOWN_GAPS: Readonly<Record<string, string>> = {};

/**
 * Properties that fail on this branch and that no part of this work fixes: each needs a
 * decision. Reported like known gaps.
 */
export const OPEN_FINDINGS: Readonly<Record<string, string>> = {};

/** Why a property may fail today, if it may. */
export function expectedFailure(name: string): string | undefined {
  return KNOWN_GAPS[name] ?? OPEN_FINDINGS[name];
}

// ---- what is tried ---------------------------------------------------------------------------

/** Languages tried for every item: each format family, Razor (`@` is code) and the CSS dialects. */
export const LANGUAGES = ['markdown', 'html', 'razor', 'typescriptreact', 'css', 'scss', 'less', 'plaintext'] as const;
type Language = (typeof LANGUAGES)[number];

/** Where an insert lands: a paragraph of its own, an HTML or TSX fragment, a declaration value, a style sheet. */
type Context = 'document' | 'value' | 'sheet';

interface TemplateCase {
  readonly template: string;
  readonly context: Context;
}

/** Custom templates, by family, alongside the built-in formats. */
export const TEMPLATES: Readonly<Record<FormatFamily, readonly TemplateCase[]>> = {
  markdown: [
    { template: '![{alt}]({url})\n\n{credit}', context: 'document' },
    { template: '[{alt}]({pageUrl}) by {photographer}', context: 'document' },
    { template: '**{photographer}**: {alt} ({serviceName}, {variant}, {width}×{height})', context: 'document' },
    // A "…" title: escaping leaves apostrophes and parentheses alone (escape.ts says why).
    { template: '![{alt}]({url} "{creditText}")', context: 'document' },
    { template: '{photographer} took this: {alt}', context: 'document' },
    // Raw HTML asks for the responsive values (texts that the service's texts would change are left out: markdown-it keeps raw HTML whole).
    { template: '<img src="{url}" srcset="{srcset}" sizes="{sizes}" style="background-color: {avgColor}">', context: 'document' },
  ],
  html: [
    { template: '<img src="{url}" alt="{alt}" width="{width}" height="{height}">', context: 'document' },
    { template: "<a href='{pageUrl}' title='{photographer}'>{alt}</a>", context: 'document' },
    { template: '<figure><img src="{url}" alt="{alt}"><figcaption>{credit}</figcaption></figure>', context: 'document' },
    { template: '<p data-service="{serviceName}" title="{creditText}">{creditText} {{ kept }}</p>', context: 'document' },
    { template: '<video src="{url}" poster="{poster}" aria-label="{alt}" data-type="{fileType}" data-variant="{variant}"></video>', context: 'document' },
    { template: '<!-- {alt} -->\n<img src="{url}" alt="">', context: 'document' },
    { template: '<img src="{url}" srcset="{srcset}" sizes="{sizes}" alt="{alt}" style="background-color: {avgColor}">', context: 'document' },
  ],
  jsx: [
    { template: '<img src="{url}" alt="{alt}" />', context: 'document' },
    { template: '<figure>\n\t<img src="{url}" alt="{alt}" width={{{width}}} />\n\t<figcaption>{credit}</figcaption>\n</figure>', context: 'document' },
    { template: '<p title="{photographer}">{creditText}</p>', context: 'document' },
    { template: '<a href="{pageUrl}">{alt}</a>', context: 'document' },
    { template: '<img src="{url}" srcSet="{srcset}" sizes="{sizes}" alt="{alt}" />', context: 'document' },
  ],
  css: [
    { template: 'url("{url}") /* {creditText} */', context: 'value' },
    { template: '.hero {\n  background-image: url("{url}");\n}\n/* {creditText} */', context: 'sheet' },
    { template: '.hero::after { content: "{alt} by {photographer}"; }', context: 'sheet' },
    { template: '/* {alt} by {photographer} on {serviceName} */ url("{poster}")', context: 'value' },
  ],
  plain: [
    { template: '{url} {creditText}', context: 'document' },
    { template: '{alt}\n{photographer} {pageUrl}', context: 'document' },
  ],
};

const CSS_DIALECT: Partial<Record<Language, CssDialect>> = { css: 'css', scss: 'scss', less: 'less' };

// ---- tallies -----------------------------------------------------------------------------

export interface Tally {
  readonly name: string;
  /** Why it fails today, when it is a known gap or an open finding. */
  readonly gap: string | undefined;
  checked: number;
  failed: number;
  /** The first failure: the message and the case. */
  example: string | undefined;
}

export interface RunResult {
  readonly seed: number;
  readonly cases: number;
  /** Inserts rendered and read back (a case has several items and languages). */
  readonly inserts: number;
  /** Inserts refused with an InsertError (no safe file address, …): allowed. */
  readonly refused: number;
  /** Cases where a property that is not a known gap failed. */
  readonly failedCases: number;
  /** Cases where only known gaps and open findings failed. */
  readonly gapCases: number;
  readonly tallies: readonly Tally[];
  readonly ms: number;
}

class Checker {
  readonly tallies = new Map<string, Tally>();
  inserts = 0;
  refused = 0;
  private failedHere = new Set<string>();
  private current: GeneratedCase | undefined;

  begin(c: GeneratedCase): void {
    this.current = c;
    this.failedHere = new Set();
  }

  /** Names of the properties that failed in the current case. */
  get failures(): ReadonlySet<string> {
    return this.failedHere;
  }

  check(name: string, fn: () => void): void {
    let tally = this.tallies.get(name);
    if (!tally) {
      tally = { name, gap: expectedFailure(name), checked: 0, failed: 0, example: undefined };
      this.tallies.set(name, tally);
    }
    tally.checked += 1;
    try {
      fn();
    } catch (error) {
      if (this.failedHere.has(name)) return;
      this.failedHere.add(name);
      tally.failed += 1;
      tally.example ??= `${error instanceof Error ? error.message : String(error)}\n    case: ${describeCase(this.current)}`;
    }
  }
}

function describeCase(c: GeneratedCase | undefined): string {
  const text = JSON.stringify(c);
  return text === undefined ? 'none' : text.length > 1500 ? `${text.slice(0, 1500)}… (${text.length} characters)` : text;
}

function fail(message: string): never {
  throw new Error(message);
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

// ---- decoding --------------------------------------------------------------------------------

interface Decoded {
  readonly media: MediaItem[];
  readonly collections: Collection[];
}

/** Decodes a body by its endpoint; what it holds, or the MediaError it was refused with. */
function decodePayload(c: GeneratedCase): Decoded | MediaError {
  const { kind, body } = c.payload;
  const media = (items: MediaItem[]): Decoded => ({ media: items, collections: [] });
  try {
    switch (kind) {
      case 'photo':
        return media([{ kind: 'photo', photo: decode.photo(body, '') }]);
      case 'video':
        return media([{ kind: 'video', video: decode.video(body, '') }]);
      case 'photoList':
        return media(decode.photoList(body, '').photos.map((photo) => ({ kind: 'photo', photo })));
      case 'videoList':
        return media(decode.videoList(body, '').videos.map((video) => ({ kind: 'video', video })));
      case 'collectionMedia':
        return media(decode.collectionMediaList(body, '').media.map((m) => (m.type === 'Photo' ? { kind: 'photo', photo: m } : { kind: 'video', video: m })));
      case 'collectionList':
        return { media: [], collections: decode.collectionList(body, '').collections };
      case 'anything':
        for (const d of [decode.photoList, decode.videoList, decode.collectionMediaList, decode.collectionList, decode.photo, decode.video]) {
          try {
            d(body, '');
          } catch (error) {
            if (!(error instanceof MediaError)) throw error;
          }
        }
        return media([]);
    }
  } catch (error) {
    if (error instanceof MediaError) return error;
    throw error;
  }
}

// ---- the URL rules, written out again here ----------------------------------------------

/** https anywhere; http only to exactly localhost, 127.0.0.0/8 or ::1; no user or password. */
function isCheckedUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname));
}

/** The scheme alone: https, or http to some loopback name. */
function isHttpsOrHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// Unicode Cf except ZWNJ/ZWJ, C0 and C1 controls, line and paragraph separators.
const INVISIBLE = /(?![\u200c\u200d])[\p{Cf}\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/u;
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

// ---- the grid ------------------------------------------------------------------------------

function checkGrid(checker: Checker, media: MediaItem): void {
  let item: ReturnType<typeof toGridItem> | undefined;
  checker.check('grid: a tile is made for every decoded item', () => {
    item = toGridItem(media);
  });
  if (!item) return;
  const tile = item;
  const urls = [tile.thumb, tile.large, tile.large2x, tile.creditUrl, tile.pageUrl, tile.hoverVideo?.src, tile.playVideo?.src].filter((u): u is string => typeof u === 'string');
  checker.check('grid: addresses are https or http', () => {
    for (const url of urls) if (!isHttpsOrHttp(url)) fail(`tile address ${show(url)}`);
  });
  checker.check('links: https or http to exactly localhost, 127.0.0.0/8 or ::1', () => {
    for (const url of urls) if (!isCheckedUrl(url)) fail(`tile address ${show(url)}`);
  });
  checker.check('grid: texts are one line', () => {
    for (const text of [tile.description, tile.credit]) if (ANY_CONTROL.test(text)) fail(`tile text ${show(text)}`);
  });
  checker.check('grid: texts hold no invisible or direction-changing characters', () => {
    for (const text of [tile.description, tile.credit]) if (INVISIBLE.test(text)) fail(`tile text ${show(text)}`);
  });
}

// ---- the collections tree's hovers ------------------------------------------------------------

/**
 * A hover as VS Code renders a MarkdownString (here the worse case: raw HTML on, bare
 * addresses linked): the media's hover links only to its author and page and shows only
 * its thumbnail; a collection's hover has no link or image at all.
 */
function checkMediaHover(checker: Checker, media: MediaItem, serviceName: string): void {
  checker.check('hover: only the item’s own links and thumbnail', () => {
    const reading = readMarkdown(mediaTooltipMarkdown(media, { serviceName }), true);
    const [authorUrl, pageUrl] = media.kind === 'photo' ? [media.photo.photographer_url, media.photo.url] : [media.video.user.url, media.video.url];
    const own = [markdownUrl(authorUrl), markdownUrl(pageUrl), thumbnailUrl(media)].filter((u): u is string => u !== undefined);
    const links = reading.shape.filter((s) => s === 'link(').length;
    const images = reading.shape.filter((s) => s === 'image(').length;
    if (links > 2 || images > 1) fail(`${links} links and ${images} images in ${show(reading.shape)}`);
    for (const s of reading.shape) if (s.startsWith('html_') || s.startsWith('code_')) fail(`${s} in the hover`);
    for (const url of reading.urls) {
      if (!own.some((u) => u === url || markdownLinkForm(u) === url)) fail(`hover link ${show(url)} is none of ${show(own)}`);
    }
  });
  checker.check('links: https or http to exactly localhost, 127.0.0.0/8 or ::1', () => {
    for (const url of [markdownUrl(media.kind === 'photo' ? media.photo.photographer_url : media.video.user.url), thumbnailUrl(media)]) {
      if (url !== undefined && !isCheckedUrl(url)) fail(`hover link ${show(url)}`);
    }
  });
}

function checkCollectionHover(checker: Checker, collection: Collection, serviceName: string): void {
  checker.check('hover: a collection’s shows no link, image or markup', () => {
    for (const filter of ['all', 'photos', 'videos'] as const) {
      const reading = readMarkdown(collectionTooltipMarkdown(collection, filter, { serviceName, featured: true }), true);
      const odd = reading.shape.filter((s) => !/^(#text|paragraph_(open|close):p|strong_(open|close):strong|softbreak)$/.test(s));
      if (odd.length > 0) fail(`${show(odd)} in the hover of ${show(collection.title)}`);
    }
  });
}

// ---- inserts -----------------------------------------------------------------------------

// Words no format treats as syntax; `§` is percent-encoded in addresses, so a marker is
// never mistaken for part of one.
const MARKERS = { alt: '§ALT§', author: '§AUTHOR§', service: '§SERVICE§', variant: '§VARIANT§', fileType: '§FILETYPE§' } as const;
const MARKER_PATTERN = /§(?:ALT|AUTHOR|SERVICE|VARIANT|FILETYPE)§/g;

/** The same facts with harmless words where the service's texts are (kept empty where they are empty). */
function markerFacts(facts: MediaFacts): MediaFacts {
  return {
    ...facts,
    alt: facts.alt ? MARKERS.alt : '',
    author: facts.author ? MARKERS.author : '',
    serviceName: facts.serviceName ? MARKERS.service : '',
    variant: facts.variant ? MARKERS.variant : '',
    fileType: facts.fileType ? MARKERS.fileType : facts.fileType,
  };
}

function unmark(text: string, facts: MediaFacts): string {
  return text.replace(MARKER_PATTERN, (m) => {
    switch (m) {
      case MARKERS.alt:
        return facts.alt;
      case MARKERS.author:
        return facts.author;
      case MARKERS.service:
        return facts.serviceName;
      case MARKERS.variant:
        return facts.variant;
      default:
        return facts.fileType ?? '';
    }
  });
}

/** Letters and digits only: comments and plain text may have their punctuation made safe. */
const lettersAndDigits = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, '');

function compareReadings(actual: Reading, marked: Reading, facts: MediaFacts): void {
  const n = Math.max(actual.shape.length, marked.shape.length);
  for (let i = 0; i < n; i++) {
    if (actual.shape[i] !== marked.shape[i]) {
      fail(`structure differs at ${i}: ${show(actual.shape[i])} where the format has ${show(marked.shape[i])}\n    read: ${show(actual.shape.slice(Math.max(0, i - 3), i + 3))}`);
    }
  }
  marked.segments.forEach((segment, i) => {
    const expected = unmark(segment, facts);
    const got = actual.segments[i] ?? '';
    const label = marked.labels[i] ?? '';
    const loose = label.includes('comment') || label === 'line';
    if (loose ? lettersAndDigits(got) !== lettersAndDigits(expected) : got !== expected) {
      fail(`text ${i} (${label}) reads ${show(got)}, not the service's ${show(expected)}`);
    }
  });
}

function readPlain(text: string): Reading {
  const lines = text.split('\n');
  return { shape: lines.map(() => 'line'), segments: lines, labels: lines.map(() => 'line'), urls: [] };
}

function wrapCss(text: string, context: Context): string {
  return context === 'value' ? `.inserted {\n  background-image: ${text};\n}\n` : `${text}\n`;
}

function read(text: string, language: Language, context: Context, linkify = false): Reading {
  switch (formatFamily(language)) {
    case 'markdown':
      return readMarkdown(`Paragraph above.\n\n${text}\n\nParagraph below.\n`, linkify);
    case 'html':
      return readHtml(text);
    case 'jsx':
      return readTsx(text);
    case 'css':
      return readCss(wrapCss(text, context), CSS_DIALECT[language] ?? 'css');
    case 'plain':
      return readPlain(text);
  }
}

/** Backslash-escaped characters skipped, how often each of `chars` occurs. */
function unescapedCount(text: string, chars: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '\\') i += 1;
    else if (chars.includes(c)) n += 1;
  }
  return n;
}

const count = (text: string, needle: string): number => text.split(needle).length - 1;

/** Where each language's templates and interpolations start, counted in the raw text. */
function interpolations(text: string, language: Language): Record<string, number> {
  switch (formatFamily(language)) {
    case 'markdown':
      // MDX expressions and JSX, math.
      return { 'MDX { }': unescapedCount(text, '{}'), '<': unescapedCount(text, '<'), $: unescapedCount(text, '$') };
    case 'html':
      return { '{ }': count(text, '{') + count(text, '}'), '<% <?': count(text, '<%') + count(text, '<?'), ...(language === 'razor' ? { '@': count(text, '@') } : {}) };
    case 'jsx':
      return {};
    case 'css':
      return { '#{': count(text, '#{'), '@{': count(text, '@{') };
    case 'plain':
      return {};
  }
}

function insertSettings(choice: InsertChoice, language: Language): { templates: Record<string, string>; context: Context } {
  if (choice.template < 0) return { templates: {}, context: formatFamily(language) === 'css' ? 'value' : 'document' };
  const list = TEMPLATES[formatFamily(language)];
  const picked = list[choice.template % list.length];
  if (!picked) return { templates: {}, context: 'document' };
  return { templates: { [language]: picked.template }, context: picked.context };
}

function checkInsert(checker: Checker, media: MediaItem, choice: InsertChoice, language: Language): void {
  const { templates, context } = insertSettings(choice, language);
  let plan: InsertPlan | undefined;
  checker.check('insert: planning gives a plan or an InsertError', () => {
    try {
      plan = planInsert({
        media,
        languageId: language,
        serviceName: choice.serviceName,
        serviceUrl: choice.serviceUrl,
        settings: {
          photoSize: choice.photoSize,
          videoQuality: choice.videoQuality,
          credit: choice.credit,
          htmlCredit: choice.htmlCredit,
          responsive: choice.responsive,
          templates,
        },
        creditWords: CREDIT_WORDS[choice.language],
      });
    } catch (error) {
      if (error instanceof InsertError) return;
      throw error;
    }
  });
  if (!plan) {
    checker.refused += 1;
    return;
  }
  checker.inserts += 1;
  const facts = plan.facts;
  const pieces = renderPlan(plan);
  const text = toPlainText(pieces);
  const marked = toPlainText(renderPlan({ ...plan, facts: markerFacts(facts) }));
  const family = formatFamily(language);

  checker.check('insert: the snippet reads back to the inserted text', () => {
    const parsed = parseSnippet(toSnippet(pieces));
    if (parsed.text !== text) fail(`snippet reads ${show(parsed.text)}, inserted ${show(text)}`);
  });

  checker.check('insert: no invisible or direction-changing characters in the inserted text', () => {
    for (const value of [facts.alt, facts.author, facts.serviceName]) if (INVISIBLE.test(value)) fail(`inserted text ${show(value)}`);
  });

  const factUrls = [facts.url, facts.poster, facts.authorUrl, facts.pageUrl, facts.serviceUrl, ...facts.sources.map((s) => s.url)].filter(
    (u): u is string => u !== undefined,
  );
  let reading: Reading | undefined;
  const name = family === 'css' ? 'css, scss, less' : family === 'html' && language === 'razor' ? 'razor' : family;
  checker.check(`${name}: parses back with only the format's elements, attributes, links and texts`, () => {
    reading = read(text, language, context);
    compareReadings(reading, read(marked, language, context), facts);
  });
  if (reading) {
    const urls = reading.urls;
    checker.check('links: every link is an address from the service, made insertable', () => {
      for (const url of urls) {
        if (url === '') continue; // a template's placeholder for an address the item lacks
        // markdown-it writes a destination in its own percent-encoding (even `[::1]`).
        const known = factUrls.find((f) => f === url || markdownLinkForm(f) === url);
        if (known === undefined) fail(`${name}: link ${show(url)} is none of ${show(factUrls)}`);
        if (!isHttpsOrHttp(known)) fail(`${name}: link ${show(url)}`);
      }
    });
    checker.check('links: https or http to exactly localhost, 127.0.0.0/8 or ::1', () => {
      for (const url of urls) {
        const inserted = factUrls.find((f) => f === url || markdownLinkForm(f) === url) ?? url;
        if (url !== '' && !isCheckedUrl(inserted)) fail(`${name}: link ${show(url)}`);
      }
    });
  }

  const interpolationName =
    family === 'css' ? 'css, scss, less: no #{ or @{ interpolation the template did not put there' : `${name}: no interpolation the template did not put there`;
  if (family !== 'jsx' && family !== 'plain') {
    checker.check(interpolationName, () => {
      const got = interpolations(text, language);
      const want = interpolations(marked, language);
      for (const [what, n] of Object.entries(want)) if (got[what] !== n) fail(`${name}: ${got[what]} × ${what} where the template has ${n}: ${show(text)}`);
    });
  }

  if (family === 'markdown') {
    checker.check('markdown (bare addresses linked): no link the format did not put there', () => {
      compareReadings(read(text, language, context, true), read(marked, language, context, true), facts);
    });
  }

  if (family === 'plain') {
    checker.check('plain: no services, TeX or template syntax from the service', () => {
      for (const c of ['$', '`', '\\', '%', '{', '}']) {
        if (count(text, c) !== count(marked, c)) fail(`plain: ${show(c)} from the service in ${show(text)}`);
      }
    });
  }
}

// ---- one case ------------------------------------------------------------------------------

/** Items per list that go on to the grid and the inserts (the decoder sees them all). */
const ITEMS_PER_CASE = 2;

function runCase(checker: Checker, c: GeneratedCase): void {
  checker.begin(c);
  let decoded: Decoded | MediaError = { media: [], collections: [] };
  checker.check('decode: a value, or a MediaError of the closed union', () => {
    decoded = decodePayload(c);
    if (decoded instanceof MediaError && !(ERROR_KINDS as readonly string[]).includes(decoded.kind)) fail(`error kind ${decoded.kind}`);
    if (decoded instanceof MediaError && decoded.kind !== 'invalidResponse') fail(`a body was refused as ${decoded.kind}, not invalidResponse`);
  });
  if (decoded instanceof MediaError) return;
  for (const collection of decoded.collections.slice(0, ITEMS_PER_CASE)) checkCollectionHover(checker, collection, c.insert.serviceName);
  for (const media of decoded.media.slice(0, ITEMS_PER_CASE)) {
    checkGrid(checker, media);
    checkMediaHover(checker, media, c.insert.serviceName);
    for (const language of LANGUAGES) checkInsert(checker, media, c.insert, language);
  }
}

export interface RunOptions {
  readonly seed: number;
  readonly cases: number;
}

export function runGenerated(options: RunOptions): RunResult {
  const started = performance.now();
  const checker = new Checker();
  let failedCases = 0;
  let gapCases = 0;
  for (const c of fc.sample(generatedCase, { seed: options.seed, numRuns: options.cases })) {
    runCase(checker, c);
    const failed = [...checker.failures];
    if (failed.some((name) => expectedFailure(name) === undefined)) failedCases += 1;
    else if (failed.length > 0) gapCases += 1;
  }
  return {
    seed: options.seed,
    cases: options.cases,
    inserts: checker.inserts,
    refused: checker.refused,
    failedCases,
    gapCases,
    tallies: [...checker.tallies.values()],
    ms: performance.now() - started,
  };
}

/** fast-check's smallest case it can find that fails the named property. */
export function smallestFailure(name: string, options: RunOptions): string | undefined {
  const result = fc.check(
    fc.property(generatedCase, (c) => {
      const checker = new Checker();
      runCase(checker, c);
      return !checker.failures.has(name);
    }),
    { seed: options.seed, numRuns: options.cases, interruptAfterTimeLimit: 4_000, markInterruptAsFailure: false },
  );
  if (!result.failed || !result.counterexample) return undefined;
  const checker = new Checker();
  runCase(checker, result.counterexample[0]);
  return checker.tallies.get(name)?.example;
}

/** The lines a person reads: cases, inserts, and each property with its failures. */
export function describeRun(result: RunResult): string[] {
  const lines = [
    `generated inputs (seed ${result.seed}): ${result.cases} cases, ${result.inserts} inserts read back, ${result.refused} refused with a message; ` +
      `${result.failedCases} cases failed, ${result.gapCases} failed only known gaps or open findings; ${(result.ms / 1000).toFixed(1)} s`,
  ];
  for (const t of result.tallies) {
    const mark = t.failed === 0 ? '✓' : t.gap ? '○' : '✗';
    lines.push(`  ${mark} ${t.name}: ${t.checked} checked, ${t.failed} failed${t.failed > 0 && t.gap ? ` (${KNOWN_GAPS[t.name] ? 'known gap' : 'open finding'}: ${t.gap})` : ''}`);
  }
  return lines;
}
