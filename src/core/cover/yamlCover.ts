// Writes the cover into YAML front matter by editing the text around the ranges the `yaml`
// package reports, never by printing the document again: comments, key order, quoting and
// blank lines outside the keys written stay as they were. An existing key keeps its place
// and its trailing comment; its old value (one line or many) is replaced. A new key goes
// after the last key of its map, at that map's indentation; in a flow map (`{title: x}`)
// after its last entry, on the same line or, when the map spans lines, on a line of its own.
// A key given twice is read as the generators read it (libyaml under Jekyll, go-yaml under
// Hugo: the last one wins), so the cover's fields are written into the last of them and the
// rest stays as it is.
import { isMap, isScalar, parseDocument, stringify } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import { l10n } from '../l10n';
import type { CoverValue } from './values';
import type { EditContext, MapNode, TreeNode, WriteResult } from './tree';
import { lineEndOf, lineStartOf } from './tree';

/** Keys YAML 1.1 (Jekyll's Ruby parser) or 1.2 reads as something other than a string when plain. */
const SPECIAL_KEYS = /^(?:y|n|yes|no|true|false|on|off|null|~|[-+]?(?:\d[\d_]*|\.\d|\.inf|\.nan)[\d_.eE+-]*|0[xob][\da-f_]+)$/i;

export function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && !SPECIAL_KEYS.test(key) ? key : JSON.stringify(key);
}

