// Generated payloads of the service: photos, videos, their lists and collection media,
// well-formed ones carrying hostile texts and addresses, and malformed ones (wrong types,
// missing fields, nulls, junk in place of objects). Every payload goes through JSON, as
// it would arrive. Also the settings an insert can run with.
import fc from 'fast-check';
import { HOSTILE_MEDIA_URLS, HOSTILE_STRINGS, HOSTILE_URLS } from '../server/hostile';
import { PHOTO_VARIANTS } from '../../src/core/model';
import type { PhotoSize } from '../../src/core/insert/sizes';
import type { PhotoVariant } from '../../src/core/model';
import { VIDEO_QUALITIES } from '../../src/core/insert/variants';
import type { VideoQuality } from '../../src/core/insert/variants';
import type { HtmlCreditStyle } from '../../src/core/insert/formats';
import type { CreditLanguage } from '../../src/core/insert/creditWords';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Pieces that start or end syntax somewhere: markup, links, template and style interpolation, comments. */
export const SYNTAX_FRAGMENTS: readonly string[] = [
  '<', '>', '"', "'", '`', '\\', '\\\\', '&', '&amp;', '&#123;', '&lt;script&gt;', ';', ':', '=',
  '${', '#{', '@{', '{{', '}}', '{%', '%}', '{#', '<%', '%>', '<?php', '?>', '{', '}', '$', '%', '@', '@if (x) {', '@Html.Raw(',
  '*/', '/*', '//', '-->', '<!--', '</script>', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '</style>',
  '](command:workbench.action.terminal.new)', '](javascript:alert(1))', '[x](https://evil.example)', '![x](https://evil.example/x.png)',
  'javascript:alert(1)', 'www.evil.example', 'https://evil.example/', '<https://evil.example>', 'mailto:a@evil.example',
  '# ', '## ', '- ', '+ ', '* ', '1. ', '2) ', '> ', '---', '===', '***', '```', '~~~', '    ', '|', '~', '*', '_', '[', ']', '(', ')', '!', '^', '#',
  '\n', '\r\n', '\r', '\t', '\n\n', '\u2028', '\u2029', '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b',
  '\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f', '\u061c', '\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff', '\ufff9', '\u{e0041}',
  '😀', '👨‍👩‍👧', '🏳️‍🌈', 'مرحبا', 'שלום', 'Ærøskøbing', 'Zoë', '日本語', '\u00a0', '\u3000',
  ' ', '  ', 'Jane', 'Doe', 'photo', '§ALT§',
];

/** The pieces that end a string, comment, attribute, link or element, or open interpolation: tried more often. */
export const CLOSERS: readonly string[] = ['*/', '-->', '"', "'", '`', ']', ')', '](', '}', '}}', '>', '</script>', '#{', '@{', '${', '{{', '\\', '\n', '&amp;', '@'];

const LONG_TEXTS: readonly string[] = ['x'.repeat(5_000), 'word '.repeat(1_200), `${'a'.repeat(119)}😀😀`, '😀'.repeat(600), `${'é'.repeat(499)}\u0301 end`];

