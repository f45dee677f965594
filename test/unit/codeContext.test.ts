// Where a pasted or dropped link must stay text (src/core/insert/codeContext.ts): code
// blocks, inline code, HTML code, tags, links. Each case marks the place with `|`; the
// generated ones build Markdown from blocks and hold the reading against markdown-it's.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { codeContextOfRanges } from '../../src/core/insert/codeContext';
import type { CodeContext } from '../../src/core/insert/codeRegion';
import type { FormatFamily } from '../../src/core/insert/languages';

interface Token {
  readonly type: string;
  readonly map: [number, number] | null;
}
const markdownIt = (createRequire(__filename)('markdown-it') as (options: { html: boolean }) => { parse(text: string, env: object): Token[] })({ html: true });

function codeContextOfRange(text: string, start: number, end: number, family: FormatFamily): CodeContext | undefined {
  return codeContextOfRanges(text, [{ start, end }], family);
}

function codeContextAt(text: string, offset: number, family: FormatFamily): CodeContext | undefined {
  return codeContextOfRange(text, offset, offset, family);
}

/** The context at `|` in `marked` (the bar removed). */
function at(marked: string, family: FormatFamily = 'markdown'): CodeContext | undefined {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'the case marks its place with |');
  return codeContextAt(marked.slice(0, offset) + marked.slice(offset + 1), offset, family);
}

function table(family: FormatFamily, rows: readonly (readonly [string, CodeContext | undefined])[]): void {
  for (const [marked, expected] of rows) {
    it(`${JSON.stringify(marked)} → ${expected ?? 'not code'}`, () => assert.equal(at(marked, family), expected));
  }
}

describe('code context: Markdown fenced code blocks', () => {
  table('markdown', [
    ['```\n|\n```\n', 'fence'],
    ['```\nconst a = |1;\n```\n', 'fence'],
    ['~~~\n|\n~~~\n', 'fence'],
    ['```js\n|\n```', 'fence'],
    ['```js title="a b"\nx|\n```', 'fence'],
    ['~~~ python {.class}\nx|\n~~~', 'fence'],
    ['   ```\n|\n   ```', 'fence'],
    ['  ~~~~\n|\n  ~~~~\n', 'fence'],
    ['````\n```\n|\n```\n````\n', 'fence'],
    ['~~~\n```\n|\n', 'fence'],
    ['```\nnot closed by ~~~\n~~~\n|', 'fence'],
    ['```\nunclosed to the end |', 'fence'],
    ['```\n|', 'fence'],
    ['```j|s\ncode\n```', 'fence'],
    ['`|``\ncode\n```', 'fence'],
    ['> ```\n> |\n> ```', 'fence'],
    ['- item\n\n  ```\n  |\n  ```\n', 'fence'],
    ['1. item\n   ```sh\n   |\n   ```\n', 'fence'],
    ['- ```\n  |\n  ```\n', 'fence'],
    ['```\ncode\n```\r\n|', undefined],
    ['```\r\ncode|\r\n```\r\n', 'fence'],
    // Outside: before the opening fence, after the closing one, in the text around it.
    ['|```\ncode\n```\n', undefined],
    ['```\ncode\n```|\n', undefined],
    ['```\ncode\n```\n|\n', undefined],
    ['```\ncode\n```\n\ntext |here\n', undefined],
    ['before |\n\n```\ncode\n```\n', undefined],
    // Not a fence: two backticks, or a backtick fence whose info string has a backtick.
    ['``\n|\n``\n', undefined],
    ['``` a ` b\n|\n', undefined],
    // A closing fence must be as long as the opening one.
    ['````\n```\n|\n````\n', 'fence'],
    // A blockquote that ends ends its fence.
    ['> ```\n> code\n\n|', undefined],
  ]);
});

describe('code context: Markdown indented code blocks', () => {
  table('markdown', [
    ['text\n\n    code |here\n', 'indented'],
    ['    |code\n', 'indented'],
    ['\tcode|\n', 'indented'],
    ['    a\n\n    |\n    b\n', 'indented'],
    ['    a\n\n|\n    b\n', 'indented'],
    ['# Heading\n    code|\n', 'indented'],
    ['- item\n\n      code|\n', 'indented'],
    // A paragraph's continuation line is not code, however indented.
    ['text\n    more |text\n', undefined],
    // After the block.
    ['    code\n\n|\n', undefined],
    ['    code\n\ntext|\n', undefined],
    // Inside a list item, four columns is the item's paragraph.
    ['- item\n\n    more |text\n', undefined],
    ['1. item\n\n   more |text\n', undefined],
  ]);
});

