// Escaping for each target syntax. Inputs are already cleaned (see text.ts): one line, no
// controls. Each function makes its input inert in one context and says which.

/**
 * Markdown (CommonMark, GFM and MDX) inline text inside an image's `![…]`, where it is
 * the alt text. CommonMark lets any ASCII punctuation be backslash-escaped; these are the
 * ones that can start syntax in the middle of a line: emphasis, code, links and images
 * (`]` ends the text, so `](javascript:…)` stays text), a `"…"` link title (`"` would end
 * it; apostrophes and parentheses, common in names and alt texts, are left as they are,
 * so a template should use that form of title), raw HTML and autolinks, entities, tables,
 * strikethrough, math, and MDX expressions. A template may put the text at the start of
 * a line or right after a bracket, so a leading heading, list, setext underline or
 * footnote mark is escaped too.
 *
 * Every renderer makes the alt text plain text (an attribute), so nothing in it is ever
 * a link, and markdown-it, as VS Code's preview uses it, leaves escaped characters out of
 * the alt attribute: each escape costs the reader a character there. So of the escapes
 * against bare addresses (see `escapeMarkdownText`) only one is made: the `:` of `://`,
 * where markdown-it's linkify would otherwise start a link inside the alt text and take
 * the escapes after the address into its text, backslashes and all.
 */
