// Which URLs may be inserted, and the form they are inserted in. Only https (and http to
// this computer) is ever written into a document (see safeLinkUrl); the characters that
// could end a Markdown destination, an attribute or a CSS string early, or that no URL
// may hold unencoded, are percent-encoded so the one string is safe in every format.
import { safeLinkUrl } from '../urls';

// Space, parentheses and quotes end or confuse Markdown destinations, attributes and
// url(); the rest are not allowed unencoded in a URL (RFC 3986) and `{}` also read as
// template or snippet syntax.
const ENCODE = /[ ()<>"'`{}|^\\]/g;

function percentEncode(c: string): string {
  return `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
}

// `&name;` and `&#…;` are character references in Markdown link destinations and JSX
// attribute strings, which would read `&amp;` as `&`: their `&` is encoded so the link
// read back is the one checked. A plain `&` (query separators) stays.
const REFERENCE = /&(?=#?[a-z0-9]+;)/gi;

/** The URL as it may be inserted, or undefined when it is not a safe https link. */
export function insertableUrl(value: unknown): string | undefined {
  const safe = safeLinkUrl(value);
  return safe === undefined ? undefined : safe.replace(ENCODE, percentEncode).replace(REFERENCE, '%26');
}

/** A relative path (from our own file naming) as a link: each segment percent-encoded. */
export function encodeRelativePath(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment === '.' || segment === '..' ? segment : encodeURIComponent(segment).replace(/[()'!*]/g, percentEncode)))
    .join('/');
}
