// HTML's own code, for codeContext.ts: comments, tags (their names and attribute values),
// template tags and the content of code elements (<code>, <pre>, <script>, <style>, …).
import type { Region } from './codeRegion';

/** Elements whose content is code or preformatted text. */
const CODE_ELEMENTS = new Set(['code', 'pre', 'samp', 'kbd', 'tt', 'var', 'listing', 'xmp', 'plaintext']);
/** Elements whose content is raw text: no tags inside until the end tag. */
const RAW_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);

const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9:-]*)(?:\s+(?:[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]*))?)|\s*\/)*\s*>/;
const TEMPLATE_TAGS: readonly (readonly [string, string])[] = [
  ['<?', '?>'],
  ['<%', '%>'],
  ['{{', '}}'],
  ['{%', '%}'],
];

/**
 * Comments, tags, template tags and the content of code elements in `text`, skipping what
 * `masked` marks. `templates`: read template tags (HTML documents; in Markdown `{{` is text).
 */
export function htmlRegions(text: string, masked: Uint8Array, templates: boolean): Region[] {
  const regions: Region[] = [];
  /** Open code elements: name and where their content starts. */
  const open: { name: string; start: number }[] = [];
  let i = 0;
  while (i < text.length) {
    if (masked[i]) {
      i += 1;
      continue;
    }
    if (templates) {
      const template = TEMPLATE_TAGS.find(([opening]) => text.startsWith(opening, i));
      if (template) {
        const close = text.indexOf(template[1], i + template[0].length);
        const end = close < 0 ? text.length + 1 : close + template[1].length;
        regions.push({ start: i, end, kind: 'template' });
        i = Math.max(end, i + 1);
        continue;
      }
    }
    if (text[i] !== '<') {
      i += 1;
      continue;
    }
    // A comment, or a declaration (`<!DOCTYPE …>`, `<?xml …?>`): up to its closer, or to the end.
    const comment = text.startsWith('<!--', i);
    if (comment || text.startsWith('<!', i) || (!templates && text.startsWith('<?', i))) {
      const closer = comment ? '-->' : '>';
      const close = text.indexOf(closer, comment ? i + 4 : i);
      const end = close < 0 ? text.length + 1 : close + closer.length;
      regions.push({ start: i, end, kind: comment ? 'comment' : 'tag' });
      i = Math.min(end, text.length);
      continue;
    }
    const tag = TAG.exec(text.slice(i, i + 4096));
    if (!tag) {
      const unfinished = unfinishedTag(text, i);
      if (unfinished) regions.push({ start: i, end: i + unfinished + 1, kind: 'tag' });
      i += Math.max(1, unfinished ?? 1);
      continue;
    }
    const end = i + tag[0].length;
    regions.push({ start: i, end, kind: 'tag' });
    const closing = tag[1] === '/';
    const name = (tag[2] ?? '').toLowerCase();
    if (!closing && RAW_ELEMENTS.has(name)) {
      const close = text.toLowerCase().indexOf(`</${name}`, end);
      regions.push({ start: end - 1, end: close < 0 ? text.length + 1 : close + 1, kind: 'html' });
      i = close < 0 ? text.length : close;
      continue;
    }
    if (CODE_ELEMENTS.has(name) && !tag[0].endsWith('/>')) {
      if (!closing) open.push({ name, start: end });
      else {
        const at = open.map((o) => o.name).lastIndexOf(name);
        if (at >= 0) {
          const [outer] = open.splice(at);
          if (outer) regions.push({ start: outer.start - 1, end: i + 1, kind: 'html' });
        }
      }
    }
    i = end;
  }
  // Unclosed code elements run to the end.
  const outer = open[0];
  if (outer) regions.push({ start: outer.start - 1, end: text.length + 1, kind: 'html' });
  return regions;
}

/**
 * A tag still being typed at the end of a line or the document (`<img src="|`): its length
 * up to the end of its line, so a place inside its attributes counts as the tag.
 */
function unfinishedTag(text: string, at: number): number | undefined {
  const match = /^<\/?[A-Za-z][A-Za-z0-9:-]*\s[^<>\r\n]*$/m.exec(text.slice(at, at + 4096));
  return match && /=\s*["']?[^\s"'<>]*$|=\s*["'][^"']*$/.test(match[0]) ? match[0].length : undefined;
}