export function escapeMarkdownImageAlt(text: string): string {
  return escapeMarkdown(text, /[\\`*_{}[\]<>!|~&$"]|:(?=\/\/)/g);
}

/**
 * Markdown inline text anywhere else: link texts, the credit, a template's placeholders.
 * As `escapeMarkdownImageAlt`, and no bare address can become a link in a renderer that
 * links them (markdown-it with linkify, as VS Code's preview can; GFM's autolinks on
 * GitHub): the `:` of `://`, a `/` before another, every `.` before a letter or digit
 * (`www.`, `evil.com`) and every `@` are backslash-escaped. Each escape splits the text
 * where those renderers look for an address (markdown-it's linkify matches each text
 * token alone, and escaped characters are tokens of their own; GFM starts a `www.` or
 * `scheme://` link only at unescaped characters), and the rendered text reads the same.
 * GitHub's e-mail autolinks are the exception: cmark-gfm looks for them in the joined
 * text, after escapes are resolved, so no escape keeps `a@b.example` from linking there.
 */
export function escapeMarkdownText(text: string): string {
  return escapeMarkdown(text, /[\\`*_{}[\]<>!|~&$"@]|:(?=\/)|\/(?=\/)|\.(?=[\p{L}\p{N}\p{M}])/gu);
}

/**
 * Goldmark inline text (Hugo's Markdown, as `markdownify` renders a PaperMod caption): as
 * `escapeMarkdownText` (Goldmark is CommonMark, and Hugo turns on its linkify), and what
 * Hugo's default typographer extension would make typographic: `'` (a curly apostrophe in
 * "O'Brien"), `--` and `...` (each `-` or `.` before another is escaped). `"`, `<<` and
 * `>>` are escaped already.
 */
export function escapeGoldmarkText(text: string): string {
  return escapeMarkdown(text, /[\\`*_{}[\]<>!|~&$"@']|:(?=\/)|\/(?=\/)|\.(?=[\p{L}\p{N}\p{M}.])|-(?=-)/gu);
}

/**
 * kramdown inline text (Jekyll's Markdown, with its own input or the GFM one, as
 * `markdownify` renders a Minimal Mistakes caption). kramdown reads a backslash as an
 * escape only before the characters it lists (the backslash, the backtick and
 * `. * _ + - ( ) [ ] { } # ! : | " ' $ = < >`, and `~` in its GFM input): `\&` or `\@`
 * shows on the page, backslash and all. So each character of that list is escaped (the
 * quotes, `--`, `...` and `<<` too, which kramdown would make typographic; a line start's
 * heading, list, table or definition mark with them), `&` is written `&amp;` (`&amp;` in a
 * name would read as an entity) and `~` as `&#126;` (`~~` strikes text through in the GFM
 * input, `~~~` starts code; its own input has no `\~`). kramdown links no bare address, so
 * nothing else is escaped.
 */
export function escapeKramdownText(text: string): string {
  return text.replace(/[\\.*_+\-`()[\]{}#!:|"'$=<>&~]/g, (c) => (c === '&' ? '&amp;' : c === '~' ? '&#126;' : `\\${c}`));
}

/**
 * Each match of `syntax` (one character) backslash-escaped, then the marks that only count
 * at the start: a heading, list or setext mark, and a `^` (after a bracket, cmark-gfm
 * reads `[^…` as a footnote reference, even with footnotes off, and `![^…](…)` stops
 * being an image).
 */
function escapeMarkdown(text: string, syntax: RegExp): string {
  return text.replace(syntax, (c) => `\\${c}`).replace(/^[#+=^-]/, '\\$&').replace(/^(\d+)([.)])/, '$1\\$2');
}

export interface HtmlEscapeOptions {
  /** Razor treats `@` as a switch into code, even inside attribute values. */
  readonly escapeAtSign?: boolean;
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  // Interpolation in Angular, Vue, Svelte, Astro, Handlebars, Nunjucks, Liquid, Jinja…
  '{': '&#123;',
  '}': '&#125;',
  '@': '&#64;',
};

/** A double- or single-quoted HTML attribute value, also inert in template languages. */
export function escapeHtmlAttribute(text: string, options: HtmlEscapeOptions = {}): string {
  const re = options.escapeAtSign ? /[&<>"'{}@]/g : /[&<>"'{}]/g;
  return text.replace(re, (c) => HTML_ENTITIES[c] ?? c);
}

/** HTML element content, also inert in template languages (`{{ }}`, `{% %}`, `@if`, `@name`). */
export function escapeHtmlText(text: string): string {
  return text.replace(/[&<>{}@]/g, (c) => HTML_ENTITIES[c] ?? c);
}

/** A single-quoted JavaScript string literal's content. */
export function escapeJsString(text: string): string {
  return text.replace(/[\\'\n\r\u2028\u2029]/g, (c) => {
    switch (c) {
      case '\\':
        return '\\\\';
      case "'":
        return "\\'";
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
}

/** JSX element content: plain when it has no `{ } < > &`, otherwise the expression `{'text'}`. */
export function jsxText(text: string): string {
  return /^[^{}<>&\\]*$/.test(text) && text.trim() === text ? text : `{'${escapeJsString(text)}'}`;
}

/**
 * Text inside a CSS comment: `*\/` would end it early, and SCSS and Sass interpolate
 * `#{…}` inside (loud) comments, Less `@{…}`; a space after `#` and `@` keeps both inert.
 */
export function escapeCssComment(text: string): string {
  return text
    .replace(/\*\//g, '* /')
    .replace(/\/\*/g, '/ *')
    .replace(/([#@])(?=\{)/g, '$1 ');
}

/**
 * The content of a double-quoted CSS string, e.g. in `url("…")`. A `{` after `#` or `@`
 * becomes the CSS escape `\7b ` (still a `{` to CSS), so SCSS/Sass `#{…}` and Less `@{…}`
 * interpolation cannot start in the string.
 */
export function escapeCssString(text: string): string {
  return text.replace(/["'\\]/g, (c) => `\\${c}`).replace(/([#@])\{/g, '$1\\7b ');
}

/**
 * The characters that start an expansion, command, comment or tag in the languages
 * without an insert format: shell and Perl (`$`, backtick, `\`), TeX (`\`, `%`, `{}`),
 * printf-style and batch files (`%`), and the template languages such files are often run
 * through (`{{ }}`, `{% %}`, `<% %>`, `#{}`, `${}`).
 */
const PLAIN_SYNTAX = /[$`\\%{}<>]/g;

/** Service text for a plain-text credit: each of `PLAIN_SYNTAX` becomes a space. */
export function plainInert(text: string): string {
  return text.replace(PLAIN_SYNTAX, ' ').replace(/ {2,}/g, ' ').trim();
}

/** Whether a URL can go into plain text as it is (no `PLAIN_SYNTAX`, e.g. `%`-escapes or `$`). */
export function isPlainInertUrl(url: string): boolean {
  return !/[$`\\%{}<>]/.test(url);
}

/**
 * Literal text in a VS Code snippet: `$` starts a tab stop or variable, `}` ends a
 * placeholder and `\` escapes. The same three are escaped inside a placeholder's default.
 */
export function escapeSnippet(text: string): string {
  return text.replace(/[$}\\]/g, (c) => `\\${c}`);
}
