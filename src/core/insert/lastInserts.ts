// After an insert the alt text is left selected (the snippet's first tab stop), so a second
// insert made at the selection as it stands would replace it and land inside the first
// one's `![…]`. So what an insert added is remembered as offsets into its document (the
// block at each cursor and the tab stops inside it), kept in step with every later edit,
// and the next insert asks where it goes: a selection or cursor the extension left there
// (or the alt text the user typed over it) sends it after that block; anything else is the
// user's, replaced or inserted at as always. Offsets count characters as the editor does,
// so a CRLF line end is two.
import type { Piece } from './pieces';

/** `start`..`end` (end excluded) in a document; empty for a cursor. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** One edit of the document: `removed` characters at `offset` replaced by `inserted` ones. */
export interface TextChange {
  readonly offset: number;
  readonly removed: number;
  readonly inserted: number;
  /** The editor's Undo (or Redo): taking an insert back forgets it even when it was all alt text. */
  readonly undoing?: boolean;
  /** The extension's own insert: text it adds at a tab stop's edge is not alt text typed there. */
  readonly own?: boolean;
}

/** What one insert added at one cursor: its text, and its tab stops (the alt texts) inside. */
export interface InsertedBlock {
  readonly span: Span;
  readonly stops: readonly Span[];
}

/** The most blocks remembered per document (older ones are forgotten first). */
export const MAX_REMEMBERED = 64;

const changeEnd = (c: TextChange): number => c.offset + c.removed;
const shifted = (s: Span, by: number): Span => ({ start: s.start + by, end: s.end + by });

/** Whether `c` edits inside `stop` (insertions at either edge included: typing at the alt text's ends extends it). */
function editsInside(stop: Span, c: TextChange): boolean {
  if (c.own && c.removed === 0 && (c.offset === stop.start || c.offset === stop.end)) return false;
  return stop.start <= c.offset && changeEnd(c) <= stop.end;
}

/** A tab stop after `c`, or undefined when `c` removed part of it from outside (it is the user's text now). */
function mapStop(stop: Span, c: TextChange): Span | undefined {
  const delta = c.inserted - c.removed;
  if (editsInside(stop, c)) return { start: stop.start, end: stop.end + delta };
  if (changeEnd(c) <= stop.start) return shifted(stop, delta);
  if (c.offset >= stop.end) return stop;
  return undefined;
}

/**
 * A block after `c`: shifted when `c` is before it, grown or shrunk when `c` is inside it
 * (typing a new alt text, deleting the credit), forgotten when `c` crosses its edge or
 * replaces it whole (undo takes an insert back that way).
 */
function mapBlock(block: InsertedBlock, c: TextChange): InsertedBlock | undefined {
  const { start, end } = block.span;
  const delta = c.inserted - c.removed;
  const mapStops = (): Span[] => block.stops.map((s) => mapStop(s, c)).filter((s): s is Span => s !== undefined);
  const whole = c.offset <= start && changeEnd(c) >= end;
  if (whole && c.undoing) return undefined;
  if (block.stops.some((s) => editsInside(s, c))) return { span: { start, end: end + delta }, stops: mapStops() };
  if (changeEnd(c) <= start) return { span: shifted(block.span, delta), stops: block.stops.map((s) => shifted(s, delta)) };
  if (c.offset >= end) return block;
  if (start <= c.offset && changeEnd(c) <= end && !whole) return { span: { start, end: end + delta }, stops: mapStops() };
  return undefined;
}

/** The remembered blocks after one edit of their document. */
export function blocksAfterChange(blocks: readonly InsertedBlock[], c: TextChange): InsertedBlock[] {
  return blocks.map((b) => mapBlock(b, c)).filter((b): b is InsertedBlock => b !== undefined);
}

/**
 * The spans a new insert adds while it is being made (one per cursor), after `c`: each
 * earlier one shifted by `c`, then `c`'s own text. The editor reports one insert's edits
 * from the last cursor to the first, each in the coordinates the previous one left.
 */
export function spansAfterChange(spans: readonly Span[], c: TextChange): Span[] {
  const delta = c.inserted - c.removed;
  const moved = spans.map((s) => (changeEnd(c) <= s.start ? shifted(s, delta) : s));
  return [...moved, { start: c.offset, end: c.offset + c.inserted }];
}

/** Whether `selection` is one the extension left in `block`: a tab stop as left, or a cursor in or at the edge of one. */
function leftBy(block: InsertedBlock, selection: Span): boolean {
  return block.stops.some((stop) =>
    selection.start === selection.end ? stop.start <= selection.start && selection.start <= stop.end : selection.start === stop.start && selection.end === stop.end,
  );
}

/**
 * Where an insert goes for each of the editor's selections: right after the block for a
 * selection the extension left (its alt text, still selected, typed over or with the
 * cursor in it), the selection itself otherwise. One target per place: cursors that lead
 * to the same block end, or into a selection that is replaced anyway, become one.
 */
export function insertTargets(blocks: readonly InsertedBlock[], selections: readonly Span[]): Span[] {
  const targets: Span[] = [];
  for (const selection of selections) {
    const own = blocks.find((b) => leftBy(b, selection));
    const target = own ? { start: own.span.end, end: own.span.end } : selection;
    const taken = targets.some((t) =>
      target.start === target.end ? t.start <= target.start && target.start <= t.end : t.start === target.start && t.end === target.end,
    );
    if (taken) continue;
    // A cursor that falls inside a selection another cursor replaces: the replaced selection wins.
    for (let i = targets.length - 1; i >= 0; i--) {
      const t = targets[i];
      if (t && t.start === t.end && target.start <= t.start && t.start <= target.end) targets.splice(i, 1);
    }
    targets.push(target);
  }
  return targets;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The tab stops in `inserted`, the text one snippet of `pieces` became in the document;
 * undefined when it does not read back. The editor writes each line break as the
 * document's (`\r\n` in a CRLF document) and re-indents every further line of a
 * snippet (the cursor line's indentation, tabs or spaces as the editor is set), so any
 * indentation matches there; everything else is literal.
 */
export function locateTabStops(inserted: string, pieces: readonly Piece[]): Span[] | undefined {
  let source = '';
  let lineStart = false;
  for (const piece of pieces) {
    const value = 'text' in piece ? piece.text : piece.tabStop;
    let part = '';
    for (const char of value) {
      if (char === '\n') {
        part += '\\r?\\n[ \\t]*';
        lineStart = true;
      } else if (lineStart && (char === ' ' || char === '\t')) {
        continue;
      } else {
        part += escapeRegExp(char);
        lineStart = false;
      }
    }
    source += 'tabStop' in piece ? `(${part})` : part;
  }
  const match = new RegExp(`^${source}$`, 'du').exec(inserted);
  if (!match?.indices) return undefined;
  return match.indices.slice(1).map((span) => ({ start: span?.[0] ?? 0, end: span?.[1] ?? 0 }));
}
