// The built-in insert formats, one per format family. Each returns pieces whose only tab
// stop is the alt text (or, for a video, its accessible label).
import { l10n } from '../l10n';
import { creditCss, creditHtml, creditJsx, creditMarkdown, creditPlain } from './credit';
import { escapeCssString, escapeHtmlAttribute, escapeJsString, escapeMarkdownImageAlt, escapeMarkdownText } from './escape';
import type { CreditFacts, MediaFacts } from './facts';
import { InsertError } from './insertError';
import type { FormatFamily } from './languages';
import type { Piece } from './pieces';
import { tabStop, text } from './pieces';
import { sizesValue, srcsetValue } from './responsive';

export type HtmlCreditStyle = 'figure' | 'paragraph';

export interface FormatOptions {
  readonly family: FormatFamily;
  readonly credit: boolean;
  readonly htmlCredit: HtmlCreditStyle;
  /** Razor: `@` in attribute values is code. */
  readonly escapeAtSign: boolean;
  /** HTML and JSX: `srcset`/`sizes`, a fluid width and the average colour behind the image. */
  readonly responsive: boolean;
}

/** Which addresses a format writes into the document (so only those are downloaded). */
export interface UsedAssets {
  readonly url: boolean;
  readonly poster: boolean;
}

export function defaultFormatAssets(facts: MediaFacts, family: FormatFamily): UsedAssets {
  if (facts.kind === 'photo') return { url: true, poster: false };
  switch (family) {
    case 'markdown':
      // The poster links to the video's page; without a poster, a text link to the file.
      return facts.poster ? { url: false, poster: true } : { url: true, poster: false };
    case 'css':
      return { url: false, poster: true };
    case 'html':
    case 'jsx':
      return { url: true, poster: facts.poster !== undefined };
    case 'plain':
      return { url: true, poster: false };
  }
}

// ---- Markdown ---------------------------------------------------------------------------

function markdown(facts: MediaFacts, options: FormatOptions): Piece[] {
  // An image's alt text is never a link; a link's text is escaped like any other text.
  const imageAlt = tabStop(escapeMarkdownImageAlt(facts.alt));
  let body: Piece[];
  if (facts.kind === 'photo') body = [text('!['), imageAlt, text(`](${facts.url})`)];
  else if (facts.poster) body = [text('[!['), imageAlt, text(`](${facts.poster})](${facts.pageUrl ?? facts.url})`)];
  else body = [text('['), tabStop(escapeMarkdownText(facts.alt)), text(`](${facts.url})`)];
  return options.credit ? [...body, text(`\n\n${creditMarkdown(facts)}`)] : body;
}

// ---- HTML and JSX -------------------------------------------------------------------------

interface Markup {
  attr(name: string, value: string): string;
  /** An attribute whose value is the alt tab stop. */
  altAttr(name: string, value: string): Piece[];
  num(name: string, value: number): string;
  /** An inline style of fixed declarations (CSS property names and checked values). */
  style(declarations: readonly (readonly [string, string])[]): string;
  srcsetName: string;
  close: string;
  classAttr: string;
  credit: string;
}

function htmlMarkup(facts: MediaFacts, escapeAtSign: boolean): Markup {
  const esc = (v: string): string => escapeHtmlAttribute(v, { escapeAtSign });
  return {
    attr: (name, value) => ` ${name}="${esc(value)}"`,
    altAttr: (name, value) => [text(` ${name}="`), tabStop(esc(value)), text('"')],
    num: (name, value) => ` ${name}="${value}"`,
    style: (declarations) => ` style="${esc(declarations.map(([name, value]) => `${name}:${value}`).join(';'))}"`,
    srcsetName: 'srcset',
    close: '>',
    classAttr: 'class',
    credit: creditHtml(facts, escapeAtSign),
  };
}

