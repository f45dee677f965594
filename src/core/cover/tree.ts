// The cover's fields as a tree of keys, the shape each front matter writer walks, and the
// small pieces they share: text edits and where lines start and end.
import { l10n } from '../l10n';
import type { CoverField } from './presets';
import type { CoverValue, CoverValues } from './values';
import { fieldValue } from './values';

export interface LeafNode {
  readonly kind: 'leaf';
  readonly path: readonly string[];
  readonly value: CoverValue;
}
export interface MapNode {
  readonly kind: 'map';
  readonly path: readonly string[];
  /** A Map, not an object: a key such as `__proto__` is just a key. */
  readonly children: Map<string, TreeNode>;
}
export type TreeNode = LeafNode | MapNode;

/** One replacement of the front matter's content: offsets into the content. */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** What a writer keeps while it edits one front matter: its text, line ending and indentation step, the edits so far and the keys they replace. */
export interface EditContext {
  readonly content: string;
  readonly eol: string;
  /** One level of indentation, as the front matter already uses it. */
  readonly step: string;
  readonly edits: TextEdit[];
  readonly replacing: string[];
}

/** What a writer gives back: the edits and the dotted keys whose old values they remove, or why it cannot write. */
export type WriteResult = { readonly ok: true; readonly edits: readonly TextEdit[]; readonly replacing: readonly string[] } | { readonly ok: false; readonly message: string };

/** The fields as a tree, values filled. Throws InsertError for a broken template; undefined when one field's key is inside another's. */
export function coverTree(fields: readonly CoverField[], values: CoverValues): MapNode | string {
  const root: MapNode = { kind: 'map', path: [], children: new Map() };
  for (const field of fields) {
    if (field.key.length === 0 || field.key.some((s) => s === '')) return l10n.t('A cover field has an empty key. Nothing was changed.');
    let map = root;
    for (let i = 0; i < field.key.length; i++) {
      const segment = field.key[i] ?? '';
      const existing = map.children.get(segment);
      const last = i === field.key.length - 1;
      if (last && existing === undefined) {
        map.children.set(segment, { kind: 'leaf', path: field.key, value: fieldValue(field, values) });
      } else if (!last && existing === undefined) {
        const child: MapNode = { kind: 'map', path: field.key.slice(0, i + 1), children: new Map() };
        map.children.set(segment, child);
        map = child;
      } else if (!last && existing?.kind === 'map') {
        map = existing;
      } else {
        return l10n.t('The cover fields "{0}" and "{1}" cannot both be written: one is inside the other. Nothing was changed.', field.key.join('.'), (existing?.path ?? []).join('.'));
      }
    }
  }
  return root;
}

/** Every leaf of the tree, in the fields' order. */
export function leaves(node: TreeNode): LeafNode[] {
  return node.kind === 'leaf' ? [node] : [...node.children.values()].flatMap(leaves);
}

/** Applies non-overlapping edits to `text` (last first, so earlier offsets stay right). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || b.end - a.end);
  let result = text;
  let limit = Infinity;
  for (const edit of sorted) {
    if (edit.end > limit) throw new Error('overlapping front matter edits');
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
    limit = edit.start;
  }
  return result;
}

/** The start of the line `offset` is on. */
export function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Where the line `offset` is on ends, before its line end (`\n` or `\r\n`). */
export function lineEndOf(text: string, offset: number): number {
  const lf = text.indexOf('\n', offset);
  if (lf < 0) return text.length;
  return text.charAt(lf - 1) === '\r' && lf - 1 >= offset ? lf - 1 : lf;
}

/** The 1-based line number of `offset`. */
export function lineNumber(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}