describe('code context: inline code', () => {
  table('markdown', [
    ['a ` | ` b', 'inline'],
    // Between the two backticks the editor writes for one typed.
    ['a `|` b', 'inline'],
    ['a ``|`` b', 'inline'],
    ['a `|`', 'inline'],
    ['a `co|de` b', 'inline'],
    ['a `code|` b', 'inline'],
    ['a ``co`d|e`` b', 'inline'],
    ['a `` `|` `` b', 'inline'],
    ['a ```x|``` b', 'inline'],
    ['a `code\nspans| lines` b', 'inline'],
    ['- list `item|`', 'inline'],
    ['# Heading `x|`', 'inline'],
    ['cell `x|` y', 'inline'],
    ['a |`code` b', undefined],
    ['a `code`| b', undefined],
    ['a `code` |b', undefined],
    // Unmatched backticks are text.
    ['a `b |c', undefined],
    ['a ``b` |c', undefined],
    ['a |`` b', undefined],
    ['a ``| b', undefined],
    // An escaped backtick opens nothing.
    ['a \\`b |c`', undefined],
    // A blank line ends the paragraph and any code span.
    ['a `b\n\nc |d`', undefined],
  ]);
});

describe('code context: links, images, tags and HTML in Markdown', () => {
  table('markdown', [
    ['[x](|)', 'link'],
    ['see [the page](https://ex|ample.com) here', 'link'],
    ['![](|)', 'link'],
    ['![alt](|)', 'link'],
    ['![alt](a.png "ti|tle")', 'link'],
    ['[te|xt](https://example.com)', 'link'],
    ['[x][re|f]', 'link'],
    ['[![alt](img.png)](|)', 'link'],
    ['[![alt](img.png)](https://a.b/c_(d)|)', 'link'],
    ['<https://exa|mple.com>', 'link'],
    ['[ref]: |', 'link'],
    ['[ref]: https://example.com/|', 'link'],
    ['<img src="|">', 'tag'],
    ['<img src="a.png" alt="|">', 'tag'],
    ["<img src='|' />", 'tag'],
    ['<img src=|>', 'tag'],
    ['text <img src="|', 'tag'],
    ['<a href="|">x</a>', 'tag'],
    ['<code>|</code>', 'html'],
    ['a <code>b |c</code> d', 'html'],
    ['<pre>\n|\n</pre>', 'html'],
    ['<pre>\nline\n\n|\n\nline\n</pre>', 'html'],
    ['<pre><code class="x">\n|\n</code></pre>', 'html'],
    ['<script>\nlet a = "|";\n</script>', 'html'],
    ['<style>\n.a { b: |; }\n</style>', 'html'],
    ['<!-- a | b -->', 'comment'],
    ['<kbd>Ctrl|</kbd>', 'html'],
    // Outside.
    ['[x](y) |', undefined],
    ['|[x](y)', undefined],
    ['![alt](a.png)|', undefined],
    ['<img src="a.png">|', undefined],
    ['|<img src="a.png">', undefined],
    ['<code>x</code> |', undefined],
    ['<pre>\nx\n</pre>\n\n|', undefined],
    ['<!-- c -->\n\n|', undefined],
    ['a [bracket | b', undefined],
    ['a ] and ( | )', undefined],
    ['plain text with https://example.com/photo/x-1/ |', undefined],
    // Markup inside code is code, not a link or a tag.
    ['`[x](|)`', 'inline'],
    ['```\n<img src="|">\n```', 'fence'],
    ['```\n<pre>\n```\n\n|', undefined],
    ['`<code>`\n\n|', undefined],
  ]);
});

