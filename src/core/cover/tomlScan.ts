// Where things are in TOML front matter that `smol-toml` has already accepted: the table
// headers and the key/value lines, each with its absolute key path and the offsets of its
// value. Only enough of TOML to find them (strings of the four kinds, arrays and inline
// tables over lines, comments); whether the text is valid is smol-toml's call, made first.

export interface TomlHeader {
  readonly kind: 'header';
  /** `[[…]]`: an array of tables, whose keys no cover field can address. */
  readonly array: boolean;
  readonly path: readonly string[];
  readonly start: number;
  /** The end of the header's line, before its line end. */
  readonly lineEnd: number;
}

export interface TomlEntry {
  readonly kind: 'entry';
  /** The key's absolute path: its table's path, then its own (dotted) key. */
  readonly path: readonly string[];
  /** The header of its table (undefined: before any header). */
  readonly table: TomlHeader | undefined;
  /** The start of its line (its indentation included) and of its key. */
  readonly lineStart: number;
  readonly keyStart: number;
  readonly valueStart: number;
  readonly valueEnd: number;
  /** The end of the line the value ends on, before its line end. */
  readonly lineEnd: number;
  /** The value is an inline table, `{ … }`. */
  readonly inlineTable: boolean;
}

export type TomlItem = TomlHeader | TomlEntry;

const BARE = /[A-Za-z0-9_-]/;

class Scanner {
  at = 0;
  constructor(readonly text: string) {}

  char(offset = 0): string {
    return this.text.charAt(this.at + offset);
  }

  skipSpaces(): void {
    while (this.char() === ' ' || this.char() === '\t') this.at += 1;
  }

  /** Spaces, line ends and comments (inside arrays). */
  skipBlank(): void {
    for (;;) {
      const c = this.char();
      if (c === ' ' || c === '\t' || c === '\r' || c === '\n') this.at += 1;
      else if (c === '#') this.skipComment();
      else return;
    }
  }

  skipComment(): void {
    const lf = this.text.indexOf('\n', this.at);
    this.at = lf < 0 ? this.text.length : lf;
  }

  /** A string of any of the four kinds, starting at its quote; returns its value. */
  string(): string {
    const quote = this.char();
    const triple = this.text.startsWith(quote.repeat(3), this.at);
    const open = triple ? 3 : 1;
    this.at += open;
    let value = '';
    for (;;) {
      if (this.at >= this.text.length) return value;
      const c = this.char();
      if (quote === '"' && c === '\\') {
        value += this.escape();
        continue;
      }
      if (this.text.startsWith(quote.repeat(open), this.at)) {
        this.at += open;
        // A multi-line string may end with one or two more quotes, which are content.
        if (triple) {
          let extra = 0;
          while (extra < 2 && this.char() === quote) {
            value += quote;
            this.at += 1;
            extra += 1;
          }
        }
        return value;
      }
      value += c;
      this.at += 1;
    }
  }

  private escape(): string {
    const e = this.char(1);
    const simple: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\u001b', '"': '"', '\\': '\\' };
    if (simple[e] !== undefined) {
      this.at += 2;
      return simple[e] ?? '';
    }
    const digits = e === 'u' ? 4 : e === 'U' ? 8 : e === 'x' ? 2 : 0;
    if (digits > 0) {
      const code = Number.parseInt(this.text.slice(this.at + 2, this.at + 2 + digits), 16);
      this.at += 2 + digits;
      return Number.isFinite(code) ? String.fromCodePoint(code) : '';
    }
    // A line-ending backslash in a multi-line string: the line end and the blanks after it go.
    this.at += 1;
    this.skipBlank();
    return '';
  }

  /** A dotted key: its segments, decoded. */
  key(): string[] {
    const segments: string[] = [];
    for (;;) {
      this.skipSpaces();
      const c = this.char();
      if (c === '"' || c === "'") {
        segments.push(this.string());
      } else {
        const from = this.at;
        while (BARE.test(this.char())) this.at += 1;
        segments.push(this.text.slice(from, this.at));
      }
      this.skipSpaces();
      if (this.char() !== '.') return segments;
      this.at += 1;
    }
  }

  /** Past a value: a string, an array or inline table (nested), or a bare word (numbers, dates, booleans). */
  value(): void {
    const c = this.char();
    if (c === '"' || c === "'") {
      this.string();
    } else if (c === '[' || c === '{') {
      const close = c === '[' ? ']' : '}';
      this.at += 1;
      for (;;) {
        this.skipBlank();
        const d = this.char();
        if (this.at >= this.text.length) return;
        if (d === close) {
          this.at += 1;
          return;
        }
        if (d === '"' || d === "'" || d === '[' || d === '{') this.value();
        else this.at += 1; // keys, `=`, `,` and bare values: only the brackets and strings matter here
      }
    } else {
      // Dates may hold one space (`1979-05-27 07:32:00Z`): a bare value runs to a
      // separator, and a space only continues it when a time follows.
      while (this.at < this.text.length) {
        const d = this.char();
        if (d === ' ' && /^ \d{2}:/.test(this.text.slice(this.at, this.at + 4))) {
          this.at += 1;
          continue;
        }
        if (/[\s,\]}#]/.test(d)) return;
        this.at += 1;
      }
    }
  }
}

/** The headers and entries of valid TOML text, in order. */
export function scanToml(text: string): TomlItem[] {
  const s = new Scanner(text);
  const items: TomlItem[] = [];
  let table: TomlHeader | undefined;
  for (;;) {
    s.skipBlank();
    if (s.at >= text.length) return items;
    const lineStart = text.lastIndexOf('\n', s.at - 1) + 1;
    if (s.char() === '[') {
      const start = s.at;
      const array = s.char(1) === '[';
      s.at += array ? 2 : 1;
      const path = s.key();
      s.at += array ? 2 : 1;
      s.skipSpaces();
      if (s.char() === '#') s.skipComment();
      const lineEnd = lineEndBefore(text, s.at);
      table = { kind: 'header', array, path, start, lineEnd };
      items.push(table);
      continue;
    }
    const keyStart = s.at;
    const key = s.key();
    if (s.char() !== '=') return items; // not valid TOML: smol-toml has said so already
    s.at += 1;
    s.skipSpaces();
    const valueStart = s.at;
    const inlineTable = s.char() === '{';
    s.value();
    const valueEnd = s.at;
    s.skipSpaces();
    if (s.char() === '#') s.skipComment();
    items.push({ kind: 'entry', path: [...(table?.path ?? []), ...key], table, lineStart, keyStart, valueStart, valueEnd, lineEnd: lineEndBefore(text, s.at), inlineTable });
  }
}

/** `at` is at a line end (or the text's end): the offset before a `\r` of a `\r\n`. */
function lineEndBefore(text: string, at: number): number {
  return text.charAt(at) === '\n' && text.charAt(at - 1) === '\r' ? at - 1 : at;
}
