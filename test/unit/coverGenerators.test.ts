// Every preset's cover, with hostile names, alt texts and addresses, read back by the site
// generators' own readers (Debian's packages; test/host/prerequisites.ts names them):
// - a tiny Hugo site of YAML, TOML and JSON pages, built once with `hugo`: its layout prints the
//   cover's fields as the themes do (PaperMod's caption through `markdownify`, which is
//   Goldmark with Hugo's typographer and linkify) and the page's parameters as JSON;
// - Ruby, once for all pages: Psych (`YAML.safe_load`, as Jekyll reads front matter) for every
//   YAML front matter, and kramdown (Jekyll's `markdownify`, its GFM input and its own) for
//   Minimal Mistakes' caption.
// Each page must build, keep its title, date and tags, and show each field's value exactly: a
// caption the credit's words with their links, no escape left over. A missing tool fails the
// suite with the package to install: nothing is skipped.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';
import { coverValues } from '../../src/core/cover/mediaValues';
import { COVER_PRESETS, PRESETS } from '../../src/core/cover/presets';
import type { CoverPresetId } from '../../src/core/cover/presets';
import { planCover } from '../../src/core/cover/setCover';
import { fieldValue, oneLineValue } from '../../src/core/cover/values';
import { creditSentence } from '../../src/core/insert/credit';
import { mediaFacts } from '../../src/core/insert/facts';
import type { MediaFacts } from '../../src/core/insert/facts';
import { hostileText, hostileUrl } from '../generated/arbitraries';
import { generatorsMissing } from '../host/prerequisites';
import { SERVICE, photoItem } from './insertFixtures';

/** A photo's texts and addresses as the service sends them. */
interface Case {
  readonly photographer: string;
  readonly alt: string;
  readonly photographerUrl: string;
  readonly pageUrl: string;
}

const named = (photographer: string, alt = photographer): Case => ({
  photographer,
  alt,
  photographerUrl: 'https://www.pexels.com/@someone',
  pageUrl: 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/',
});

/** What breaks front matter or Markdown somewhere, and what only a strict reader refuses. */
const NAMED: readonly Case[] = [
  named("O'Brien & Sons"),
  named('Dwayne "The Rock" Johnson', "it's 'quoted' \"twice\""),
  named('C:\\photos\\new \\" \\\\ end\\'),
  named('#hashtag # not a comment', 'a: b #c'),
  named('key: value', '- item'),
  named('First line\nSecond line\r\nThird', '---\nx: 1\n---'),
  named('---', '+++'),
  named('+++ title = "x" +++', '...'),
  named('😀 👨‍👩‍👧 🏳️‍🌈', 'Zoë Ærøskøbing'),
  named('مرحبا שלום \u202egpj.exe', '\u2067RTL\u2069 \u200f'),
  named('日本語の写真家', '한국어 中文'),
  named('&amp; &lt;b&gt; &#123; &', '<b>bold</b> <script>alert(1)</script>'),
  named('-- and --- and ... and << >>', '«quotes» “curly”'),
  named('*stars* _under_ `ticks` ~~strike~~ ~~~', '| a | b |'),
  named('[x](https://evil.example) ![i](https://evil.example/i.png)', '{: .class} {::comment} $$x$$'),
  named('www.evil.example a@b.example https://evil.example/ mailto:me@x.org', '*[HTML]: abbr'),
  named('1. item', '> quote'),
  named(': definition', '=== setext'),
  named('{{ .Title }} {% raw %} ${x} #{y} @{z}', '!!str &anchor *alias ? key'),
  named('yes', 'null'),
  named('true', '2024-01-14'),
  named('0x1F', '1e3'),
  named('~', '= 1'),
  named('[cover]', 'cover.image = "x"'),
  named('"""', "'''"),
  named('\\u0000 \\n', '\\x41'),
  named('%YAML 1.2', '|'),
  named('\ufeffBOM', '\u2028\u2029\u0085'),
  named(''),
  { photographer: 'Jane (Doe)', alt: 'Rocks', photographerUrl: 'https://www.pexels.com/@a b(c)"d\'e<f>`g{h}|i^j\\k', pageUrl: 'https://www.pexels.com/photo/x-1/")](javascript:alert(1))' },
  { photographer: 'Jane', alt: 'Rocks', photographerUrl: 'https://a.example/#{x}@{y}${z}{{w}}<%v%>*_~~$$[1]', pageUrl: 'https://a.example/?q=a&amp;b&c=--...&d=\'x\'' },
];

