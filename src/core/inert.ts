// Text from settings or the service (a service name, a photographer, alt text, a collection
// title, an error body, a file name) made inert before VS Code shows it, so it reads as the
// same words and can never become a link, an icon or markup the extension did not put there.
//
// How VS Code turns text into something more than text:
// - notifications, modal dialogs and quick input messages parse `[label](target)` with a
//   target of `https://`, `http://`, `command:` or `file:` into a clickable link
//   (src/vs/base/common/linkedText.ts: /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^\)\s]+)…\)/);
// - quick pick labels/descriptions/details and the status bar render `$(name)` as an icon;
// - Markdown (hovers, tree item tooltips, status bar tooltips) makes links of `[x](y)`,
//   `<https://…>`, bare `https://…`, `www.…` and e-mail addresses, images of `![x](y)`,
//   and reference links of `[x]` when some line defines `[x]: target`.
//
// `inert` takes the characters those rules need out of a value: no `[` or `]` (they become
// `(` and `)`, which read the same and are in every font, so no `[label](…)` can form, not
// even when two values, or a value and the sentence around it, meet), no `$` that could
// start an icon (before `(` or at the value's end it becomes its full-width form `＄`), one
// line (so no reference definition or second paragraph), no control or direction-changing
// characters. For Markdown, `inertMarkdown` backslash-escapes every ASCII punctuation
// character of that result as well, which keeps `https://`, `www.` and `a@b.example` from
// being auto-linked and `*`, `_`, `<` from being markup. A link the extension means to make
// is built separately, with `markdownLinkTarget`.

import { safeLinkUrl } from './urls';

/** C0/C1 controls, line and paragraph separators, and the bidi marks, embeddings, overrides and isolates. */
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The default length cap: long enough for any real name or sentence, short enough for a toast. */
export const INERT_MAX = 500;

/** The cap for the service's name (a setting) wherever it is shown. */
export const SERVICE_NAME_MAX = 80;

/**
 * A value from settings or the service as one line of inert text, for a notification,
 * modal, quick pick, input box, status bar or plain tooltip: no link, no icon can form
 * from it, whatever text stands around it. Non-strings become ''.
 */
export function inert(value: unknown, max = INERT_MAX): string {
  if (typeof value !== 'string') return '';
  const line = value
    .replace(UNSAFE_CHARS, ' ')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .replace(/\s+/g, ' ')
    .trim()
    // After the brackets became parentheses: a `$` that an icon could start from.
    .replace(/\$(?=\(|$)/g, '\uff04');
  return line.length > max ? `${line.slice(0, Math.max(1, max - 1)).trimEnd()}…` : line;
}

/**
 * The same inert text for Markdown (hovers, tree item and status bar tooltips): every ASCII
 * punctuation character backslash-escaped (CommonMark allows it for all of them), so the
 * value renders as exactly these characters and nothing is auto-linked.
 */
export function inertMarkdown(value: unknown, max = INERT_MAX): string {
  return inert(value, max).replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}

/**
 * A URL fit for a Markdown link or image destination: https (or http to this computer)
 * only, no user name or password, and every character that could end the destination or
 * start a title (`(`, `)`, `<`, `>`, space, quotes, backslash, brackets) percent-encoded
 * after the origin. The origin stays as it is: the brackets of an IPv6 host (`[::1]`) are
 * the host's own syntax, and encoded they would name no host at all.
 */
export function markdownLinkTarget(value: unknown): string | undefined {
  const safe = safeLinkUrl(value);
  if (safe === undefined) return undefined;
  // An http(s) href without credentials (safeLinkUrl's) starts with its origin.
  const origin = new URL(safe).origin;
  return origin + safe
    .slice(origin.length)
    .replace(/[()<>\s"'`\\[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)
    // The `&` of what Markdown would read as a character reference (`&#123;`), so the
    // link is the one checked.
    .replace(/&(?=#?[a-z0-9]+;)/gi, '%26');
}

/** `[text](url)` when the URL is fit for a link, else the inert text alone. */
export function markdownLink(text: unknown, url: unknown, max = INERT_MAX): string {
  const label = inertMarkdown(text, max);
  const href = markdownLinkTarget(url);
  return href && label !== '' ? `[${label}](${href})` : label;
}
