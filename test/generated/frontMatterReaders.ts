// Front matter read back the way the sites' generators read it, for the tests (plain Node and
// the web worker host alike): YAML as libyaml reads it (Jekyll through Ruby's Psych; Hugo's
// go-yaml is a port of it): YAML 1.1, the file's characters checked first as libyaml's
// reader checks them, a key given twice read as its last value; TOML with smol-toml; JSON
// with JSON.parse. Each gives plain JSON-like data (dates as ISO strings) or throws.
import { parse as parseToml } from 'smol-toml';
import { parseDocument } from 'yaml';

/**
 * A character outside YAML 1.1's printable set (§5.1), which libyaml's reader refuses anywhere
 * in the file, quoted or not ("control characters are not allowed"): C0 and C1 controls but
 * tab, line feed, carriage return and U+0085, DEL, surrogates, U+FFFE and U+FFFF.
 */
const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

const plain = (data: unknown): unknown => JSON.parse(JSON.stringify(data ?? {})) as unknown;

/** YAML as libyaml reads it. */
export function readYaml11(content: string): unknown {
  const bad = NOT_PRINTABLE.exec(content);
  if (bad) throw new Error(`control characters are not allowed: U+${(bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')} at offset ${bad.index}`);
  const doc = parseDocument(content, { version: '1.1', uniqueKeys: false });
  const error = doc.errors[0];
  if (error) throw error;
  return plain(doc.toJS());
}

/** Front matter content (between the fences; JSON: the object) as its generator reads it. */
export function readAsSites(syntax: 'yaml' | 'toml' | 'json', content: string): unknown {
  if (syntax === 'yaml') return readYaml11(content);
  if (syntax === 'toml') return plain(parseToml(content));
  return plain(JSON.parse(content));
}
