// Writes the cover into JSON front matter (a `{ … }` object at the start of the file, as
// Hugo reads it) with jsonc-parser's `modify`, which edits only the property it sets and
// formats just that, at the object's own indentation and line ends.
import { applyEdits, findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import type { FormattingOptions, Node as JsonNode, ParseError } from 'jsonc-parser';
import { l10n } from '../l10n';
import type { MapNode, WriteResult } from './tree';
import { leaves } from './tree';

/** The object's indentation: that of its first indented line (two spaces if it has none). */
function formatting(content: string, eol: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(content)?.[1] ?? '  ';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol } : { insertSpaces: true, tabSize: indent.length, eol };
}

const isSet = (node: JsonNode | undefined): boolean => node !== undefined && node.type !== 'null' && !(node.type === 'string' && node.value === '');

/**
 * The JSON object `content`, with the tree's keys set. Unlike the other writers it gives
 * back one edit of the whole object (jsonc-parser computes its edits one property at a
 * time); the caller narrows it to what changed.
 */
export function writeJson(content: string, tree: MapNode, eol: string, where: (offset: number) => string): WriteResult {
  const errors: ParseError[] = [];
  const root = parseTree(content, errors, { disallowComments: true, allowTrailingComma: false });
  const error = errors[0];
  if (error || root?.type !== 'object') {
    return { ok: false, message: l10n.t('The front matter is not a valid JSON object ({0}). Nothing was changed.', where(error?.offset ?? 0)) };
  }
  const options = { formattingOptions: formatting(content, eol) };
  const replacing: string[] = [];
  let text = content;
  for (const leaf of leaves(tree)) {
    const current = parseTree(text);
    // A parent that is not an object (`"cover": "x.jpg"`) is replaced by one.
    let path = leaf.path;
    let value: unknown = typeof leaf.value === 'string' ? leaf.value : [...leaf.value];
    for (let n = 1; n < leaf.path.length; n++) {
      const node = current ? findNodeAtLocation(current, leaf.path.slice(0, n)) : undefined;
      if (node === undefined) break;
      if (node.type !== 'object') {
        if (isSet(node)) replacing.push(leaf.path.slice(0, n).join('.'));
        value = leaf.path.slice(n).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
        path = leaf.path.slice(0, n);
        break;
      }
    }
    if (path === leaf.path && current && isSet(findNodeAtLocation(current, [...path]))) replacing.push(path.join('.'));
    text = applyEdits(text, modify(text, [...path], value, options));
  }
  return { ok: true, edits: text === content ? [] : [{ start: 0, end: content.length, text }], replacing };
}
