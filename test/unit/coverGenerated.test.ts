// Generated hostile values through every preset into front matter of every syntax
// (src/core/cover/setCover.ts), read back with the extension's own parser and with the
// readers the site generators' own libraries stand for (test/generated/frontMatterReaders.ts:
// YAML 1.1 with libyaml's character check, smol-toml, JSON.parse): the block must hold exactly
// its old keys plus the preset's keys, each with exactly the value given (as one line, the
// noncharacters dropped), and the text outside the block must be the same byte for byte. A fixed seed, so a failure repeats; STOCK_MEDIA_GENERATED_CASES
// sets the number of cases.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findFrontMatter, frontMatterData } from '../../src/core/cover/frontMatter';
import { COVER_PRESETS, PRESETS, coverFields } from '../../src/core/cover/presets';
import type { CoverField } from '../../src/core/cover/presets';
import { planCover } from '../../src/core/cover/setCover';
import { hostileText, hostileUrl } from '../generated/arbitraries';
import { readAsSites } from '../generated/frontMatterReaders';

const SEED = 20_261_201;
const CASES = Number(process.env['STOCK_MEDIA_GENERATED_CASES']) || 600;

/** Pieces that end or bend front matter: fences, YAML indicators, TOML quotes, JSON braces, line ends of every kind. */
const FRONT_MATTER_FRAGMENTS = [
  '---', '\n---\n', '\r\n---\r\n', '+++', '\n+++\n', '...', '\n...\n', ': ', ' #', '# ', '"', "'", '"""', "'''", '\\', '\\"', '\\u0000', '\\n',
  '{', '}', '[', ']', '{}', '[]', ',', '&a', '*a', '!!str ', '!<tag> ', '? ', '- ', '|', '>-', '%YAML 1.2', '=', ' = ', '[cover]', '[[x]]', 'cover.image = "x"',
  '\n', '\r', '\r\n', '\t', '\u2028', '\u2029', '\u0085', '\u0000', '\u001b', '\u007f', '\ufeff', '\ud800', '\udfff', '😀', 'x'.repeat(300),
  // Noncharacters, which libyaml and go-yaml refuse (U+FFFE, U+FFFF) or XML forbids.
  '\ufffe', '\uffff', '\ufdd0', '\ufdef', '\u{1fffe}', '\u{10ffff}', '\ufffe\ufffe', '\u0085\ufffe\r\n',
];
const value = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...FRONT_MATTER_FRAGMENTS, 'Jane', ' ', 'é'), { maxLength: 10 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
);

/** Front matter of each syntax as people write it, some with a cover already set in another shape. */
const DOCUMENTS: readonly string[] = [
  '---\n# comment\ntitle: "Rocks" # c\ndate: 2024-01-14\ncover:\n    image: "<image path/url>" # image path/url\n    hidden: true\ntags: [a, b]\ndescription: |\n  two\n  lines\n---\nBody --- and +++\n',
  '---\r\ntitle: x\r\ncover: "old.jpg"\r\nimages:\r\n  - a.jpg\r\nimage:\r\n  path: a.jpg\r\n---\r\nBody\r\n',
  '\ufeff---\nheader:\n  overlay_filter: 0.5\nbanner: x\n---\n',
  '---\n---\n\n# Title\n',
  '+++\ntitle = \'Post\'\ndate = 2024-01-14T07:07:07+01:00\ntags = [\n  "a",\n]\n[cover]\n  image = "x.jpg" # old\n  hidden = true\n[[menu.main]]\n  name = "x"\n+++\nBody\n',
  '+++\r\ntitle = "x"\r\ncover.alt = "old"\r\nimages = ["a.jpg"]\r\n[params]\r\n  a = 1\r\n+++\r\n',
  '+++\ncover = "x.jpg"\nheroImage = 1979-05-27\n+++\n',
  '{\n  "title": "x",\n  "cover": { "image": "a.jpg", "hidden": true },\n  "image": ["a"]\n}\n\nBody {x}\n',
  '{\r\n\t"title": "x",\r\n\t"header": "old"\r\n}\r\n',
  // Issue 32: a key given twice (PaperMod's example FAQ post), flow maps, a one-line JSON
  // array, a TOML table to be replaced with a comment above the next table.
  '---\ntitle: "FAQs"\ndate: 2020-09-18T11:30:03+05:30\naliases: ["/papermod-how-to-guide"]\ntags: ["PaperMod"]\ndraft: true\naliases: [/posts/papermod/papermod-how-to]\nweight: 3\n---\n\n## Intro\n',
  '---\n{title: x, tags: [a, b], cover: {hidden: true}}\n---\nBody\n',
  '---\n{\n  title: x,\n  image: {path: a.jpg}, # c\n}\n---\n',
  '{"title": "x", "tags": ["json"], "cover": {}}\n',
  '+++\ntitle = "t"\n[image]\npath = "a.jpg"\n\n# next\n[params]\nb = 2\n+++\n',
  '# No front matter\n\nText\n',
  '',
];

