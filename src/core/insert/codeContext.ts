// Whether a place in a document is code, or part of a link or a tag, where a pasted or
// dropped link must stay the text it is: never image markup. Read the way the built-in
// Markdown paste decides whether a URL may become a link (fenced and indented code blocks,
// inline code, a link's text or target, an autolink, a link definition), plus HTML's own
// code: <code>, <pre>, <script>, <style>, <textarea>, comments, the inside of a tag (its
// attribute values) and template tags (<?…?>, <%…%>, {{…}}, {%…%}).
//
// A light reading, line by line, not a full CommonMark parser: it leans to "code" where
// the two could disagree, since a link pasted as text is never wrong, and image markup in
// a code block is.
import type { CodeContext, Region } from './codeRegion';
import { htmlRegions } from './htmlCode';
import type { FormatFamily } from './languages';
import { markdownRegions } from './markdownBlocks';

/**
 * What is at the selections (`start`..`end`, several cursors) of `text`, in a document of
 * `family`, the document read once: the first code context, a selection being code when either
 * end is; undefined where an insert may go. A selection that holds a whole code block is
 * replaced, as any selection is.
 */
export function codeContextOfRanges(text: string, ranges: readonly { readonly start: number; readonly end: number }[], family: FormatFamily): CodeContext | undefined {
  const regions = codeRegions(text, family);
  for (const { start, end } of ranges) {
    const found = regionAt(regions, start) ?? (end === start ? undefined : regionAt(regions, end));
    if (found) return found;
  }
  return undefined;
}

function regionAt(regions: readonly Region[], offset: number): CodeContext | undefined {
  return regions.find((r) => r.start < offset && offset < r.end)?.kind;
}

/** The code, tags and links of `text` as paste reads them (in no particular order). */
export function codeRegions(text: string, family: FormatFamily): Region[] {
  switch (family) {
    case 'markdown':
      return markdownRegions(text);
    case 'html':
      return htmlRegions(text, new Uint8Array(text.length), true);
    default:
      return [];
  }
}
