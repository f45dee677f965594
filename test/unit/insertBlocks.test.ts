// Where an insert lands: a Markdown insert is a block of its own (the document is parsed
// back with markdown-it and its paragraphs compared before and after), HTML and JSX
// markup that spans lines starts on its own line at the line's indentation.
import * as assert from 'node:assert/strict';
import { blockPadding, layoutBlock, layoutSnippet } from '../../src/core/insert/block';
import type { LineContext } from '../../src/core/insert/block';
import { formatFamily } from '../../src/core/insert/languages';
import type { Piece } from '../../src/core/insert/pieces';
import { toPlainText, toSnippet } from '../../src/core/insert/pieces';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import type { InsertSettings } from '../../src/core/insert/plan';
import type { MediaItem } from '../../src/core/model';
import { htmlElements, inlineTypes, markdownBlocks } from './blockChecks';
import { SERVICE, SETTINGS, parseSnippet, photoItem } from './insertFixtures';

/** The context of offset `start`..`end` in `documentText` (any line ends), as the host reads it from a document (snippets.ts). */
function lineContextAt(documentText: string, start: number, end = start): LineContext {
  const lineStart = Math.max(documentText.lastIndexOf('\n', start - 1) + 1, 0);
  const newline = documentText.indexOf('\n', end);
  const lineEnd = newline < 0 ? documentText.length : newline;
  const strip = (line: string): string => line.replace(/\r$/, '');
  const previousLine =
    lineStart === 0 ? undefined : strip(documentText.slice(documentText.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1));
  let nextLine: string | undefined;
  if (newline >= 0) {
    const following = documentText.indexOf('\n', newline + 1);
    nextLine = strip(documentText.slice(newline + 1, following < 0 ? documentText.length : following));
  }
  const lines = (from: number, to: number): string[] => documentText.slice(from, to).split('\n').map(strip);
  const textAbove = lineStart === 0 ? undefined : lines(0, lineStart - 1).reverse().find((line) => line.trim() !== '');
  const textBelow = newline < 0 ? undefined : lines(newline + 1, documentText.length).find((line) => line.trim() !== '');
  return {
    lineBefore: documentText.slice(lineStart, start),
    lineAfter: strip(documentText.slice(end, lineEnd)),
    previousLine,
    nextLine,
    textAbove,
    textBelow,
  };
}

function pieces(languageId: string, settings: Partial<InsertSettings> = {}, media: MediaItem = photoItem()): Piece[] {
  return renderPlan(planInsert({ media, languageId, ...SERVICE, settings: { ...SETTINGS, ...settings } }));
}

/** The document after inserting at `|` (or replacing `[…]`), as the editor leaves it. */
function insertAt(doc: string, languageId: string, settings: Partial<InsertSettings> = {}): string {
  const start = doc.includes('|') ? doc.indexOf('|') : doc.indexOf('[');
  const clean = doc.includes('|') ? doc.replace('|', '') : doc.replace('[', '');
  const end = doc.includes('|') ? start : clean.indexOf(']');
  const text = doc.includes('|') ? clean : clean.replace(']', '');
  const inserted = toPlainText(layoutBlock(pieces(languageId, settings), formatFamily(languageId), lineContextAt(text, start, end)));
  return `${text.slice(0, start)}${inserted}${text.slice(end)}`;
}

const IMAGE = `p: ![Brown Rocks During Golden Hour](https://images.pexels.com/photos/2014422/pexels-photo-2014422.jpeg?auto=compress&cs=tinysrgb&h=650&w=940)`;
const CREDIT =
  'p: Photo by [Joey Farina](https://www.pexels.com/@joey) on [Pexels](https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)';
const IMAGE_TEXT = IMAGE.slice(3);
const CREDIT_TEXT = CREDIT.slice(3);

/** The blocks of `before` with the image and credit paragraphs at `at`. */
function withInsert(before: string, at: number, prefix = ''): string[] {
  const blocks = markdownBlocks(before.replace('|', ''));
  const own = [IMAGE, CREDIT].map((b) => (prefix ? `${prefix} > ${b}` : b));
  return [...blocks.slice(0, at), ...own, ...blocks.slice(at)];
}