/** A value as the cover writes it: one line, noncharacters dropped, control characters and separators a space, lone surrogates U+FFFD. */
function oneLine(text: string): string {
  return text.replace(/\p{Noncharacter_Code_Point}/gu, '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, name: string | undefined) => (name === undefined ? whole.charAt(0) : (values[name] ?? '')));
}

type Data = { [key: string]: unknown };
const isMap = (v: unknown): v is Data => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** What the block must read as: the old data, each field's path made a map where it was not, its value set. */
function expected(before: Data, fields: readonly CoverField[], values: Record<string, string>): unknown {
  const clone = (v: unknown): unknown => (isMap(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)])) : v);
  const root = clone(before) as Data;
  for (const field of fields) {
    let at = root;
    for (const segment of field.key.slice(0, -1)) {
      if (!isMap(at[segment])) at[segment] = {};
      at = at[segment] as Data;
    }
    const text = oneLine(fill(field.template, values));
    at[field.key[field.key.length - 1] ?? ''] = field.list ? [text] : text;
  }
  return JSON.parse(JSON.stringify(root)) as unknown;
}

const custom = coverFields('custom', undefined, { 'og.image': '{url}', 'og.credit': '{{{photographer}}}: {credit} # {alt}', note: '--- {creditText} +++' });
assert.ok(custom.ok);
const FIELD_SETS: readonly (readonly CoverField[])[] = [...COVER_PRESETS.map((id) => PRESETS[id].fields), custom.fields];

describe('generated inputs: hostile values into every syntax’s front matter, parsed back', function () {
  this.timeout(120_000);

  it(`${CASES} cases: exactly the old keys plus the preset’s, with exactly the values; the body byte for byte`, () => {
    let written = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...DOCUMENTS),
        fc.constantFrom(...FIELD_SETS),
        fc.record({ url: hostileUrl, alt: value, credit: value, creditText: value, photographer: value, width: value, height: value }),
        (text, fields, values) => {
          const plan = planCover(text, fields, values);
          assert.ok(plan.ok, plan.ok ? '' : plan.message);
          const before = findFrontMatter(text);
          if (before) assert.ok(plan.edit.start >= before.contentStart && plan.edit.end <= before.contentEnd, 'the edit stays inside the block');
          const after = text.slice(0, plan.edit.start) + plan.edit.newText + text.slice(plan.edit.end);
          const block = findFrontMatter(after);
          assert.ok(block, 'the block is still there');
          assert.equal(block.syntax, before?.syntax ?? 'yaml');
          assert.equal(after.slice(block.end), text.slice(before ? before.end : text.startsWith('\ufeff') ? 1 : 0), 'the body is the same');
          assert.equal(after.slice(0, block.start), text.slice(0, before ? before.start : text.startsWith('\ufeff') ? 1 : 0), 'what precedes the block is the same');
          const data = frontMatterData(after, block);
          assert.ok(data, 'the block parses');
          const old = before ? frontMatterData(text, before) : {};
          assert.ok(old);
          assert.deepEqual(JSON.parse(JSON.stringify(data)), expected(old, fields, values));
          // As the sites read it: YAML 1.1 as libyaml does, TOML, JSON.parse.
          const content = (t: string, b: NonNullable<ReturnType<typeof findFrontMatter>>): string => t.slice(b.contentStart, b.contentEnd);
          const siteOld = before ? readAsSites(before.syntax, content(text, before)) : {};
          assert.deepEqual(readAsSites(block.syntax, content(after, block)), expected(siteOld as Data, fields, values));
          written += 1;
        },
      ),
      { seed: SEED, numRuns: CASES },
    );
    assert.equal(written, CASES);
  });
});
