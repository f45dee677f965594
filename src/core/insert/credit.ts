// The credit line the service's usage guidelines ask for: the photographer (or
// videographer) with a link to their profile, and a link back to the service, which
// points at the photo's own page so the photo is credited too. A link whose address is
// not safe is dropped and its text kept.
// The words around the names come from creditWords.ts, in the credit's language.
import type { CreditWords } from './creditWords';
import { ENGLISH_CREDIT, fillCredit } from './creditWords';
import { escapeCssComment, escapeGoldmarkText, escapeHtmlAttribute, escapeHtmlText, escapeKramdownText, escapeMarkdownText, isPlainInertUrl, jsxText, plainInert } from './escape';
import type { CreditFacts } from './facts';

interface CreditParts {
  readonly words: CreditWords;
  readonly kind: 'photo' | 'video';
  readonly author: string;
  readonly authorUrl: string | undefined;
  readonly serviceName: string;
  readonly serviceLink: string | undefined;
}

function parts(facts: CreditFacts): CreditParts {
  return {
    words: facts.words ?? ENGLISH_CREDIT,
    kind: facts.kind,
    author: facts.author,
    authorUrl: facts.authorUrl,
    serviceName: facts.serviceName,
    serviceLink: facts.pageUrl ?? facts.serviceUrl,
  };
}

/** The sentence around the (already formatted) author and service. */
function sentence(p: CreditParts, link: (label: string, url: string | undefined) => string): string {
  const service = link(p.serviceName, p.serviceLink);
  if (!p.author) return fillCredit(p.kind === 'photo' ? p.words.photoOn : p.words.videoOn, service);
  return fillCredit(p.kind === 'photo' ? p.words.photoBy : p.words.videoBy, link(p.author, p.authorUrl), service);
}

/**
 * The Markdown a credit line is written in: CommonMark (GFM and markdown-it too, the insert's),
 * MDX (the same escapes), Goldmark as Hugo runs it, kramdown (Jekyll). They differ in which
 * backslash escapes they read and what they make typographic (escape.ts).
 */
export type CreditMarkdown = 'commonmark' | 'mdx' | 'goldmark' | 'kramdown';

const MARKDOWN_TEXT: Readonly<Record<CreditMarkdown, (text: string) => string>> = {
  commonmark: escapeMarkdownText,
  mdx: escapeMarkdownText,
  goldmark: escapeGoldmarkText,
  kramdown: escapeKramdownText,
};

/** `Photo by [Name](profile) on [Service](page)`, the names escaped for `markdown` (CommonMark unless said). */
export function creditMarkdown(facts: CreditFacts, markdown: CreditMarkdown = 'commonmark'): string {
  const p = parts(facts);
  const escape = MARKDOWN_TEXT[markdown];
  const link = (label: string, url: string | undefined): string => (url ? `[${escape(label)}](${url})` : escape(label));
  return sentence(p, link);
}

/** The credit's HTML content (no wrapper): `Photo by <a href="…">Name</a> on <a href="…">Service</a>`. */
export function creditHtml(facts: CreditFacts, escapeAtSign = false): string {
  const p = parts(facts);
  const link = (label: string, url: string | undefined): string =>
    url ? `<a href="${escapeHtmlAttribute(url, { escapeAtSign })}">${escapeHtmlText(label)}</a>` : escapeHtmlText(label);
  return sentence(p, link);
}

/** The credit's JSX content (no wrapper); risky names become `{'…'}` expressions. */
export function creditJsx(facts: CreditFacts): string {
  const p = parts(facts);
  const link = (label: string, url: string | undefined): string => (url ? `<a href="${url}">${jsxText(label)}</a>` : jsxText(label));
  return sentence(p, link);
}

/**
 * `Photo by Name (profile) on Service (page)` with the names as they are: the words of a
 * template's `{creditText}` in a format whose escaping keeps them text (Markdown, HTML,
 * JSX), so a name reads there exactly as the service wrote it.
 */
export function creditSentence(facts: CreditFacts): string {
  return sentence(parts(facts), (label, url) => (url ? `${label} (${url})` : label));
}

/**
 * `Photo by Name (profile) on Service (page)`: plain text, for any file and the clipboard.
 * Nothing in it from the service reads as services, TeX or template syntax (see plainInert):
 * such characters in names become spaces, and an address holding one is left out.
 */
export function creditPlain(facts: CreditFacts): string {
  const p = parts(facts);
  const named = (label: string, url: string | undefined): string => {
    const name = plainInert(label);
    return url && isPlainInertUrl(url) ? `${name} (${url})` : name;
  };
  return sentence(p, named);
}

/** The plain credit as a CSS comment. */
export function creditCss(facts: CreditFacts): string {
  return `/* ${escapeCssComment(creditPlain(facts))} */`;
}
