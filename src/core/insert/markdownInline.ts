// Markdown's inline code, for markdownBlocks.ts: code spans, inline HTML and links (a
// link's text or target, an autolink), read outside the code blocks.
import type { Region } from './codeRegion';
import { htmlRegions } from './htmlCode';

/**
 * Code spans, HTML and links in the text outside the code blocks (`masked`), left to
 * right as CommonMark reads them: whichever starts first wins.
 */
export function inlineRegions(text: string, masked: Uint8Array): Region[] {
  const regions: Region[] = [];
  const spans = new Uint8Array(masked);
  let i = 0;
  while (i < text.length) {
    if (masked[i]) {
      i += 1;
      continue;
    }
    const ch = text[i];
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === '`') {
      const run = backtickRun(text, i);
      const close = closingRun(text, i + run, run, masked);
      if (close === undefined) {
        // Between the backticks of an empty pair (`` with the cursor in it, as the editor
        // closes a typed backtick): code being written.
        if (run > 1) regions.push({ start: i, end: i + run, kind: 'inline' });
        i += run;
        continue;
      }
      regions.push({ start: i, end: close + run, kind: 'inline' });
      spans.fill(1, i, close + run);
      i = close + run;
      continue;
    }
    i += 1;
  }
  // HTML and links in what is left.
  regions.push(...htmlRegions(text, spans, false));
  const withHtml = new Uint8Array(spans);
  for (const r of regions) withHtml.fill(1, Math.max(0, r.start), Math.min(text.length, r.end));
  regions.push(...linkRegions(text, withHtml));
  return regions;
}

const BLANK_LINE_AHEAD = /(?:\r\n|\r|\n)[ \t>]*(?:\r\n|\r|\n|$)/y;

function backtickRun(text: string, at: number): number {
  let n = 0;
  while (text[at + n] === '`') n += 1;
  return n;
}

/** Where the backtick run of exactly `length` that closes a code span starts; undefined at a blank line or a code block. */
function closingRun(text: string, from: number, length: number, masked: Uint8Array): number | undefined {
  let i = from;
  while (i < text.length) {
    if (masked[i]) return undefined;
    if (text[i] === '\n' || text[i] === '\r') {
      // A blank line ends the paragraph, and with it any code span.
      BLANK_LINE_AHEAD.lastIndex = i;
      if (BLANK_LINE_AHEAD.test(text)) return undefined;
    }
    if (text[i] === '`') {
      const run = backtickRun(text, i);
      if (run === length) return i;
      i += run;
      continue;
    }
    i += 1;
  }
  return undefined;
}

const LINK_PATTERNS: readonly RegExp[] = [
  // [text](target), ![alt](target), [text][ref]: the whole of it.
  /!?\[[^[\]\r\n]*\](?:\([^()\r\n]*(?:\([^()\r\n]*\)[^()\r\n]*)*\)|\[[^[\]\r\n]*\])/g,
  // A target after any bracket (a linked image's outer link: `[![alt](src)](|)`).
  /\]\([^()\r\n]*(?:\([^()\r\n]*\)[^()\r\n]*)*\)/g,
  // Autolinks: <https://…>, <mailto:…>.
  /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^<>\s]*>/g,
];

function linkRegions(text: string, masked: Uint8Array): Region[] {
  const regions: Region[] = [];
  for (const pattern of LINK_PATTERNS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      // Only where every character is outside code: `[x](y)` inside a code span is code.
      if (masked.subarray(start, end).some((m) => m === 1)) {
        pattern.lastIndex = start + 1;
        continue;
      }
      regions.push({ start, end, kind: 'link' });
    }
  }
  return regions;
}