/** Noncharacters: written raw, libyaml refuses them and Hugo stops the whole build (issue 32, items 6 and 9). Built in a site of their own. */
const NONCHARACTERS: readonly Case[] = [named('Zoë\ufffe Müller', 'Rocks \uffff at dusk'), named('x\ufffey', '\ufffe')];

const SAMPLES = 40;

/** The generated-input tests' hostile texts and addresses, a fixed sample (made when the suite runs: fast-check's first sample takes a while). */
function sampled(): Case[] {
  return fc.sample(fc.record({ photographer: hostileText, alt: hostileText, photographerUrl: hostileUrl, pageUrl: hostileUrl }), { seed: 20_261_203, numRuns: SAMPLES });
}

/** The front matter of each syntax, as a page has it before the cover. */
const BASES = {
  yaml: '---\ntitle: "Rocks"\ndate: 2024-01-14\ntags: [a, b]\n# a comment\n---\nBody\n',
  toml: '+++\ntitle = "Rocks"\ndate = 2024-01-14\ntags = ["a", "b"]\n+++\nBody\n',
  json: '{\n  "title": "Rocks",\n  "date": "2024-01-14",\n  "tags": ["a", "b"]\n}\nBody\n',
} as const;
type Syntax = keyof typeof BASES;
const SYNTAXES = Object.keys(BASES) as Syntax[];

/** Minimal Mistakes' caption, which its hero renders with Jekyll's markdownify (PaperMod's is in the Hugo layout). */
const JEKYLL_CAPTION = ['header', 'caption'];

interface Page {
  readonly name: string;
  readonly preset: CoverPresetId;
  readonly syntax: Syntax;
  readonly text: string;
  /** Each field's dotted key → the value written (values.ts fieldValue: as one line). */
  readonly fields: ReadonlyMap<string, string | readonly [string]>;
  /** What a caption shows: the credit's words and names, and its links' addresses. */
  readonly caption: { readonly text: string; readonly links: readonly string[] };
}

function factsOf(c: Case): MediaFacts {
  const media = photoItem({ photographer: c.photographer, alt: c.alt, photographer_url: c.photographerUrl, url: c.pageUrl });
  return mediaFacts(media, { ...SERVICE, photoSize: { kind: 'crop', width: 1200, height: 630 }, videoQuality: 'hd' });
}

/** The pages of each case, preset and syntax, written the way Set as Cover Image writes them. */
function pagesOf(cases: readonly Case[], prefix: string, syntaxes: readonly Syntax[]): Page[] {
  const pages: Page[] = [];
  cases.forEach((c, i) => {
    const facts = factsOf(c);
    const shown = oneLineValue(creditSentence({ ...facts, authorUrl: undefined, pageUrl: undefined, serviceUrl: undefined }));
    const links = [...(facts.author ? [facts.authorUrl] : []), facts.pageUrl ?? facts.serviceUrl].filter((u): u is string => u !== undefined);
    for (const preset of COVER_PRESETS) {
      const values = coverValues(facts, { url: facts.url, width: facts.width, height: facts.height }, PRESETS[preset].markdown);
      for (const syntax of syntaxes) {
        const plan = planCover(BASES[syntax], PRESETS[preset].fields, values);
        assert.ok(plan.ok, `${preset}, ${syntax}, case ${JSON.stringify(c)}: ${plan.ok ? '' : plan.message}`);
        const text = BASES[syntax].slice(0, plan.edit.start) + plan.edit.newText + BASES[syntax].slice(plan.edit.end);
        const fields = new Map(PRESETS[preset].fields.map((field) => [field.key.join('.'), fieldValue(field, values)] as const));
        pages.push({ name: `${prefix}${i}-${preset}-${syntax}`, preset, syntax, text, fields, caption: { text: shown, links } });
      }
    }
  });
  return pages;
}

