// What a region of code in a document is, and where it lies (codeContext.ts reads them).

export type CodeContext =
  /** A fenced code block (``` or ~~~), its info string included. */
  | 'fence'
  /** An indented code block (four spaces or a tab). */
  | 'indented'
  /** Inline code: `…`, ``…``. */
  | 'inline'
  /** Inside <code>, <pre>, <samp>, <kbd>, <script>, <style> or <textarea>. */
  | 'html'
  /** A template language's tag: <?…?>, <%…%>, {{…}}, {%…%}. */
  | 'template'
  /** An HTML comment. */
  | 'comment'
  /** Inside an HTML tag: its name or attributes (`<img src="|">`). */
  | 'tag'
  /** A Markdown link's text or target (`[x](|)`, `![](|)`), an autolink or a link definition. */
  | 'link';

export interface Region {
  /** The place is inside when `start < offset < end`. */
  readonly start: number;
  readonly end: number;
  readonly kind: CodeContext;
}