function jsxMarkup(facts: MediaFacts): Markup {
  return {
    // Inserted URLs hold no `"` (links.ts encodes it), so a plain JSX string is exact.
    attr: (name, value) => ` ${name}="${value}"`,
    altAttr: (name, value) =>
      /^[^"&\\]*$/.test(value)
        ? [text(` ${name}="`), tabStop(value), text('"')]
        : [text(` ${name}={'`), tabStop(escapeJsString(value)), text(`'}`)],
    num: (name, value) => ` ${name}={${value}}`,
    // React's style object: camel-case names, string values.
    style: (declarations) =>
      ` style={{ ${declarations.map(([name, value]) => `${name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}: '${escapeJsString(value)}'`).join(', ')} }}`,
    // React's name for it; `srcset` draws a warning there.
    srcsetName: 'srcSet',
    close: ' />',
    classAttr: 'className',
    credit: creditJsx(facts),
  };
}

/**
 * Responsive: shown at its width or narrower when the container is (so `sizes` tells the
 * truth), its shape kept, and the average colour (checked `#RRGGBB`, facts.ts) behind it
 * while it loads.
 */
function responsiveStyle(facts: MediaFacts, m: Markup): string {
  const declarations: [string, string][] = [
    ['max-width', '100%'],
    ['height', 'auto'],
  ];
  if (facts.avgColor !== undefined) declarations.push(['background-color', facts.avgColor]);
  return m.style(declarations);
}

function mediaElement(facts: MediaFacts, m: Markup, indent: string, responsive: boolean): Piece[] {
  const style = responsive ? responsiveStyle(facts, m) : '';
  if (facts.kind === 'photo') {
    const sources =
      responsive && facts.sources.length > 0 ? `${m.attr(m.srcsetName, srcsetValue(facts.sources))}${m.attr('sizes', sizesValue(facts.width))}` : '';
    return [
      text(`${indent}<img${m.attr('src', facts.url)}${sources}`),
      ...m.altAttr('alt', facts.alt),
      text(`${m.num('width', facts.width)}${m.num('height', facts.height)}${style} loading="lazy" decoding="async"${m.close}`),
    ];
  }
  // A video already has its poster (the service's still of it); responsive adds the style.
  const poster = facts.poster ? m.attr('poster', facts.poster) : '';
  return [
    text(`${indent}<video controls preload="metadata"${poster}${m.num('width', facts.width)}${m.num('height', facts.height)}${style}`),
    ...m.altAttr('aria-label', facts.alt),
    text(`>\n${indent}\t<source${m.attr('src', facts.url)}${m.attr('type', facts.fileType ?? 'video/mp4')}${m.close}\n${indent}</video>`),
  ];
}

function markup(facts: MediaFacts, options: FormatOptions, m: Markup): Piece[] {
  if (!options.credit) return mediaElement(facts, m, '', options.responsive);
  if (options.htmlCredit === 'figure') {
    return [text('<figure>\n'), ...mediaElement(facts, m, '\t', options.responsive), text(`\n\t<figcaption>${m.credit}</figcaption>\n</figure>`)];
  }
  return [...mediaElement(facts, m, '', options.responsive), text(`\n<p ${m.classAttr}="credit">${m.credit}</p>`)];
}

// ---- CSS and plain text -----------------------------------------------------------------

function css(facts: MediaFacts, options: FormatOptions): Piece[] {
  const image = facts.kind === 'photo' ? facts.url : facts.poster;
  if (image === undefined) {
    throw new InsertError(() => l10n.t('Video {0} has no poster image with a safe https address to use in CSS, so nothing was inserted.', facts.id));
  }
  const value = `url("${escapeCssString(image)}")`;
  return [text(options.credit ? `${value} ${creditCss(facts)}` : value)];
}

function plain(facts: MediaFacts, options: FormatOptions): Piece[] {
  return [text(options.credit ? `${facts.url}\n${creditPlain(facts)}` : facts.url)];
}

export function renderDefaultFormat(facts: MediaFacts, options: FormatOptions): Piece[] {
  switch (options.family) {
    case 'markdown':
      return markdown(facts, options);
    case 'html':
      return markup(facts, options, htmlMarkup(facts, options.escapeAtSign));
    case 'jsx':
      return markup(facts, options, jsxMarkup(facts));
    case 'css':
      return css(facts, options);
    case 'plain':
      return plain(facts, options);
  }
}

/** The credit alone, in the family's syntax, for `{credit}` in templates and appended credits. */
export function creditFor(facts: CreditFacts, family: FormatFamily, escapeAtSign: boolean): string {
  switch (family) {
    case 'markdown':
      return creditMarkdown(facts);
    case 'html':
      return creditHtml(facts, escapeAtSign);
    case 'jsx':
      return creditJsx(facts);
    case 'css':
      return creditCss(facts);
    case 'plain':
      return creditPlain(facts);
  }
}