describe('code context: HTML documents', () => {
  table('html', [
    ['<code>|</code>', 'html'],
    ['<p>a <code>b|</code></p>', 'html'],
    ['<pre>\n  |\n</pre>', 'html'],
    ['<PRE>\n|\n</PRE>', 'html'],
    ['<pre><code>\n|\n</code></pre>', 'html'],
    ['<pre>\n<code>x</code>\n|\n</pre>', 'html'],
    ['<script>\n|\n</script>', 'html'],
    ['<script type="module">\nconst a = "<p>|";\n</script>', 'html'],
    ['<style>\n|\n</style>', 'html'],
    ['<textarea>|</textarea>', 'html'],
    ['<img src="|">', 'tag'],
    ['<img\n  src="|"\n  alt="x">', 'tag'],
    ['<a href="https://|">', 'tag'],
    ['<div class="a" data-x=\'|\'>', 'tag'],
    ['<video poster="|" controls></video>', 'tag'],
    ['<!-- |-->', 'comment'],
    ['<?php echo "|"; ?>', 'template'],
    ['{{ url(|) }}', 'template'],
    ['{% if x %}|{% endif %}', undefined],
    ['{% include "|" %}', 'template'],
    ['<%= link_to "|" %>', 'template'],
    ['<!DOCTYPE html|>', 'tag'],
    // Outside.
    ['<body>\n|\n</body>', undefined],
    ['<p>|</p>', undefined],
    ['<code>x</code>|', undefined],
    ['|<code>x</code>', undefined],
    ['<script>x</script>\n|', undefined],
    ['<img src="a.png">|', undefined],
    ['<figure>\n  |\n</figure>', undefined],
    // Markdown is not read in HTML: backticks are text.
    ['<p>`a|`</p>', undefined],
  ]);
});

describe('code context: other families and selections', () => {
  it('CSS, JSX and plain text have no code context here', () => {
    assert.equal(at('a { b: url(|) }', 'css'), undefined);
    assert.equal(at('```\n|\n```', 'plain'), undefined);
  });

  it('a selection is code when either end is', () => {
    const text = 'text\n\n```\ncode\n```\n';
    assert.equal(codeContextOfRange(text, 0, 2, 'markdown'), undefined);
    assert.equal(codeContextOfRange(text, 2, 12, 'markdown'), 'fence');
    assert.equal(codeContextOfRange(text, 11, 13, 'markdown'), 'fence');
    // The whole block selected: replaced, as any selection is.
    assert.equal(codeContextOfRange(text, 6, text.length, 'markdown'), undefined);
  });
});

// ---- generated ----------------------------------------------------------------------------

/** A Markdown block, and for each of its lines whether a place in that line's middle is code. */
interface Block {
  readonly lines: readonly string[];
  /** Undefined: either (a fence's own line). */
  readonly code: readonly (boolean | undefined)[];
}

const word = fc.constantFrom('photo', 'link', 'alpha', 'beta', 'river', 'stone', 'https://example.com/photo/x-1/', '42', 'and');
const sentence = fc.array(word, { minLength: 2, maxLength: 6 }).map((w) => w.join(' '));
const codeLine = fc.constantFrom('const a = 1;', '![alt](img.png)', '<img src="x">', '# not a heading', '- not a list', '  indented', '`tick`', '', 'https://example.com/photo/x-1/', '~~', '``');

const paragraph: fc.Arbitrary<Block> = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((lines) => ({ lines, code: lines.map(() => false) }));
const fenced: fc.Arbitrary<Block> = fc
  .record({
    char: fc.constantFrom('`', '~'),
    length: fc.integer({ min: 3, max: 5 }),
    indent: fc.integer({ min: 0, max: 3 }),
    info: fc.constantFrom('', 'js', ' python', 'sh title="x y"', '{.class}'),
    body: fc.array(codeLine, { maxLength: 4 }),
  })
  .map(({ char, length, indent, info, body }) => {
    const fence = ' '.repeat(indent) + char.repeat(length);
    const lines = [fence + info, ...body.map((b) => ' '.repeat(indent) + b), fence];
    // The fences' own lines: code inside their markers and info string, text around them.
    return { lines, code: lines.map((_, i) => (i > 0 && i < lines.length - 1 ? true : undefined)) };
  });
const indentedBlock: fc.Arbitrary<Block> = fc
  .array(codeLine.filter((l) => l.trim() !== ''), { minLength: 1, maxLength: 3 })
  .map((body) => ({ lines: body.map((b) => `    ${b}`), code: body.map(() => true) }));
const heading: fc.Arbitrary<Block> = sentence.map((s) => ({ lines: [`## ${s}`], code: [false] }));
const list: fc.Arbitrary<Block> = fc.array(sentence, { minLength: 1, maxLength: 3 }).map((items) => ({ lines: items.map((s) => `- ${s}`), code: items.map(() => false) }));
const quoted: fc.Arbitrary<Block> = fc.oneof(paragraph, fenced).map((b) => ({ lines: b.lines.map((l) => `> ${l}`), code: b.code }));

const documentBlocks = fc.array(fc.oneof(paragraph, fenced, indentedBlock, heading, list, quoted), { minLength: 1, maxLength: 6 });

