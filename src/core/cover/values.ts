// A cover field's value: its template filled with plain values, as one line of text. The
// front matter writers quote and escape it for their syntax; this only makes it a line.
import { l10n } from '../l10n';
import { parseTemplate } from '../insert/template';
import type { CoverField } from './presets';

/** Placeholder name → plain value (url, alt, credit, creditText, photographer, …), filled by the host. */
export type CoverValues = Readonly<Record<string, string>>;

/** One value to write: text, or a list of one text (Hugo's `images`). */
export type CoverValue = string | readonly [string];

/**
 * A value as one line that every front matter reader takes, the same rule for every field
 * (alt text, names, URLs) and every syntax (YAML, TOML, JSON), so all of them hold the same
 * text:
 * - control characters (C0, DEL, C1), line and paragraph separators and tabs become a space
 *   (a run of them one space: `\r\n` is one line end). Written raw, libyaml (Jekyll, through
 *   Ruby's Psych) and go-yaml (Hugo) refuse most of them, and YAML reads U+0085 as a line break.
 * - a lone surrogate half, which no file can store, becomes U+FFFD. libyaml refuses its escape
 *   (`\uD800`, "invalid Unicode character escape code").
 * - Unicode's 66 noncharacters (U+FDD0–U+FDEF, U+FFFE, U+FFFF, U+1FFFE, …) are dropped:
 *   they are reserved for a program's own use, not text. libyaml and go-yaml refuse a raw
 *   U+FFFE or U+FFFF anywhere in the file, quoted or not ("control characters are not allowed":
 *   Hugo stops the build, Jekyll drops the page), and XML 1.0 (the sites' feeds) forbids
 *   them. An escape (`\uFFFE`) would be read, but would carry the character on into the
 *   site's pages and feeds.
 * U+FEFF inside a value is kept: libyaml, go-yaml, TOML and JSON readers all read it as itself.
 * Nothing is trimmed.
 */
export function oneLineValue(value: string): string {
  return value
    .replace(/\p{Noncharacter_Code_Point}/gu, '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** The field's value: its template filled (a placeholder the host left out is empty), as one line. Throws InsertError for a broken template. */
export function fieldValue(field: CoverField, values: CoverValues): CoverValue {
  const segments = parseTemplate(field.template, () => l10n.t('the cover field "{0}"', field.key.join('.')));
  const filled = segments.map((s) => ('literal' in s ? s.literal : Object.prototype.hasOwnProperty.call(values, s.placeholder) ? String(values[s.placeholder]) : '')).join('');
  const line = oneLineValue(filled);
  return field.list ? [line] : line;
}