/** A hostile text: one of the known payloads, a mix of fragments and random characters, or a very long one. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...SYNTAX_FRAGMENTS) },
          { weight: 2, arbitrary: fc.constantFrom(...CLOSERS) },
          { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
          { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
        ),
        { maxLength: 12 },
      )
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom(...LONG_TEXTS) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n', '\u200b', 'Brown Rocks During Golden Hour', 'Joey Farina') },
);

const HOSTS = ['images.example', 'www.pexels.com', 'localhost', '127.0.0.1', '127.8.9.10', '[::1]', 'a.localhost', 'evil.example', '0x7f.1', '2130706433', 'xn--nxasmq6b.example', 'bücher.example'];
const SCHEMES = ['https://', 'http://', 'HTTPS://', 'javascript:', 'JaVaScRiPt:', 'data:', 'vbscript:', 'command:', 'file://', 'ftp://', '//', ' https://', ''];

/** An address: a real-looking one, a known hostile one, or a scheme, host and hostile path put together. */
export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('https://images.pexels.com/photos/1/pexels-photo-1.jpeg?auto=compress&cs=tinysrgb&h=650&w=940', 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/', 'https://www.pexels.com/@joey', 'http://127.0.0.1:7357/media/a.png', 'https://videos.example/v/1-hd_1920_1080_25fps.mp4') },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_URLS, ...HOSTILE_MEDIA_URLS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'https://user:pass@evil.example/',
      'https://www.pexels.com/@a b(c)"d\'e<f>`g{h}|i^j\\k',
      'https://www.pexels.com/photo/x-1/")](javascript:alert(1))',
      'https://a.example/#{x}@{y}${z}{{w}}<%v%>',
      'https://a.example/*/ --> </script>',
      'https://a.example/?q=\u202e\u200b&r=\n',
      'not a url',
      'https:evil.example',
      'http://localhost.evil.example/',
      'http://127.0.0.1.evil.example/',
    ),
  },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.constantFrom(...SCHEMES), fc.constantFrom(...HOSTS), fc.option(fc.constantFrom(':8080', ':443', ':0'), { nil: '' }), hostileText)
      .map(([scheme, host, port, path]) => `${scheme}${host}${port}/${path.slice(0, 300)}`),
  },
);

/**
 * A media file's address (src.*, a video file's link, a poster): usually a real one, so
 * most items can be inserted and their texts reach every format; otherwise any address.
 */
export const mediaUrl: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('https://images.pexels.com/photos/1/pexels-photo-1.jpeg?auto=compress&cs=tinysrgb&h=650&w=940', 'https://images.pexels.com/photos/2/p.jpeg', 'http://127.0.0.1:7357/media/a.png', 'https://videos.example/v/1-hd_1920_1080_25fps.mp4') },
  { weight: 1, arbitrary: hostileUrl },
);

const idArb: fc.Arbitrary<Json> = fc.oneof({ weight: 8, arbitrary: fc.nat({ max: 1e12 }) }, { weight: 1, arbitrary: fc.nat({ max: 1e9 }).map(String) });
const sizeArb = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 12_000 }) }, { weight: 1, arbitrary: fc.integer({ min: -5, max: 0 }) });
const colorArb: fc.Arbitrary<Json> = fc.oneof(fc.constant('#978E82'), fc.constant(null), hostileText);

const photoSrcArb = fc.record(Object.fromEntries(PHOTO_VARIANTS.map((v) => [v, mediaUrl])) as Record<PhotoVariant, fc.Arbitrary<string>>);

export const photoJson: fc.Arbitrary<{ [key: string]: Json }> = fc.record(
  {
    id: idArb,
    width: sizeArb,
    height: sizeArb,
    url: hostileUrl,
    photographer: hostileText,
    photographer_url: hostileUrl,
    photographer_id: idArb,
    avg_color: colorArb,
    src: photoSrcArb,
    liked: fc.boolean(),
    alt: hostileText,
  },
  { requiredKeys: ['id', 'width', 'height', 'url', 'photographer', 'photographer_url', 'photographer_id', 'src'] },
);

const videoFileJson = fc.record(
  {
    id: idArb,
    quality: fc.oneof(fc.constantFrom('hd', 'sd', 'uhd', 'hls', null), hostileText),
    file_type: fc.oneof(fc.constantFrom('video/mp4', 'application/x-mpegURL', 'video/webm'), hostileText),
    width: fc.oneof(sizeArb, fc.constant(null)),
    height: fc.oneof(sizeArb, fc.constant(null)),
    link: mediaUrl,
    fps: fc.oneof(fc.constant(null), fc.double({ min: 0, max: 120, noNaN: true })),
  },
  { requiredKeys: ['id', 'quality', 'file_type', 'width', 'height', 'link'] },
);