/** The blocks joined by blank lines, and the offset of each line's middle with whether it is code. */
function build(blocks: readonly Block[], eol: string): { text: string; places: { offset: number; code: boolean; line: number }[] } {
  const lines: string[] = [];
  const code: (boolean | undefined)[] = [];
  let afterList = false;
  for (const [i, block] of blocks.entries()) {
    if (i > 0) {
      lines.push('');
      code.push(false);
    }
    lines.push(...block.lines);
    // Indented lines after a list continue its item: not labelled here (markdown-it's reading checks them).
    afterList = afterList && /^ /.test(block.lines[0] ?? '');
    const continuesItem = afterList && /^ {4}/.test(block.lines[0] ?? '');
    code.push(...block.code.map((c) => (continuesItem ? undefined : c)));
    if (/^- /.test(block.lines[0] ?? '')) afterList = true;
  }
  const places: { offset: number; code: boolean; line: number }[] = [];
  let offset = 0;
  for (const [i, line] of lines.entries()) {
    // The middle of the line's text after its indentation and quote marker (or its end when empty).
    const lead = /^(?:> ?)?[ \t]*/.exec(line)?.[0].length ?? 0;
    const middle = line.length > lead + 1 ? lead + Math.max(1, Math.floor((line.length - lead) / 2)) : line.length;
    const isCode = code[i];
    if (line.length > lead + 1 && isCode !== undefined) places.push({ offset: offset + middle, code: isCode, line: i });
    offset += line.length + eol.length;
  }
  return { text: lines.join(eol), places };
}

describe('code context: generated Markdown', () => {
  it('a place inside a generated code block is code, a place in generated text is not', () => {
    fc.assert(
      fc.property(documentBlocks, fc.constantFrom('\n', '\r\n'), (blocks, eol) => {
        const { text, places } = build(blocks, eol);
        for (const place of places) {
          const found = codeContextAt(text, place.offset, 'markdown');
          if (place.code) assert.ok(found === 'fence' || found === 'indented', `${JSON.stringify(text)} at ${place.offset}: ${String(found)}`);
          else assert.ok(found === undefined || found === 'link', `${JSON.stringify(text)} at ${place.offset}: ${String(found)}`);
        }
      }),
      { seed: 20_261_125, numRuns: 400 },
    );
  });

  it('agrees with markdown-it on which lines are in code blocks', () => {
    fc.assert(
      fc.property(documentBlocks, (blocks) => {
        const { text, places } = build(blocks, '\n');
        const codeLines = new Set<number>();
        for (const token of markdownIt.parse(text, {})) {
          if (!token.map) continue;
          const [first, end] = token.map;
          // A fence's content lines are those between its fences.
          if (token.type === 'fence') for (let l = first + 1; l < end - 1; l++) codeLines.add(l);
          else if (token.type === 'code_block') for (let l = first; l < end; l++) codeLines.add(l);
        }
        for (const place of places) {
          const found = codeContextAt(text, place.offset, 'markdown');
          const ours = found === 'fence' || found === 'indented';
          assert.equal(ours, codeLines.has(place.line), `${JSON.stringify(text)} line ${place.line}: ${String(found)}`);
        }
      }),
      { seed: 20_261_126, numRuns: 400 },
    );
  });

  it('text inside a fence is code wherever the fence sits, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((s) => !/[`~\r\n]/.test(s)),
        fc.string({ maxLength: 40 }).filter((s) => !/[`~\r\n]/.test(s)),
        fc.integer({ min: 0, max: 40 }),
        (before, inside, cut) => {
          const head = `${before}\n\n\`\`\`\n`;
          const text = `${head}${inside}\n\`\`\`\n`;
          const offset = head.length + Math.min(cut, inside.length);
          assert.equal(codeContextAt(text, offset, 'markdown'), 'fence', JSON.stringify(text));
        },
      ),
      { seed: 20_261_127, numRuns: 300 },
    );
  });

  it('never throws, for any text and offset, in every family', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: fc.constantFrom('`', '~', '<', '>', '[', ']', '(', ')', '!', '\n', ' ', '\t', 'a', '-', '/', '"', '=', '{', '%', '?') }), fc.nat(), (text, n) => {
        for (const family of ['markdown', 'html', 'css'] as const) codeContextAt(text, n % (text.length + 1), family);
      }),
      { seed: 20_261_128, numRuns: 500 },
    );
  });
});