/** Runs a tool; its standard output, or an error with its standard error. */
function runTool(command: string, args: readonly string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`${command} exited with ${code}: ${stderr.slice(0, 4000)}`));
    });
    child.stdin.end(input ?? '');
  });
}

// ---- Hugo ----------------------------------------------------------------------------------

const HUGO_CONFIG = 'baseURL = "https://example.org/"\nuglyURLs = true\ndisableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n';

/** The page's fields as themes print them: PaperMod's cover (the caption through markdownify) and the image of Hugo's own social cards; every parameter as JSON. */
const HUGO_LAYOUT = `<html><body>
<div data-f="title">{{ .Title }}</div>
<div data-f="date">{{ .Date.Format "2006-01-02" }}</div>
<div data-f="tags">{{ delimit .Params.tags "," }}</div>
<div data-f="params">{{ jsonify .Params }}</div>
{{ with .Params.cover }}<div data-f="cover.image">{{ .image }}</div><div data-f="cover.alt">{{ .alt }}</div><div data-f="cover.caption">{{ .caption | markdownify }}</div>{{ end }}
{{ with .Params.images }}<div data-f="images">{{ index . 0 }}</div>{{ end }}
</body></html>
`;

type Node = DefaultTreeAdapterMap['childNode'];
type Parent = DefaultTreeAdapterMap['parentNode'];

/** A rendered fragment's text (entities decoded) and its links' addresses. */
interface Shown {
  readonly text: string;
  readonly links: string[];
}

function shownOf(nodes: readonly Node[]): Shown {
  let text = '';
  const links: string[] = [];
  const walk = (node: Node): void => {
    if (node.nodeName === '#text' && 'value' in node) text += node.value;
    if ('attrs' in node && node.nodeName === 'a') links.push(node.attrs.find((a) => a.name === 'href')?.value ?? '');
    if ('childNodes' in node) for (const child of (node as Parent).childNodes) walk(child);
  };
  nodes.forEach(walk);
  return { text, links };
}

/** The built page's `data-f` fields. */
function hugoFields(html: string): Map<string, { shown: Shown; nodes: readonly Node[] }> {
  const fields = new Map<string, { shown: Shown; nodes: readonly Node[] }>();
  const walk = (node: Node): void => {
    const name = 'attrs' in node ? node.attrs.find((a) => a.name === 'data-f')?.value : undefined;
    if (name !== undefined && 'childNodes' in node) fields.set(name, { shown: shownOf(node.childNodes), nodes: node.childNodes });
    else if ('childNodes' in node) for (const child of (node as Parent).childNodes) walk(child);
  };
  parseFragment(html).childNodes.forEach(walk);
  return fields;
}

/** Builds a site of the pages: each page's HTML, or why the build failed. */
async function buildHugo(pages: readonly Page[]): Promise<{ html: Map<string, string> } | { error: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'stock-media-hugo-'));
  try {
    await mkdir(join(dir, 'content'), { recursive: true });
    await mkdir(join(dir, 'layouts', '_default'), { recursive: true });
    await writeFile(join(dir, 'hugo.toml'), HUGO_CONFIG);
    await writeFile(join(dir, 'layouts', '_default', 'single.html'), HUGO_LAYOUT);
    await Promise.all(pages.map((page) => writeFile(join(dir, 'content', `${page.name}.md`), page.text)));
    try {
      await runTool('hugo', ['--quiet', '--source', dir, '--destination', join(dir, 'public'), '--cacheDir', join(dir, 'cache')]);
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
    const html = new Map<string, string>();
    await Promise.all(pages.map(async (page) => html.set(page.name, await readFile(join(dir, 'public', `${page.name}.html`), 'utf8').catch(() => ''))));
    return { html };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

type Data = { [key: string]: unknown };

function at(data: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data)[key] : undefined), data);
}