export const videoJson: fc.Arbitrary<{ [key: string]: Json }> = fc.record(
  {
    id: idArb,
    width: sizeArb,
    height: sizeArb,
    url: hostileUrl,
    image: mediaUrl,
    full_res: fc.constant(null),
    tags: fc.constant([]),
    duration: fc.nat({ max: 100_000 }),
    user: fc.record({ id: idArb, name: hostileText, url: hostileUrl }),
    video_files: fc.array(videoFileJson, { maxLength: 5 }),
    video_pictures: fc.array(fc.record({ id: idArb, picture: mediaUrl, nr: fc.nat({ max: 20 }) }), { maxLength: 3 }),
    avg_color: colorArb,
  },
  { requiredKeys: ['id', 'width', 'height', 'url', 'image', 'duration', 'user', 'video_files', 'video_pictures'] },
);

/** A change that breaks a payload somewhere: a field set to junk, or removed. */
interface Mutation {
  readonly at: number;
  readonly value: Json | undefined;
}

const junk: fc.Arbitrary<Json | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constantFrom<Json>('wide', '', '12', 1.5, -1, 2 ** 60, true, [], {}, [null], { '0': 'x' }, '__proto__'),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>,
);

const mutations: fc.Arbitrary<Mutation[]> = fc.array(fc.record({ at: fc.nat(), value: junk }), { minLength: 1, maxLength: 3 });

/** Every place in a JSON value where a field or element can be replaced. */
function slots(value: Json, out: { parent: Json[] | { [key: string]: Json }; key: string | number }[] = []): typeof out {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push({ parent: value, key: i });
      slots(item, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push({ parent: value, key });
      slots(item, out);
    }
  }
  return out;
}

function mutate(value: Json, changes: readonly Mutation[]): Json {
  const copy = JSON.parse(JSON.stringify(value)) as Json;
  for (const change of changes) {
    const all = slots(copy);
    const slot = all[change.at % Math.max(1, all.length)];
    if (!slot) return change.value ?? null;
    if (Array.isArray(slot.parent)) slot.parent[slot.key as number] = change.value ?? null;
    else if (change.value === undefined) delete slot.parent[slot.key as string];
    else slot.parent[slot.key as string] = change.value;
  }
  return copy;
}

/** Well-formed most of the time, broken somewhere one time in three. */
function maybeBroken<T extends Json>(arb: fc.Arbitrary<T>): fc.Arbitrary<Json> {
  return fc.oneof({ weight: 2, arbitrary: arb }, { weight: 1, arbitrary: fc.tuple(arb, mutations).map(([v, m]) => mutate(v, m)) });
}

const envelope = {
  page: fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 100 }) }, { weight: 1, arbitrary: fc.constantFrom<Json>('1', null, 1.5) }),
  per_page: fc.integer({ min: 1, max: 80 }),
  total_results: fc.nat({ max: 10_000 }),
  next_page: fc.oneof(fc.constant(undefined), hostileUrl),
};

export type PayloadKind = 'photo' | 'video' | 'photoList' | 'videoList' | 'collectionMedia' | 'collectionList' | 'anything';

export interface Payload {
  readonly kind: PayloadKind;
  /** The body as the service sent it (already through JSON). */
  readonly body: unknown;
}

const roundTrip = (value: unknown): unknown => {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
};

const collectionJson = fc.record({
  id: fc.oneof(fc.string({ maxLength: 8 }), fc.nat()),
  title: hostileText,
  description: fc.oneof(fc.constant(null), hostileText),
  private: fc.boolean(),
  media_count: fc.nat({ max: 1000 }),
  photos_count: fc.nat({ max: 1000 }),
  videos_count: fc.nat({ max: 1000 }),
});

