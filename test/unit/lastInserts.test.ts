// Two inserts in a row: what an insert added is kept in step with the edits that follow,
// and the next insert goes after it for a selection the insert left (the alt text, as left
// or typed over) and at the user's own selection or cursor otherwise. The documents are
// edited here as the editor does, and the second insert is laid out as the host lays it out.
import * as assert from 'node:assert/strict';
import type { InsertedBlock, Span, TextChange } from '../../src/core/insert/lastInserts';
import { blocksAfterChange, insertTargets, locateTabStops, spansAfterChange } from '../../src/core/insert/lastInserts';
import type { Piece } from '../../src/core/insert/pieces';
import { tabStop, text, toPlainText } from '../../src/core/insert/pieces';

const IMAGE: Piece[] = [text('!['), tabStop('Brown rocks'), text('](https://images.example/rocks.jpeg)\n\nPhoto by [Joey](https://example/@joey) on [Pexels](https://example/p/1)')];

/** A document being edited, with the blocks remembered as the host keeps them. */
class Doc {
  blocks: InsertedBlock[] = [];
  constructor(public text: string) {}

  edit(offset: number, removed: number, inserted: string, how: Partial<TextChange> = {}): void {
    this.text = `${this.text.slice(0, offset)}${inserted}${this.text.slice(offset + removed)}`;
    this.blocks = blocksAfterChange(this.blocks, { offset, removed, inserted: inserted.length, ...how });
  }

  /** An insert of `pieces` at each of `at` (as the host: the snippet's text, its stops found in it). */
  insert(at: readonly Span[], pieces: readonly Piece[], separatorBefore = '\n\n'): void {
    let recorded: Span[] = [];
    // The editor reports the last cursor's edit first.
    for (const t of [...at].sort((a, b) => b.start - a.start)) {
      const before = this.text.slice(0, t.start).trim() === '' ? '' : separatorBefore;
      const value = `${before}${toPlainText(pieces)}`;
      this.text = `${this.text.slice(0, t.start)}${value}${this.text.slice(t.end)}`;
      const change = { offset: t.start, removed: t.end - t.start, inserted: value.length, own: true };
      this.blocks = blocksAfterChange(this.blocks, change);
      recorded = spansAfterChange(recorded, change);
    }
    for (const span of recorded.sort((a, b) => a.start - b.start)) {
      const block = this.text.slice(span.start, span.end);
      const lead = block.length - block.trimStart().length;
      const found = locateTabStops(block.slice(lead), pieces);
      assert.ok(found, block);
      this.blocks.push({ span: { start: span.start + lead, end: span.end }, stops: found.map((s) => ({ start: span.start + lead + s.start, end: span.start + lead + s.end })) });
    }
  }

  find(value: string, from = 0): Span {
    const start = this.text.indexOf(value, from);
    assert.ok(start >= 0, `${value} in ${this.text}`);
    return { start, end: start + value.length };
  }
}

const cursor = (offset: number): Span => ({ start: offset, end: offset });

