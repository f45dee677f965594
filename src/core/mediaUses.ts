// The service's media a page uses: its links, less those in code (fenced and indented code,
// inline code, <code>, <pre>, <script>, <style>, comments), read as paste reads a page
// (core/insert/codeContext.ts). The page shows such a link as text: it is neither a use that
// needs a credit nor a place to put one, for the credit check, its hover, In This Workspace,
// the credits file and the agent's tools alike. A link in a Markdown link or image, in a tag's
// attribute or in a template tag (a shortcode) is a use.
import { codeRegions } from './insert/codeContext';
import type { CodeContext } from './insert/codeRegion';
import type { FormatFamily } from './insert/languages';
import type { MediaRefMatch } from './mediaRefs';
import { findMediaRefs } from './mediaRefs';
import type { MediaUrlOptions } from './mediaUrl';

/** What code is, for uses: what paste keeps as text, except where a link is markup's own (a link, a tag, a template tag). */
const CODE: ReadonlySet<CodeContext> = new Set<CodeContext>(['fence', 'indented', 'inline', 'html', 'comment']);

/** The spans of code in `text`, in order, overlapping ones merged. */
function codeSpans(text: string, family: FormatFamily): { start: number; end: number }[] {
  const regions = codeRegions(text, family)
    .filter((r) => CODE.has(r.kind))
    .sort((a, b) => a.start - b.start);
  const spans: { start: number; end: number }[] = [];
  for (const r of regions) {
    const last = spans[spans.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else spans.push({ start: r.start, end: r.end });
  }
  return spans;
}

/** Keeps the refs (in text order) that start outside code: one pass over both lists. */
function outsideCode(refs: readonly MediaRefMatch[], spans: readonly { start: number; end: number }[]): MediaRefMatch[] {
  const kept: MediaRefMatch[] = [];
  let i = 0;
  for (const ref of refs) {
    while (i < spans.length && (spans[i] as { end: number }).end <= ref.start) i++;
    const span = spans[i];
    if (!span || ref.start < span.start) kept.push(ref);
  }
  return kept;
}

/** Whether the family has code that a link can sit in (Markdown, HTML and its template languages). */
const readsCode = (family: FormatFamily): boolean => family === 'markdown' || family === 'html';

/** The media links of `text` that are uses on the page: outside code. */
export function mediaUsesIn(text: string, options: MediaUrlOptions, family: FormatFamily): MediaRefMatch[] {
  const refs = findMediaRefs(text, options);
  if (refs.length === 0 || !readsCode(family)) return refs;
  return outsideCode(refs, codeSpans(text, family));
}

/** Whether `offset` of `text` is in code (a link there is shown as text). */
export function inCode(text: string, family: FormatFamily, offset: number): boolean {
  if (!readsCode(family)) return false;
  return codeSpans(text, family).some((s) => s.start <= offset && offset < s.end);
}