/** An address as Goldmark writes it into `href`: the same address, its `[`, `]` and a `%` that starts no escape percent-encoded. */
function goldmarkHref(url: string): string {
  return url.replace(/\[|\]|%(?![0-9a-f]{2})/gi, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Collects a problem when `actual` is not `expected` (as JSON). */
function expecter(problems: string[]): (what: string, actual: unknown, expected: unknown) => void {
  return (what, actual, expected) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`${what}: ${JSON.stringify(actual)?.slice(0, 300)} ≠ ${JSON.stringify(expected)?.slice(0, 300)}`);
  };
}

/** The failures of one built page, as lines: its fields, or (`caption`) PaperMod's caption as shown. */
function hugoProblems(page: Page, html: string | undefined, caption = false): string[] {
  if (!html) return ['not built'];
  const fields = hugoFields(html);
  const text = (name: string): string | undefined => fields.get(name)?.shown.text;
  const problems: string[] = [];
  const expect = expecter(problems);
  if (caption) {
    expect('cover.caption as shown (Goldmark)', fields.get('cover.caption')?.shown, { ...page.caption, links: page.caption.links.map(goldmarkHref) });
    return problems;
  }
  expect('title', text('title'), 'Rocks');
  expect('date', text('date'), '2024-01-14');
  expect('tags', text('tags'), 'a,b');
  let params: unknown;
  try {
    params = JSON.parse(text('params') ?? '');
  } catch {
    problems.push(`the parameters are not JSON: ${text('params')?.slice(0, 300)}`);
  }
  // Hugo lower-cases parameter names (`heroImage` is `.Params.heroimage`).
  for (const [key, value] of page.fields) expect(key, at(params, key.toLowerCase().split('.')), value);
  if (page.preset === 'hugo-papermod') {
    expect('cover.image as printed', text('cover.image'), page.fields.get('cover.image'));
    expect('cover.alt as printed', text('cover.alt'), page.fields.get('cover.alt'));
  }
  if (page.preset === 'hugo-images') expect('images[0] as printed', text('images'), page.fields.get('images')?.[0]);
  return problems;
}

// ---- Ruby: Psych and kramdown ------------------------------------------------------------

/**
 * Reads a JSON list of pages ({ text, caption: the caption's key path or null }) from standard
 * input; writes, for each, the front matter as Psych reads it the way Jekyll finds it, and the
 * caption as kramdown renders it with Jekyll's options (its GFM input, and kramdown's own).
 */
const RUBY = String.raw`
require 'json'
require 'yaml'
require 'date'
require 'kramdown'
require 'kramdown-parser-gfm'
FRONT = /\A(---\s*\n.*?\n?)^((---|\.\.\.)\s*$\n?)/m # Jekyll::Document::YAML_FRONT_MATTER_REGEXP
JEKYLL = { input: 'GFM', hard_wrap: false, auto_ids: true, entity_output: :as_char, smart_quotes: 'lsquo,rsquo,ldquo,rdquo', syntax_highlighter: nil }
def plain(value)
  case value
  when Hash then value.to_h { |k, v| [k.to_s, plain(v)] }
  when Array then value.map { |v| plain(v) }
  when Date, Time then value.strftime('%Y-%m-%d')
  else value
  end
end
out = JSON.parse(STDIN.read).map do |page|
  match = FRONT.match(page['text'])
  next { 'error' => 'Jekyll finds no front matter' } unless match
  begin
    data = YAML.safe_load(match[1], permitted_classes: [Date, Time])
    result = { 'data' => plain(data) }
    if page['caption']
      caption = data.dig(*page['caption']).to_s
      result['gfm'] = Kramdown::Document.new(caption, JEKYLL).to_html
      result['kramdown'] = Kramdown::Document.new(caption, JEKYLL.merge(input: 'kramdown')).to_html
    end
    result
  rescue StandardError, Psych::Exception => e
    { 'error' => "#{e.class}: #{e.message}" }
  end
end
puts JSON.generate(out)
`;