describe('two inserts in a row (lastInserts)', () => {
  it('the alt text left selected: the next insert goes after the block, not into it', () => {
    const doc = new Doc('Intro.');
    doc.insert([cursor(doc.text.length)], IMAGE);
    const alt = doc.find('Brown rocks');
    assert.deepEqual(doc.blocks[0]?.stops, [alt]);
    const [target] = insertTargets(doc.blocks, [alt]);
    assert.deepEqual(target, cursor(doc.text.length));
    doc.insert([target ?? alt], IMAGE);
    assert.equal(doc.text, `Intro.\n\n${toPlainText(IMAGE)}\n\n${toPlainText(IMAGE)}`);
    assert.deepEqual(insertTargets(doc.blocks, [doc.find('Brown rocks', alt.end)]), [cursor(doc.text.length)], 'and the next after the second');
  });

  it('a new alt text typed (or Enter pressed) over the selection: still after the block', () => {
    const doc = new Doc('');
    doc.insert([cursor(0)], IMAGE);
    const alt = doc.find('Brown rocks');
    doc.edit(alt.start, alt.end - alt.start, 'A');
    doc.edit(alt.start + 1, 0, ' quiet morning');
    const typedEnd = alt.start + 'A quiet morning'.length;
    assert.deepEqual(doc.blocks[0]?.stops, [{ start: alt.start, end: typedEnd }]);
    assert.deepEqual(insertTargets(doc.blocks, [cursor(typedEnd)]), [cursor(doc.text.length)]);
    // The cursor moved back inside the typed text (arrow keys) is still in the alt text.
    assert.deepEqual(insertTargets(doc.blocks, [cursor(alt.start + 3)]), [cursor(doc.text.length)]);
    // Enter with the alt text selected puts a line break in the alt text: the same.
    const enter = new Doc('');
    enter.insert([cursor(0)], IMAGE);
    const selected = enter.find('Brown rocks');
    enter.edit(selected.start, selected.end - selected.start, '\r\n');
    assert.deepEqual(insertTargets(enter.blocks, [cursor(selected.start + 2)]), [cursor(enter.text.length)]);
  });

  it('the user’s own cursor or selection elsewhere (or elsewhere in the block) is where the insert goes', () => {
    const doc = new Doc('Intro.\n\nOutro.');
    doc.insert([cursor(8)], IMAGE);
    const intro = doc.find('Intro');
    assert.deepEqual(insertTargets(doc.blocks, [intro]), [intro]);
    assert.deepEqual(insertTargets(doc.blocks, [cursor(3)]), [cursor(3)]);
    const url = doc.find('images.example');
    assert.deepEqual(insertTargets(doc.blocks, [cursor(url.start)]), [cursor(url.start)], 'a click in the link is the user’s');
    const part = doc.find('rocks');
    assert.deepEqual(insertTargets(doc.blocks, [part]), [part], 'a part of the alt text selected by hand is replaced');
    const whole = doc.blocks[0]?.span;
    assert.ok(whole);
    assert.deepEqual(insertTargets(doc.blocks, [whole]), [whole], 'the whole block selected is replaced');
  });

  it('text typed before the block moves it; an undo of the insert forgets it', () => {
    const doc = new Doc('Intro.\n\n');
    doc.insert([cursor(8)], IMAGE);
    doc.edit(0, 0, 'Title\n');
    const alt = doc.find('Brown rocks');
    assert.deepEqual(insertTargets(doc.blocks, [alt]), [cursor(doc.text.length)]);
    const span = doc.blocks[0]?.span;
    assert.ok(span);
    doc.edit(span.start, span.end - span.start, '', { undoing: true });
    assert.deepEqual(doc.blocks, []);
    // Padding and insert taken back together (an edit that covers the block) is the same.
    const padded = new Doc('Intro.');
    padded.insert([cursor(6)], IMAGE);
    padded.edit(6, padded.text.length - 6, '', { undoing: true });
    assert.deepEqual(padded.blocks, []);
  });

  it('an edit across the block’s edge, or one that swallows the alt text from outside, ends what is remembered of it', () => {
    const doc = new Doc('Intro.\n\n');
    doc.insert([cursor(8)], IMAGE);
    doc.edit(5, 10, '');
    assert.deepEqual(doc.blocks, []);
    const other = new Doc('');
    other.insert([cursor(0)], IMAGE);
    const alt = other.find('Brown rocks');
    other.edit(alt.start - 2, alt.end - alt.start + 4, 'x');
    assert.deepEqual(other.blocks[0]?.stops, []);
    assert.deepEqual(insertTargets(other.blocks, [cursor(alt.start - 1)]), [cursor(alt.start - 1)]);
  });

  it('several cursors, each with its block; cursors that lead to the same block become one', () => {
    const doc = new Doc('A.\n\nB.\n\nC.');
    doc.insert([cursor(2), cursor(doc.text.length)], IMAGE);
    const first = doc.find('Brown rocks');
    const second = doc.find('Brown rocks', first.end);
    assert.equal(doc.blocks.length, 2);
    const targets = insertTargets(doc.blocks, [first, second]);
    assert.deepEqual(
      targets,
      doc.blocks.map((b) => cursor(b.span.end)),
    );
    assert.deepEqual(insertTargets(doc.blocks, [first, cursor(first.end)]), [cursor(doc.blocks[0]?.span.end ?? -1)]);
  });

  for (const [name, pieces] of [
    ['an image and its credit', IMAGE],
    ['a template that ends with the alt text', [text('Photo: '), tabStop('Rocks')]],
  ] as const) {
    it(`three in a row line up, each after the one before: ${name}`, () => {
      const doc = new Doc('');
      for (let i = 0; i < 3; i++) {
        const left = doc.blocks.at(-1)?.stops[0] ?? cursor(0);
        const [target] = insertTargets(doc.blocks, [left]);
        doc.insert([target ?? left], pieces);
      }
      const one = toPlainText(pieces);
      assert.equal(doc.text, `${one}\n\n${one}\n\n${one}`);
      // The extension's own insert right after a tab stop is not alt text typed there.
      assert.deepEqual(
        doc.blocks.map((b) => doc.text.slice(b.span.start, b.span.end)),
        [one, one, one],
      );
      assert.deepEqual(
        doc.blocks.map((b) => b.stops.map((s) => doc.text.slice(s.start, s.end))),
        [0, 1, 2].map(() => [toPlainText(pieces.filter((p) => 'tabStop' in p))]),
      );
    });
  }

  describe('locateTabStops', () => {
    it('finds each tab stop in order, even when its text also appears earlier', () => {
      const pieces: Piece[] = [text('<img src="https://x/cat.jpg" alt="'), tabStop('cat'), text('">'), text('\n\n'), text('!['), tabStop('dog'), text('](d)')];
      const inserted = toPlainText(pieces);
      const found = locateTabStops(inserted, pieces);
      assert.deepEqual(
        found?.map((s) => inserted.slice(s.start, s.end)),
        ['cat', 'dog'],
      );
      assert.equal(found?.[0]?.start, inserted.indexOf('alt="') + 5);
    });

    it('reads back text the editor re-indented, with CRLF line ends', () => {
      const pieces: Piece[] = [text('<figure>\n'), text('\t<img src="u" alt="'), tabStop('Rocks'), text('">\n\t<figcaption>c</figcaption>\n</figure>')];
      const inserted = '<figure>\r\n        <img src="u" alt="Rocks">\r\n        <figcaption>c</figcaption>\r\n    </figure>';
      const found = locateTabStops(inserted, pieces);
      assert.deepEqual(
        found?.map((s) => inserted.slice(s.start, s.end)),
        ['Rocks'],
      );
      assert.equal(locateTabStops('something else', pieces), undefined);
    });

    it('an alt text with characters that mean something in a pattern', () => {
      const pieces: Piece[] = [text('!['), tabStop('a (b) [c] $1 * \\ ^ 😀'), text('](u)')];
      const inserted = toPlainText(pieces);
      assert.deepEqual(locateTabStops(inserted, pieces), [{ start: 2, end: inserted.length - 4 }]);
    });
  });

  it('spansAfterChange: edits reported last cursor first keep the earlier spans in place', () => {
    let spans: Span[] = [];
    spans = spansAfterChange(spans, { offset: 10, removed: 0, inserted: 5 });
    spans = spansAfterChange(spans, { offset: 2, removed: 1, inserted: 4 });
    assert.deepEqual(spans, [
      { start: 13, end: 18 },
      { start: 2, end: 6 },
    ]);
  });
});
