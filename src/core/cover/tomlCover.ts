// Writes the cover into TOML front matter (`+++`, as Hugo writes it) by editing the text
// around what tomlScan.ts locates, after `smol-toml` has accepted the block: a key already
// there gets its new value in place (its comment stays); a new key goes after the last key
// of the table that holds it (`[cover]` when the block has one), else as a dotted key
// (`cover.image = …`) after the top-level keys, before the first table header. A key whose
// old value is a table, or whose parent is not a table (`cover = "x.jpg"`), loses that old
// value first. Strings are TOML basic strings with escapes.
import { parse } from 'smol-toml';
import { l10n } from '../l10n';
import type { CoverValue } from './values';
import type { MapNode, TextEdit, WriteResult } from './tree';
import { leaves, lineStartOf } from './tree';
import { startsWith } from './presets';
import type { TomlEntry, TomlHeader } from './tomlScan';
import { scanToml } from './tomlScan';

/** A TOML basic string: `"`, `\` and every control character escaped. */
export function tomlString(text: string): string {
  const escaped = text.replace(/[\u0000-\u001f\u007f"\\]/g, (c) => {
    if (c === '"' || c === '\\') return `\\${c}`;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`;
  });
  return `"${escaped}"`;
}

export function tomlValue(value: CoverValue): string {
  return typeof value === 'string' ? tomlString(value) : `[${tomlString(value[0])}]`;
}

function tomlKey(path: readonly string[]): string {
  return path.map((s) => (/^[A-Za-z0-9_-]+$/.test(s) ? s : tomlString(s))).join('.');
}

const isTable = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** The value at `path` in parsed data, or undefined. */
function valueAt(data: unknown, path: readonly string[]): unknown {
  let at = data;
  for (const segment of path) {
    if (!isTable(at) || !Object.prototype.hasOwnProperty.call(at, segment)) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && startsWith(a, b);

/** The start of the line after `lineEnd` (past its line end), or the text's end. */
function nextLine(content: string, lineEnd: number): number {
  const lf = content.indexOf('\n', lineEnd);
  return lf < 0 ? content.length : lf + 1;
}

export function writeToml(content: string, tree: MapNode, eol: string, where: (offset: number) => string): WriteResult {
  let data: unknown;
  try {
    data = parse(content);
  } catch (error) {
    const e = error as { message?: unknown; line?: unknown; column?: unknown };
    const line = typeof e.line === 'number' ? e.line : 1;
    const firstLine = String(e.message ?? error).split('\n')[0] ?? '';
    // smol-toml counts lines from 1 within the block: name the place by the block's first offset of that line.
    let offset = 0;
    for (let i = 1; i < line; i++) offset = content.indexOf('\n', offset) + 1;
    return { ok: false, message: l10n.t('The front matter is not valid TOML ({0}: {1}). Nothing was changed.', where(offset), firstLine) };
  }
  const items = scanToml(content);
  const headers = items.filter((item): item is TomlHeader => item.kind === 'header');
  const entries = items.filter((item): item is TomlEntry => item.kind === 'entry' && item.table?.array !== true);
  const edits: TextEdit[] = [];
  const replacing: string[] = [];
  const removedSections = new Set<TomlHeader>();
  const removedEntries = new Set<TomlEntry>();
  const removeEntry = (entry: TomlEntry): void => {
    if (removedEntries.has(entry) || (entry.table && removedSections.has(entry.table))) return;
    removedEntries.add(entry);
    edits.push({ start: entry.lineStart, end: nextLine(content, entry.lineEnd), text: '' });
  };
  // A table's section ends with its last key's line: comments and blank lines after it belong
  // to what follows (a comment above the next table's header is about that table).
  const sectionEnd = (header: TomlHeader): number => {
    const own = items.filter((item): item is TomlEntry => item.kind === 'entry' && item.table === header);
    return nextLine(content, own[own.length - 1]?.lineEnd ?? header.lineEnd);
  };
  const added: { leafPath: readonly string[]; value: CoverValue }[] = [];

  for (const leaf of leaves(tree)) {
    const path = leaf.path;
    const exact = entries.find((e) => same(e.path, path));
    if (exact) {
      const old = valueAt(data, path);
      if (old !== undefined && old !== '') replacing.push(path.join('.'));
      edits.push({ start: exact.valueStart, end: exact.valueEnd, text: tomlValue(leaf.value) });
      continue;
    }
    // An ancestor that is not a table (`cover = "x.jpg"`), an inline table (`cover = { … }`) or an array of tables.
    for (let n = 1; n < path.length; n++) {
      const ancestor = path.slice(0, n);
      const value = valueAt(data, ancestor);
      if (value === undefined) break;
      const entry = entries.find((e) => same(e.path, ancestor));
      if (isTable(value) && entry?.inlineTable) {
        return { ok: false, message: l10n.t('The front matter writes "{0}" inline ({1}); the cover can only be added to a table written one key per line. Nothing was changed.', ancestor.join('.'), '{ … }') };
      }
      if (Array.isArray(value) && headers.some((h) => h.array && same(h.path, ancestor))) {
        return { ok: false, message: l10n.t('The front matter has "{0}" as a list of tables ({1}); the cover cannot go there. Nothing was changed.', ancestor.join('.'), `[[${ancestor.join('.')}]]`) };
      }
      if (!isTable(value) && entry) {
        if (!removedEntries.has(entry)) replacing.push(ancestor.join('.'));
        removeEntry(entry);
        break;
      }
    }
    // An old value that is a table: its keys and its sections go.
    const old = valueAt(data, path);
    if (old !== undefined) {
      replacing.push(path.join('.'));
      for (const header of headers) {
        if (!startsWith(header.path, path) || removedSections.has(header)) continue;
        removedSections.add(header);
        edits.push({ start: lineStartOf(content, header.start), end: sectionEnd(header), text: '' });
      }
      for (const entry of entries) if (startsWith(entry.path, path) && !same(entry.path, path)) removeEntry(entry);
      // The arrays of tables' own entries went with their sections above.
    }
    added.push({ leafPath: path, value: leaf.value });
  }

  // New keys: into the deepest table whose header is a prefix of the key, else the top level.
  const inserts = new Map<number, string[]>();
  for (const { leafPath, value } of added) {
    const home = headers.filter((h) => !h.array && !removedSections.has(h) && h.path.length < leafPath.length && startsWith(leafPath, h.path)).sort((a, b) => b.path.length - a.path.length)[0];
    const own = entries.filter((e) => e.table === home && !removedEntries.has(e));
    const last = own[own.length - 1];
    const first = own[0];
    let at: number;
    let indent: string;
    if (last && first) {
      at = last.lineEnd;
      indent = content.slice(first.lineStart, first.keyStart);
    } else if (home) {
      at = home.lineEnd;
      indent = content.slice(lineStartOf(content, home.start), home.start);
    } else {
      at = -1; // the very start
      indent = '';
    }
    const line = `${indent}${tomlKey(leafPath.slice(home?.path.length ?? 0))} = ${tomlValue(value)}`;
    inserts.set(at, [...(inserts.get(at) ?? []), line]);
  }
  for (const [at, lines] of inserts) {
    if (at < 0) edits.push({ start: 0, end: 0, text: lines.join(eol) + eol });
    else edits.push({ start: at, end: at, text: eol + lines.join(eol) });
  }
  return { ok: true, edits, replacing: [...new Set(replacing)] };
}
