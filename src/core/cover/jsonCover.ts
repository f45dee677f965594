// Writes the cover into JSON front matter (a `{ … }` object at the start of the file, as
// Hugo reads it) by editing the text around the members jsonc-parser's tree locates, as the
// YAML and TOML writers do: every other member keeps its text byte for byte (no formatter
// runs over the lines around an edit). An existing member gets its new value in place; a new
// one goes after the last member of its object, on a line of its own at that object's
// indentation, or on the same line when the object is written on one line. A key given twice
// is read as JSON.parse and Go's encoding/json (Hugo) read it, the last one wins, so the
// cover's fields go into the last.
import { parseTree } from 'jsonc-parser';
import type { Node as JsonNode, ParseError } from 'jsonc-parser';
import { l10n } from '../l10n';
import type { EditContext, MapNode, TreeNode, WriteResult } from './tree';
import { lineStartOf } from './tree';

const isSet = (node: JsonNode | undefined): boolean => node !== undefined && node.type !== 'null' && !(node.type === 'string' && node.value === '');

/** The last member (property node) of `object` named `key`. */
const memberOf = (object: JsonNode, key: string): JsonNode | undefined => object.children?.findLast((member) => member.children?.[0]?.value === key);

/** Whether the object's text spans lines. */
const spansLines = (ctx: EditContext, object: JsonNode): boolean => /\n/.test(ctx.content.slice(object.offset, object.offset + object.length));

/** The indentation of the line `offset` is on, when only blanks precede it there. */
function ownLineIndent(content: string, offset: number): string | undefined {
  const before = content.slice(lineStartOf(content, offset), offset);
  return /^[ \t]*$/.test(before) ? before : undefined;
}

/** A value written at a member whose line is indented `indent`: a map over lines (or on one line, `inline`). */
function render(ctx: EditContext, node: TreeNode, indent: string, inline: boolean): string {
  if (node.kind === 'leaf') return typeof node.value === 'string' ? JSON.stringify(node.value) : `[${JSON.stringify(node.value[0])}]`;
  const inner = indent + ctx.step;
  const members = [...node.children].map(([key, child]) => `${JSON.stringify(key)}: ${render(ctx, child, inner, inline)}`);
  return inline ? `{${members.join(', ')}}` : `{${ctx.eol}${inner}${members.join(`,${ctx.eol}${inner}`)}${ctx.eol}${indent}}`;
}

/** Writes `tree`'s children into `object`, whose members are on lines indented `indent`. */
function writeObject(ctx: EditContext, object: JsonNode, indent: string, tree: MapNode): void {
  const inline = !spansLines(ctx, object);
  const added: string[] = [];
  for (const [key, child] of tree.children) {
    const member = memberOf(object, key);
    const value = member?.children?.[1];
    if (!value) {
      added.push(`${JSON.stringify(key)}: ${render(ctx, child, indent, inline)}`);
      continue;
    }
    if (child.kind === 'map' && value.type === 'object') {
      const first = value.children?.[0];
      writeObject(ctx, value, (first && ownLineIndent(ctx.content, first.offset)) ?? indent + ctx.step, child);
      continue;
    }
    if (isSet(value)) ctx.replacing.push(child.path.join('.'));
    ctx.edits.push({ start: value.offset, end: value.offset + value.length, text: render(ctx, child, indent, inline) });
  }
  if (added.length === 0) return;
  const separator = inline ? ', ' : `,${ctx.eol}${indent}`;
  const last = object.children?.[object.children.length - 1];
  if (last) {
    const at = last.offset + last.length;
    ctx.edits.push({ start: at, end: at, text: separator + added.join(separator) });
  } else {
    // An empty object: after its `{`.
    ctx.edits.push({ start: object.offset + 1, end: object.offset + 1, text: (inline ? '' : ctx.eol + indent) + added.join(separator) });
  }
}

/** The edits that write `tree` into the JSON object `content`. */
export function writeJson(content: string, tree: MapNode, eol: string, where: (offset: number) => string): WriteResult {
  const errors: ParseError[] = [];
  const root = parseTree(content, errors, { disallowComments: true, allowTrailingComma: false });
  const error = errors[0];
  if (error || root?.type !== 'object') {
    return { ok: false, message: l10n.t('The front matter is not a valid JSON object ({0}). Nothing was changed.', where(error?.offset ?? 0)) };
  }
  // The top-level members' indentation is one step (two spaces when they show none).
  const first = root.children?.[0];
  const indent = (first && ownLineIndent(content, first.offset)) ?? '  ';
  const ctx: EditContext = { content, eol, step: indent === '' ? '  ' : indent.startsWith('\t') ? '\t' : indent, edits: [], replacing: [] };
  writeObject(ctx, root, indent, tree);
  return { ok: true, edits: ctx.edits, replacing: ctx.replacing };
}