/** A body for one endpoint, well-formed or broken. */
export const payload: fc.Arbitrary<Payload> = fc.oneof(
  { weight: 3, arbitrary: maybeBroken(photoJson).map((body) => ({ kind: 'photo' as const, body })) },
  { weight: 3, arbitrary: maybeBroken(videoJson).map((body) => ({ kind: 'video' as const, body })) },
  {
    weight: 2,
    arbitrary: maybeBroken(fc.record({ ...envelope, photos: fc.array(photoJson, { maxLength: 3 }) }).map((v) => roundTrip(v) as Json)).map((body) => ({ kind: 'photoList' as const, body })),
  },
  {
    weight: 2,
    arbitrary: maybeBroken(fc.record({ ...envelope, url: hostileUrl, videos: fc.array(videoJson, { maxLength: 3 }) }).map((v) => roundTrip(v) as Json)).map((body) => ({
      kind: 'videoList' as const,
      body,
    })),
  },
  {
    weight: 2,
    arbitrary: maybeBroken(
      fc
        .record({
          ...envelope,
          id: fc.string({ maxLength: 8 }),
          media: fc.array(
            fc.oneof(photoJson.map((p) => ({ ...p, type: 'Photo' })), videoJson.map((v) => ({ ...v, type: 'Video' })), photoJson.map((p) => ({ ...p, type: 'photo' }))),
            { maxLength: 3 },
          ),
        })
        .map((v) => roundTrip(v) as Json),
    ).map((body) => ({ kind: 'collectionMedia' as const, body })),
  },
  {
    weight: 1,
    arbitrary: maybeBroken(fc.record({ ...envelope, collections: fc.array(collectionJson, { maxLength: 3 }) }).map((v) => roundTrip(v) as Json)).map((body) => ({
      kind: 'collectionList' as const,
      body,
    })),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((body) => ({ kind: 'anything' as const, body })) },
).map((p) => ({ kind: p.kind, body: roundTrip(p.body) }));

/** Which template a family uses in a case: none (the built-in format) or one of TEMPLATES[family]. */
export interface InsertChoice {
  readonly photoSize: PhotoSize;
  readonly videoQuality: VideoQuality;
  readonly credit: boolean;
  readonly htmlCredit: HtmlCreditStyle;
  /** stockMedia.insert.responsive: srcset, sizes and the average colour in HTML and JSX. */
  readonly responsive: boolean;
  readonly language: CreditLanguage;
  /** -1: no template; otherwise an index into the family's templates (modulo their count). */
  readonly template: number;
  readonly serviceName: string;
  readonly serviceUrl: string;
}

export const insertChoice: fc.Arbitrary<InsertChoice> = fc.record({
  photoSize: fc.oneof(
    fc.constantFrom(...PHOTO_VARIANTS).map((variant): PhotoSize => ({ kind: 'variant', variant })),
    fc.integer({ min: 1, max: 12_000 }).map((width): PhotoSize => ({ kind: 'width', width })),
    fc.record({ width: fc.integer({ min: 1, max: 12_000 }), height: fc.integer({ min: 1, max: 12_000 }) }).map((c): PhotoSize => ({ kind: 'crop', ...c })),
  ),
  videoQuality: fc.constantFrom(...VIDEO_QUALITIES),
  credit: fc.boolean(),
  htmlCredit: fc.constantFrom<HtmlCreditStyle>('figure', 'paragraph'),
  responsive: fc.boolean(),
  language: fc.constantFrom<CreditLanguage>('en', 'de'),
  template: fc.oneof({ weight: 1, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat({ max: 20 }) }),
  serviceName: fc.oneof({ weight: 3, arbitrary: fc.constant('Pexels') }, { weight: 1, arbitrary: hostileText }),
  serviceUrl: fc.oneof({ weight: 3, arbitrary: fc.constant('https://www.pexels.com') }, { weight: 1, arbitrary: hostileUrl }),
});

export interface GeneratedCase {
  readonly payload: Payload;
  readonly insert: InsertChoice;
}

export const generatedCase: fc.Arbitrary<GeneratedCase> = fc.record({ payload, insert: insertChoice });