interface RubyReading {
  readonly data?: unknown;
  readonly error?: string;
  readonly gfm?: string;
  readonly kramdown?: string;
}

async function readWithRuby(pages: readonly Page[]): Promise<RubyReading[]> {
  const input = JSON.stringify(pages.map((page) => ({ text: page.text, caption: page.preset === 'minimal-mistakes' ? JEKYLL_CAPTION : null })));
  return JSON.parse(await runTool('ruby', ['-e', RUBY], input)) as RubyReading[];
}

/** What Minimal Mistakes shows of a caption: markdownify, then its `<p>` and `</p>` removed. */
function kramdownShown(html: string | undefined): Shown | undefined {
  return html === undefined ? undefined : shownOf(parseFragment(html.replace(/<\/?p>/g, '').replace(/\n$/, '')).childNodes);
}

/** The failures of one page Ruby read, as lines: its front matter, or (`caption`) Minimal Mistakes' caption as shown. */
function rubyProblems(page: Page, reading: RubyReading | undefined, caption = false): string[] {
  if (!reading) return ['not read'];
  if (reading.error !== undefined) return [reading.error.slice(0, 400)];
  const problems: string[] = [];
  const expect = expecter(problems);
  if (caption) {
    expect('header.caption as shown (kramdown, GFM input)', kramdownShown(reading.gfm), page.caption);
    expect('header.caption as shown (kramdown input)', kramdownShown(reading.kramdown), page.caption);
    return problems;
  }
  expect('title', at(reading.data, ['title']), 'Rocks');
  expect('date', at(reading.data, ['date']), '2024-01-14');
  expect('tags', at(reading.data, ['tags']), ['a', 'b']);
  for (const [key, value] of page.fields) expect(key, at(reading.data, key.split('.')), value);
  return problems;
}

/** Asserts no page has a problem, naming each failing page, its problems and its front matter. */
function assertAll(pages: readonly Page[], problemsOf: (page: Page, i: number) => string[], filter: (page: Page) => boolean = () => true): number {
  const failures: string[] = [];
  let checked = 0;
  pages.forEach((page, i) => {
    if (!filter(page)) return;
    checked += 1;
    const problems = problemsOf(page, i);
    if (problems.length > 0) failures.push(`${page.name}:\n  ${problems.join('\n  ')}\n  page: ${JSON.stringify(page.text.slice(0, 600))}`);
  });
  assert.equal(failures.length, 0, `${failures.length} of ${checked} pages:\n${failures.slice(0, 12).join('\n')}`);
  return checked;
}

