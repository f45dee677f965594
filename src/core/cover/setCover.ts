// Plans writing a cover into a document's front matter: one replacement of the original
// text, or a refusal that says why (nothing is touched then). The writers per syntax edit
// the text around the keys they write; before the plan is handed out, the new block is
// parsed back and must hold exactly the old data plus the cover's keys with exactly their
// values, so no value, however hostile, can add a key, change another or end the block.
import { l10n } from '../l10n';
import { isInsertError } from '../insert/insertError';
import type { CoverField } from './presets';
import type { CoverValues } from './values';
import type { FrontMatterSyntax } from './frontMatter';
import { bodyStart, findFrontMatter, lineEnding, parseFrontMatter, unclosedFrontMatter } from './frontMatter';
import type { MapNode, WriteResult } from './tree';
import { applyTextEdits, coverTree, leaves, lineNumber } from './tree';
import { writeYaml } from './yamlCover';
import { writeToml } from './tomlCover';
import { writeJson } from './jsonCover';

export type { CoverValues } from './values';

/** One replacement of the original text: offsets into it. */
export interface CoverEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export type CoverPlan =
  | {
      readonly ok: true;
      readonly edit: CoverEdit;
      readonly syntax: FrontMatterSyntax;
      /** There was no front matter: a YAML one is created at the top (after a byte order mark). */
      readonly created: boolean;
      /** The dotted keys of the fields (or of their non-map parents) that had a value: a cover is set, the host asks before replacing it. */
      readonly replacing: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

type Data = Record<string, unknown>;

const isMapValue = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function dateKey(date: Date): string {
  try {
    return date.toISOString();
  } catch {
    return String(date);
  }
}

/** Deep equality of parsed front matter data (key order does not count). */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && dateKey(a) === dateKey(b);
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  if (!isMapValue(a) || !isMapValue(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameData(a[key], b[key]));
}

/** A copy of the data with the tree's values set (a parent that is not a map becomes one): what the block must read as afterwards. */
export function expectedData(before: Data, tree: MapNode): Data {
  const copy = (value: unknown): unknown => {
    if (!isMapValue(value)) return value;
    const out: Data = Object.create(null) as Data;
    for (const key of Object.keys(value)) out[key] = copy(value[key]);
    return out;
  };
  const root = copy(before) as Data;
  for (const leaf of leaves(tree)) {
    let at = root;
    leaf.path.slice(0, -1).forEach((segment) => {
      const next = Object.prototype.hasOwnProperty.call(at, segment) ? at[segment] : undefined;
      if (!isMapValue(next)) at[segment] = Object.create(null) as Data;
      at = at[segment] as Data;
    });
    at[leaf.path[leaf.path.length - 1] ?? ''] = typeof leaf.value === 'string' ? leaf.value : [...leaf.value];
  }
  return root;
}

/**
 * The smallest replacement turning `before` into `after` within [from, to) of `text`,
 * never splitting a `\r\n` or a surrogate pair (an editor cannot place a position there).
 */
function narrowEdit(text: string, from: number, to: number, after: string): CoverEdit {
  const before = text.slice(from, to);
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix += 1;
  const splits = (s: string, at: number): boolean => (s.charAt(at - 1) === '\r' && s.charAt(at) === '\n') || (/[\ud800-\udbff]/.test(s.charAt(at - 1)) && /[\udc00-\udfff]/.test(s.charAt(at)));
  while (prefix > 0 && (splits(before, prefix) || splits(after, prefix))) prefix -= 1;
  let suffix = 0;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix += 1;
  while (suffix > 0 && (splits(before, before.length - suffix) || splits(after, after.length - suffix))) suffix -= 1;
  return { start: from + prefix, end: to - suffix, newText: after.slice(prefix, after.length - suffix) };
}

const WRITERS: Record<FrontMatterSyntax, (content: string, tree: MapNode, eol: string, where: (offset: number) => string) => WriteResult> = {
  yaml: writeYaml,
  toml: writeToml,
  json: writeJson,
};

/** The new content, checked by parsing it back; or why not. */
function written(syntax: FrontMatterSyntax, content: string, tree: MapNode, eol: string, where: (offset: number) => string): { ok: true; content: string; replacing: readonly string[] } | { ok: false; message: string } {
  const result = WRITERS[syntax](content, tree, eol, where);
  if (!result.ok) return result;
  const after = applyTextEdits(content, result.edits);
  const before = parseFrontMatter(syntax, content) ?? {};
  const parsed = parseFrontMatter(syntax, after);
  if (!parsed || !sameData(parsed, expectedData(before, tree))) {
    return { ok: false, message: l10n.t('The cover could not be written into this front matter without changing other keys (it is written in a way the extension does not edit). Nothing was changed.') };
  }
  return { ok: true, content: after, replacing: result.replacing };
}

export function planCover(text: string, fields: readonly CoverField[], values: CoverValues): CoverPlan {
  let tree: MapNode | string;
  try {
    tree = coverTree(fields, values);
  } catch (error) {
    if (isInsertError(error)) return { ok: false, message: error.message };
    throw error;
  }
  if (typeof tree === 'string') return { ok: false, message: tree };
  if (tree.children.size === 0) return { ok: false, message: l10n.t('No cover fields are set. Nothing was changed.') };
  const block = findFrontMatter(text);
  if (!block) {
    const unclosed = unclosedFrontMatter(text);
    if (unclosed === 'json') return { ok: false, message: l10n.t('The front matter looks like JSON but is not a valid JSON object followed by a line end. Nothing was changed.') };
    if (unclosed) return { ok: false, message: l10n.t('The front matter opened on line 1 is never closed with a line {0}. Nothing was changed.', unclosed === 'yaml' ? '---' : '+++') };
    const eol = lineEnding(text);
    const made = written('yaml', '', tree, eol, () => l10n.t('line {0}', 2));
    if (!made.ok) return made;
    const at = bodyStart(text);
    return { ok: true, edit: { start: at, end: at, newText: `---${eol}${made.content}---${eol}` }, syntax: 'yaml', created: true, replacing: [] };
  }
  const content = text.slice(block.contentStart, block.contentEnd);
  const eol = lineEnding(text, block.start);
  const where = (offset: number): string => l10n.t('line {0}', lineNumber(text, block.contentStart + offset));
  const made = written(block.syntax, content, tree, eol, where);
  if (!made.ok) return made;
  return { ok: true, edit: narrowEdit(text, block.contentStart, block.contentEnd, made.content), syntax: block.syntax, created: false, replacing: made.replacing };
}

/** The placeholders (`{url}`, `{alt}`, …) the fields' templates use. */
function placeholdersOf(fields: readonly CoverField[]): Set<string> {
  return new Set(fields.flatMap((f) => [...f.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '')));
}

/** Whether the cover writes an alt text (a field uses `{alt}`): only then is it asked. */
export function coverUsesAlt(fields: readonly CoverField[]): boolean {
  return placeholdersOf(fields).has('alt');
}

/**
 * The cover keys the page has already, the ones a cover would replace: known before any image
 * is chosen (which keys are written does not depend on the values). None when the front matter
 * cannot take a cover (the write says why, later).
 */
export function coverKeysIn(text: string, fields: readonly CoverField[]): readonly string[] {
  const values = Object.fromEntries([...placeholdersOf(fields)].map((name) => [name, 'x']));
  const plan = planCover(text, fields, values);
  return plan.ok ? plan.replacing : [];
}