describe('insert blocks', () => {
  describe('Markdown: the insert is its own block', () => {
    it('at the end of a paragraph’s line: neither joins the paragraph above or below', () => {
      const doc = 'First paragraph,\nits second line|\nstill the first.\n\nSecond paragraph.\n';
      const after = insertAt(doc, 'markdown');
      // The paragraph is split where the cursor was: the line after it starts a paragraph of its own.
      assert.deepEqual(markdownBlocks(after), [
        'p: First paragraph, its second line',
        IMAGE,
        CREDIT,
        'p: still the first.',
        'p: Second paragraph.',
      ]);
      assert.deepEqual(inlineTypes(after, IMAGE_TEXT), ['image']);
      assert.equal(after, `First paragraph,\nits second line\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}\n\nstill the first.\n\nSecond paragraph.\n`);
    });

    it('at the end of a paragraph followed by a blank line: one blank line before, none added after', () => {
      const doc = 'One.|\n\nTwo.\n';
      const after = insertAt(doc, 'markdown');
      assert.deepEqual(markdownBlocks(after), withInsert(doc, 1));
      assert.equal(after, `One.\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}\n\nTwo.\n`);
    });

    it('on the empty line between two paragraphs', () => {
      const doc = 'One.\n|\nTwo.\n';
      const after = insertAt(doc, 'markdown');
      assert.deepEqual(markdownBlocks(after), withInsert(doc, 1));
      assert.equal(after, `One.\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}\n\nTwo.\n`);
    });

    it('on an empty line with blank lines around it already: nothing added', () => {
      const doc = 'One.\n\n|\n\nTwo.\n';
      const after = insertAt(doc, 'markdown');
      assert.deepEqual(markdownBlocks(after), withInsert(doc, 1));
      assert.equal(after, `One.\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}\n\nTwo.\n`);
    });

    it('at the start of the document: no blank line above', () => {
      const doc = '|One.\n';
      const after = insertAt(doc, 'markdown');
      assert.deepEqual(markdownBlocks(after), withInsert(doc, 0));
      assert.equal(after, `${IMAGE_TEXT}\n\n${CREDIT_TEXT}\n\nOne.\n`);
    });

    it('in an empty document and at the end of one: no blank line below', () => {
      assert.equal(insertAt('|', 'markdown'), `${IMAGE_TEXT}\n\n${CREDIT_TEXT}`);
      assert.equal(insertAt('One.|', 'markdown'), `One.\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}`);
      assert.equal(insertAt('One.\n|', 'markdown'), `One.\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}`);
      assert.equal(insertAt('# Title\n\n|', 'markdown'), `# Title\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}`);
    });

    it('in the middle of a line: the text after the cursor becomes the next paragraph', () => {
      const after = insertAt('Before |after.', 'markdown');
      assert.deepEqual(markdownBlocks(after), ['p: Before', IMAGE, CREDIT, 'p: after.']);
    });

    it('a selection is replaced by the block', () => {
      const after = insertAt('Keep [this] too.\n', 'markdown');
      assert.deepEqual(markdownBlocks(after), ['p: Keep', IMAGE, CREDIT, 'p: too.']);
      assert.ok(!after.includes('this'));
    });

    it('at the end of a list item: the block stays inside that item, the list goes on', () => {
      const doc = '- One|\n- Two\n\n1. Three\n';
      const after = insertAt(doc, 'markdown');
      assert.deepEqual(markdownBlocks(after), ['li > p: One', `li > ${IMAGE}`, `li > ${CREDIT}`, 'li > p: Two', 'li > p: Three']);
      const nested = insertAt('  1. One|\n', 'markdown');
      assert.deepEqual(markdownBlocks(nested), ['li > p: One', `li > ${IMAGE}`, `li > ${CREDIT}`]);
      assert.ok(nested.includes(`\n\n     ${CREDIT_TEXT}`), nested);
    });

    it('without a credit the image is still a paragraph of its own', () => {
      const after = insertAt('One.|\nTwo.', 'markdown', { credit: false });
      assert.deepEqual(markdownBlocks(after), ['p: One.', IMAGE, 'p: Two.']);
    });

    it('templates are blocks too', () => {
      const after = insertAt('One.|\nTwo.', 'markdown', { templates: { markdown: '![{alt}]({url}) by {photographer}' } });
      assert.deepEqual(markdownBlocks(after), ['p: One.', `${IMAGE} by Joey Farina`, 'p: Two.']);
    });

    it('the padding and the layout are the same as a snippet: the alt text stays the tab stop', () => {
      const doc = 'Para|\nNext';
      const ctx = lineContextAt(doc.replace('|', ''), 4);
      const snippet = toSnippet(layoutBlock(pieces('markdown'), 'markdown', ctx));
      const parsed = parseSnippet(snippet);
      assert.deepEqual(parsed.placeholders, ['Brown Rocks During Golden Hour']);
      assert.equal(parsed.text, `\n\n${IMAGE_TEXT}\n\n${CREDIT_TEXT}\n`);
    });

    it('as one snippet after indentation (a drop): lines the editor indents are not indented twice', () => {
      // The editor puts the line's whitespace (here two spaces) before each further line itself.
      const doc = '  - One';
      const ctx = lineContextAt(doc, doc.length);
      const plain = toPlainText(layoutBlock(pieces('markdown'), 'markdown', ctx, '  '));
      const asEditorLeavesIt = plain.replace(/\n/g, '\n  ');
      assert.deepEqual(markdownBlocks(`${doc}${asEditorLeavesIt}`), ['li > p: One', `li > ${IMAGE}`, `li > ${CREDIT}`]);
      assert.equal(asEditorLeavesIt, toPlainText(layoutBlock(pieces('markdown'), 'markdown', ctx)).replace(/\n\n/g, '\n  \n'));
    });
  });

  describe('several photos in one snippet (a drop)', () => {
    it('one block around them all, each with its own tab stop in order', () => {
      const second = renderPlan(planInsert({ media: photoItem({ id: 7, alt: 'Second' }), languageId: 'markdown', ...SERVICE, settings: SETTINGS }));
      const doc = 'Para';
      const snippet = layoutSnippet([pieces('markdown'), second], '\n\n', 'markdown', lineContextAt(doc, 4));
      assert.ok(snippet.startsWith('\n\n![${1:Brown Rocks During Golden Hour}]('), snippet);
      assert.ok(snippet.includes('![${2:Second}]('), snippet);
      const read = snippet.replace(/\$\{\d:([^}]*)\}/g, '$1');
      const blocks = markdownBlocks(`${doc}${read}`);
      assert.equal(blocks.length, 5);
      assert.deepEqual([blocks[0], blocks[1], blocks[2]], ['p: Para', IMAGE, CREDIT]);
      assert.match(blocks[3] ?? '', /^p: !\[Second\]\(/);
    });
  });

  describe('HTML and JSX: the line’s indentation', () => {
    it('a <figure> after an element on an indented line starts on its own line, every line indented alike', () => {
      const doc = '<main>\n    <p>Intro</p>|\n</main>\n';
      const after = insertAt(doc, 'html');
      const lines = after.split('\n');
      assert.equal(lines[1], '    <p>Intro</p>');
      assert.equal(lines[2], '    <figure>');
      assert.match(lines[3] ?? '', /^ {4}\t<img /);
      assert.match(lines[4] ?? '', /^ {4}\t<figcaption>/);
      assert.equal(lines[5], '    </figure>');
      assert.equal(lines[6], '</main>');
      assert.deepEqual(htmlElements(after), [
        'main',
        'p',
        'figure',
        'img src alt width height loading decoding',
        'figcaption',
        'a href',
        'a href',
      ]);
    });

    it('on an indented empty line: nothing added before, the further lines take its indentation', () => {
      const after = insertAt('<div>\n\t\t|\n</div>', 'html');
      assert.match(after, /^<div>\n\t\t<figure>\n\t\t\t<img [^\n]+>\n\t\t\t<figcaption>[^\n]+<\/figcaption>\n\t\t<\/figure>\n<\/div>$/);
    });

    it('on an empty line at column 0 inside an indented <main>: the insert takes the indentation of the element it goes into', () => {
      const doc = '<body>\n  <main>\n|\n  </main>\n</body>\n';
      const after = insertAt(doc, 'html');
      const lines = after.split('\n');
      assert.equal(lines[1], '  <main>');
      assert.equal(lines[2], '    <figure>');
      assert.match(lines[3] ?? '', /^ {4}\t<img /);
      assert.match(lines[4] ?? '', /^ {4}\t<figcaption>/);
      assert.equal(lines[5], '    </figure>');
      assert.equal(lines[6], '  </main>');
      assert.deepEqual(htmlElements(after).map((e) => e.split(' ')[0]).slice(0, 3), ['main', 'figure', 'img']);
    });

    it('on an empty line after an element inside <main>: level with that element; one <img> alone too', () => {
      const doc = '\t<main>\n\t\t<h1>Title</h1>\n\n|\n\t</main>\n';
      const after = insertAt(doc, 'html', { credit: false });
      assert.match(after.split('\n')[3] ?? '', /^\t\t<img [^\n]+>$/);
    });

    it('on an empty line with nothing above: one level inside the element closed below', () => {
      const ctx = { ...lineContextAt('|\n    </section>'.replace('|', ''), 0), indentUnit: '  ' };
      assert.deepEqual(blockPadding('html', ctx, true), { before: '      ', after: '', indent: '      ' });
    });

    it('on an empty line after a void or closed element: level with it, never a level deeper', () => {
      for (const above of ['  <img src="a.png" alt="">', '  <br/>', '  <p>Text</p>', '  </div>', '  <!-- note -->']) {
        const ctx = lineContextAt(`${above}\n`, above.length + 1);
        assert.deepEqual(blockPadding('html', ctx, true), { before: '  ', after: '', indent: '  ' }, above);
      }
    });

    it('text after the cursor goes on its own line at the same indentation', () => {
      const after = insertAt('  <div><span>a</span>|<span>b</span></div>', 'html', { htmlCredit: 'paragraph' });
      const lines = after.split('\n');
      assert.equal(lines[0], '  <div><span>a</span>');
      assert.match(lines[1] ?? '', /^ {2}<img /);
      assert.match(lines[2] ?? '', /^ {2}<p class="credit">/);
      assert.equal(lines[3], '  <span>b</span></div>');
      assert.deepEqual(htmlElements(after).map((e) => e.split(' ')[0]), ['div', 'span', 'img', 'p', 'a', 'a', 'span']);
    });

    it('one line of markup (an <img> without credit) stays inline where the cursor is', () => {
      assert.match(insertAt('<p>See |here</p>', 'html', { credit: false }), /^<p>See <img [^\n]+>here<\/p>$/);
    });

    it('JSX: the same rule', () => {
      const after = insertAt('    return <div>|</div>;', 'typescriptreact', { htmlCredit: 'paragraph' });
      assert.match(after, /^ {4}return <div>\n {4}<img [^\n]+ \/>\n {4}<p className="credit">[^\n]+<\/p>\n {4}<\/div>;$/);
    });

    it('CSS and plain text are not moved', () => {
      const ctx = lineContextAt('a { background: ; }', 16);
      assert.deepEqual(blockPadding('css', ctx, false), { before: '', after: '', indent: '' });
      assert.deepEqual(blockPadding('plain', lineContextAt('x', 1), true), { before: '', after: '', indent: '' });
    });
  });

  describe('the context of a cursor', () => {
    it('reads the lines around it with any line ends', () => {
      assert.deepEqual(lineContextAt('a\r\nbc\r\nd', 4), { lineBefore: 'b', lineAfter: 'c', previousLine: 'a', nextLine: 'd', textAbove: 'a', textBelow: 'd' });
      assert.deepEqual(lineContextAt('only', 0), { lineBefore: '', lineAfter: 'only', previousLine: undefined, nextLine: undefined, textAbove: undefined, textBelow: undefined });
      assert.deepEqual(lineContextAt('a\n\n', 2), { lineBefore: '', lineAfter: '', previousLine: 'a', nextLine: '', textAbove: 'a', textBelow: undefined });
    });

    it('finds the nearest lines with text across empty ones', () => {
      const ctx = lineContextAt('<main>\r\n\r\n  \r\n\r\n</main>', 10);
      assert.equal(ctx.textAbove, '<main>');
      assert.equal(ctx.textBelow, '</main>');
    });
  });
});