/** A value as a one-line double-quoted YAML scalar (a list: a flow sequence of one). */
export function yamlValue(value: CoverValue): string {
  const quote = (text: string): string => {
    const quoted = stringify(text, { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN', lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
    // A JSON string is a YAML double-quoted scalar too: the fallback should the printer ever fold.
    return /[\r\n]/.test(quoted) ? JSON.stringify(text) : quoted;
  };
  return typeof value === 'string' ? quote(value) : `[${quote(value[0])}]`;
}

/** The pair of `map` whose key is the scalar `key`: the last such pair, the one the generators read when a key is given twice. */
function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.findLast((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

/** The end of a node's own text: its range end, without the line ends the parser counts to it. */
function nodeEnd(content: string, node: Node): number {
  const [start, end] = node.range ?? [0, 0];
  let at = end;
  while (at > start && (content.charAt(at - 1) === '\n' || content.charAt(at - 1) === '\r')) at -= 1;
  return at;
}

/** The indentation of the line `offset` is on, up to `offset` (a `- ` of a sequence counts as spaces). */
function indentAt(content: string, offset: number): string {
  const before = content.slice(lineStartOf(content, offset), offset);
  return /^[ \t]*$/.test(before) ? before : ' '.repeat(before.length);
}

/** Whether a value counts as set: anything but null and the empty string. */
function isSet(node: unknown): boolean {
  if (node === null || node === undefined) return false;
  if (isScalar(node)) return node.value !== null && node.value !== '';
  return true;
}

/**
 * The stretch `key…value` of a pair from the end of its key: what a new value replaces. For
 * a key without a value (`cover:`, perhaps with a comment) it is just the colon, so the
 * comment stays after a space.
 */
function valueStretch(ctx: EditContext, pair: Pair): { start: number; end: number } | undefined {
  if (!isScalar(pair.key) || !pair.key.range) return undefined;
  const start = pair.key.range[1];
  const value = pair.value as Node | null;
  if (value && value.range && !(isScalar(value) && value.value === null && value.range[0] === value.range[1])) {
    return { start, end: nodeEnd(ctx.content, value) };
  }
  const colon = /^[ \t]*:/.exec(ctx.content.slice(start));
  return colon ? { start, end: start + colon[0].length } : undefined;
}

function render(ctx: EditContext, key: string, node: TreeNode, indent: string): string[] {
  if (node.kind === 'leaf') return [`${indent}${yamlKey(key)}: ${yamlValue(node.value)}`];
  return [`${indent}${yamlKey(key)}:`, ...[...node.children].flatMap(([k, child]) => render(ctx, k, child, indent + ctx.step))];
}

/** A value as it is written inside a flow map: a map as `{k: v, …}`. */
function flowValue(node: TreeNode): string {
  if (node.kind === 'leaf') return yamlValue(node.value);
  return `{${[...node.children].map(([k, child]) => `${yamlKey(k)}: ${flowValue(child)}`).join(', ')}}`;
}

/** Writes `tree`'s children into the flow map `map` (`{title: x}`, perhaps over several lines). */
function writeFlowMap(ctx: EditContext, map: YAMLMap, tree: MapNode): WriteResult | undefined {
  const added: string[] = [];
  for (const [key, child] of tree.children) {
    const pair = pairOf(map, key);
    if (!pair) {
      added.push(`${yamlKey(key)}: ${flowValue(child)}`);
      continue;
    }
    const stretch = valueStretch(ctx, pair);
    if (!stretch) return cannotEdit(child.path);
    if (child.kind === 'map' && isMap(pair.value)) {
      const refused = writeFlowMap(ctx, pair.value, child);
      if (refused) return refused;
      continue;
    }
    if (isSet(pair.value)) ctx.replacing.push(child.path.join('.'));
    ctx.edits.push({ start: stretch.start, end: stretch.end, text: `: ${flowValue(child)}` });
  }
  if (added.length === 0) return undefined;
  const last = map.items[map.items.length - 1];
  const end = last ? valueStretch(ctx, last)?.end : undefined;
  const lastKey = last?.key as Node | undefined;
  if (end === undefined || !lastKey?.range) {
    // No entries (`{}`): inside the braces.
    const open = map.range?.[0];
    if (open === undefined || ctx.content.charAt(open) !== '{') return cannotEdit(tree.path);
    ctx.edits.push({ start: open + 1, end: open + 1, text: added.join(', ') });
    return undefined;
  }
  if (lineStartOf(ctx.content, lastKey.range[0]) <= (map.range?.[0] ?? 0)) {
    ctx.edits.push({ start: end, end, text: `, ${added.join(', ')}` });
    return undefined;
  }
  // A map spanning lines gets each new entry on a line of its own, at its last key's
  // indentation; a comment after the last entry stays on that entry's line.
  const separator = `,${ctx.eol}${indentAt(ctx.content, lastKey.range[0])}`;
  const comment = /^[ \t]*(,?)[ \t]*#/.exec(ctx.content.slice(end));
  if (!comment) {
    ctx.edits.push({ start: end, end, text: separator + added.join(separator) });
    return undefined;
  }
  if (comment[1] === '') ctx.edits.push({ start: end, end, text: ',' });
  const lineEnd = lineEndOf(ctx.content, end);
  ctx.edits.push({ start: lineEnd, end: lineEnd, text: separator.slice(1) + added.join(separator) });
  return undefined;
}

function cannotEdit(path: readonly string[]): WriteResult {
  return { ok: false, message: l10n.t('The front matter key "{0}" is written in a form the cover cannot edit. Nothing was changed.', path.join('.')) };
}

/** Writes `tree`'s children into the block map `map`, whose keys are at `indent`. */
function writeMap(ctx: EditContext, map: YAMLMap, indent: string, tree: MapNode): WriteResult | undefined {
  if (map.flow) return writeFlowMap(ctx, map, tree);
  const added: string[] = [];
  for (const [key, child] of tree.children) {
    const pair = pairOf(map, key);
    if (!pair) {
      added.push(...render(ctx, key, child, indent));
      continue;
    }
    const stretch = valueStretch(ctx, pair);
    if (!stretch) return cannotEdit(child.path);
    const value = pair.value;
    if (child.kind === 'map' && isMap(value)) {
      const first = value.items[0]?.key as Node | undefined;
      const refused = writeMap(ctx, value, first?.range ? indentAt(ctx.content, first.range[0]) : indent + ctx.step, child);
      if (refused) return refused;
      continue;
    }
    if (isSet(value)) ctx.replacing.push(child.path.join('.'));
    const text = child.kind === 'leaf' ? `: ${yamlValue(child.value)}` : `:${ctx.eol}${[...child.children].flatMap(([k, c]) => render(ctx, k, c, indent + ctx.step)).join(ctx.eol)}`;
    ctx.edits.push({ start: stretch.start, end: stretch.end, text });
  }
  if (added.length > 0) {
    // After the last pair's value and the rest of its line (its comment).
    const last = map.items[map.items.length - 1];
    const end = last ? (valueStretch(ctx, last)?.end ?? 0) : 0;
    ctx.edits.push({ start: lineEndOf(ctx.content, end), end: lineEndOf(ctx.content, end), text: ctx.eol + added.join(ctx.eol) });
  }
  return undefined;
}

/** The indentation one level adds in this block: the first nested block map's, else two spaces. */
function indentStep(content: string, map: YAMLMap): string {
  const pending: { map: YAMLMap; indent: number }[] = [{ map, indent: 0 }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    for (const pair of item.map.items) {
      const value = pair.value;
      if (!isMap(value) || value.flow) continue;
      const key = value.items[0]?.key as Node | undefined;
      if (!key?.range) continue;
      const indent = indentAt(content, key.range[0]);
      if (indent.length > item.indent) return indent.slice(item.indent).includes('\t') ? '\t' : ' '.repeat(indent.length - item.indent);
    }
  }
  return '  ';
}

/**
 * The edits that write `tree` into the YAML `content` (the front matter between its fences).
 * `where(offset)` names a place in the content for messages (e.g. "line 4").
 */
export function writeYaml(content: string, tree: MapNode, eol: string, where: (offset: number) => string): WriteResult {
  const doc = parseDocument(content, { prettyErrors: false, uniqueKeys: false });
  const error = doc.errors[0];
  if (error) {
    return { ok: false, message: l10n.t('The front matter is not valid YAML ({0}: {1}). Nothing was changed.', where(error.pos[0]), error.message.split('\n')[0] ?? '') };
  }
  const root = doc.contents;
  const ctx: EditContext = { content, eol, step: '  ', edits: [], replacing: [] };
  if (root === null || (isScalar(root) && root.value === null)) {
    // Empty, or only comments: the keys go at its end.
    const lines = [...tree.children].flatMap(([k, c]) => render(ctx, k, c, ''));
    const text = lines.join(eol) + eol;
    return { ok: true, edits: [{ start: content.length, end: content.length, text: content === '' || /\n$/.test(content) ? text : eol + text }], replacing: [] };
  }
  if (!isMap(root)) return { ok: false, message: l10n.t('The front matter is not a map of keys to values. Nothing was changed.') };
  const first = root.items[0]?.key as Node | undefined;
  const step = indentStep(content, root);
  const refused = writeMap({ ...ctx, step }, root, first?.range ? indentAt(content, first.range[0]) : '', tree);
  return refused ?? { ok: true, edits: ctx.edits, replacing: ctx.replacing };
}