describe('front matter in the generators’ own readers: Hugo, Psych and kramdown', function () {
  // Two processes over about two thousand pages: seconds, more on a busy machine.
  this.timeout(180_000);
  let pages: Page[] = [];
  let nonchars: Page[] = [];
  let yamlPages: Page[] = [];
  let yamlNonchars: Page[] = [];
  let hugo: { html: Map<string, string> } | { error: string };
  let ruby: RubyReading[];

  before(async () => {
    const missing = generatorsMissing();
    if (missing) throw new Error(missing);
    pages = pagesOf([...NAMED, ...sampled()], 'c', SYNTAXES);
    nonchars = pagesOf(NONCHARACTERS, 'n', SYNTAXES);
    yamlPages = pages.filter((p) => p.syntax === 'yaml');
    yamlNonchars = nonchars.filter((p) => p.syntax === 'yaml');
    // One Hugo build for the pages, one Ruby for every YAML page (the noncharacters' too).
    [hugo, ruby] = await Promise.all([buildHugo(pages), readWithRuby([...yamlPages, ...yamlNonchars])]);
  });

  it('Hugo builds every preset’s YAML, TOML and JSON page, and reads each cover field as written, the title, date and tags kept', () => {
    assert.ok('html' in hugo, `hugo failed: ${'error' in hugo ? hugo.error : ''}`);
    const { html } = hugo;
    assert.equal(assertAll(pages, (page) => hugoProblems(page, html.get(page.name))), pages.length);
  });

  it('Goldmark (PaperMod’s caption through Hugo’s markdownify) shows the credit’s words and names with their links: "O\'Brien & Sons", quotes, --, … as written', () => {
    assert.ok('html' in hugo, `hugo failed: ${'error' in hugo ? hugo.error : ''}`);
    const { html } = hugo;
    const obrien = pages.find((p) => p.preset === 'hugo-papermod' && p.caption.text.includes("O'Brien & Sons"));
    assert.ok(obrien);
    assert.deepEqual(hugoFields(html.get(obrien.name) ?? '').get('cover.caption')?.shown, { text: "Photo by O'Brien & Sons on Pexels", links: obrien.caption.links.map(goldmarkHref) });
    const checked = assertAll(pages, (page) => hugoProblems(page, html.get(page.name), true), (page) => page.preset === 'hugo-papermod');
    assert.equal(checked, (NAMED.length + SAMPLES) * SYNTAXES.length);
  });

  it('Psych (Jekyll’s YAML reader) reads every preset’s YAML front matter: each cover field as written, the title, date and tags kept', () => {
    assert.equal(assertAll(yamlPages, (page, i) => rubyProblems(page, ruby[i])), (NAMED.length + SAMPLES) * COVER_PRESETS.length);
  });

  it('kramdown (Minimal Mistakes’ caption through Jekyll’s markdownify, GFM input and its own) shows the credit as written: "O\'Brien & Sons" with no stray backslash', () => {
    const obrien = yamlPages.findIndex((p) => p.preset === 'minimal-mistakes' && p.caption.text.includes("O'Brien & Sons"));
    assert.ok(obrien >= 0);
    assert.deepEqual(kramdownShown(ruby[obrien]?.gfm), { text: "Photo by O'Brien & Sons on Pexels", links: yamlPages[obrien]?.caption.links });
    const checked = assertAll(yamlPages, (page, i) => rubyProblems(page, ruby[i], true), (page) => page.preset === 'minimal-mistakes');
    assert.equal(checked, NAMED.length + SAMPLES);
  });

  it('noncharacters (U+FFFE, U+FFFF) in names and alt texts: Hugo builds the site and Psych reads the page, each field as written', async () => {
    const problems: string[] = [];
    const built = await buildHugo(nonchars);
    if ('error' in built) problems.push(`hugo: ${built.error.slice(0, 600)}`);
    else {
      try {
        assertAll(nonchars, (page) => [...hugoProblems(page, built.html.get(page.name)), ...(page.preset === 'hugo-papermod' ? hugoProblems(page, built.html.get(page.name), true) : [])]);
      } catch (error) {
        problems.push(`hugo: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    try {
      assertAll(yamlNonchars, (page, i) => [...rubyProblems(page, ruby[yamlPages.length + i]), ...(page.preset === 'minimal-mistakes' ? rubyProblems(page, ruby[yamlPages.length + i], true) : [])]);
    } catch (error) {
      problems.push(`psych: ${error instanceof Error ? error.message : String(error)}`);
    }
    assert.equal(problems.length, 0, problems.join('\n'));
  });
});
