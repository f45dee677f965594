// Insert templates (setting `stockMedia.insert.templates`): text with `{name}`
// placeholders. Single braces keep clear of snippet syntax (`${1:…}`) and of the `${…}`
// of JavaScript; `{{` and `}}` stand for literal braces. A template is checked whole
// before anything is downloaded or inserted, and a mistake is reported by name.
import { l10n } from '../l10n';
import { escapeCssString, escapeCssComment, escapeHtmlAttribute, escapeMarkdownImageAlt, escapeMarkdownText, plainInert } from './escape';
import type { MediaFacts } from './facts';
import { creditFor } from './formats';
import { creditPlain, creditSentence } from './credit';
import { InsertError } from './insertError';
import type { FormatFamily } from './languages';
import type { Piece } from './pieces';
import { tabStop, text } from './pieces';
import { sizesValue, srcsetValue } from './responsive';

export const PLACEHOLDERS = {
  url: 'the image (photos: the chosen size) or the video file; a relative path when saved into the workspace',
  alt: 'the alt text; the cursor lands here first',
  width: 'width to show the image or video at, in CSS pixels',
  height: 'height to show the image or video at, in CSS pixels',
  pixelWidth: 'width of the file, in pixels',
  pixelHeight: 'height of the file, in pixels',
  photographer: 'the photographer’s (or videographer’s) name',
  photographerUrl: 'the photographer’s profile page',
  pageUrl: 'the photo’s or video’s page on the service',
  id: 'the photo’s or video’s id',
  avgColor: 'the photo’s average colour, #RRGGBB',
  srcset: 'a photo’s renderings of known width, for `srcset` (`url 350w, …`); empty for videos and saved files',
  sizes: 'a `sizes` for that srcset: the shown width, or the viewport’s when narrower; empty when there is no srcset',
  serviceName: 'the service’s name',
  serviceUrl: 'the service’s home page',
  kind: '`photo` or `video`',
  variant: 'the photo size (`large`, …) or the video file (`hd-1920x1080`)',
  poster: 'a video’s poster image',
  fileType: 'a video file’s type, e.g. `video/mp4`',
  credit: 'the whole credit line, with links, in the document’s syntax',
  creditText: 'the credit line as plain text',
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;

function isPlaceholder(name: string): name is Placeholder {
  return Object.prototype.hasOwnProperty.call(PLACEHOLDERS, name);
}

export type Segment = { readonly literal: string } | { readonly placeholder: Placeholder };

function known(): string {
  return Object.keys(PLACEHOLDERS)
    .map((p) => `{${p}}`)
    .join(', ');
}

/** Parses a template; `where` names it in messages (e.g. `the "markdown" template`), said in the message's language. */
export function parseTemplate(template: string, where: () => string): Segment[] {
  const segments: Segment[] = [];
  let literal = '';
  let i = 0;
  while (i < template.length) {
    const c = template.charAt(i);
    if (c === '{' && template.charAt(i + 1) === '{') {
      literal += '{';
      i += 2;
    } else if (c === '}' && template.charAt(i + 1) === '}') {
      literal += '}';
      i += 2;
    } else if (c === '}') {
      // The braces are arguments: a message may hold no braces but its {0}-style placeholders.
      throw new InsertError(() =>
        l10n.t('In {0}, the "{1}" at position {2} closes nothing. Write {3} for a literal brace. Nothing was inserted.', where(), '}', i + 1, '}}'),
      );
    } else if (c === '{') {
      const end = template.indexOf('}', i + 1);
      const nextOpen = template.indexOf('{', i + 1);
      if (end < 0 || (nextOpen >= 0 && nextOpen < end)) {
        throw new InsertError(() =>
          l10n.t('In {0}, the "{1}" at position {2} is never closed. Write {3} for a literal brace. Nothing was inserted.', where(), '{', i + 1, '{{'),
        );
      }
      const name = template.slice(i + 1, end);
      if (!isPlaceholder(name)) {
        const shown = name.length > 40 ? `${name.slice(0, 40)}…` : name;
        throw new InsertError(() => l10n.t('In {0}, {1} is not a known placeholder. Known: {2}. Nothing was inserted.', where(), `{${shown}}`, known()));
      }
      if (literal) segments.push({ literal });
      literal = '';
      segments.push({ placeholder: name });
      i = end + 1;
    } else {
      literal += c;
      i += 1;
    }
  }
  if (literal) segments.push({ literal });
  return segments;
}

/** Placeholders whose values are digits (or one fixed word): no markup or code in any position. */
const TOKEN_PLACEHOLDERS: ReadonlySet<Placeholder> = new Set<Placeholder>(['width', 'height', 'pixelWidth', 'pixelHeight', 'id', 'kind']);

/**
 * Refuses a template whose placeholders sit where their values would be markup or code
 * rather than text: inside a tag but outside quotes (`<img src={url}>`, `alt={alt}`, where a
 * value with a space adds attributes), or inside literal braces (written `{{…}}`), which
 * are JSX expressions and the expressions of Vue, Svelte, Angular and the other template
 * languages. So the template's JSX form for text is the quoted one, `alt="{alt}"`: the
 * value goes into a JSX string, escaped; numbers may also be expressions,
 * `width={{{width}}}`. Markdown counts too, for its raw HTML and MDX. `family` is the
 * template's format family; CSS and plain text have no tags.
 */
export function checkTemplatePositions(segments: readonly Segment[], family: FormatFamily, where: () => string): void {
  if (family !== 'html' && family !== 'jsx' && family !== 'markdown') return;
  let state: 'text' | 'tag' | 'comment' = 'text';
  let quote = '';
  let braces = 0;
  let previous = '';
  // The attribute the value would belong to, for the message's example.
  let word = '';
  let attribute = '';
  for (const segment of segments) {
    if ('placeholder' in segment) {
      previous = 'x';
      // Numbers (and `photo`/`video`) are the same as code and as text: `width={{{width}}}`.
      if (TOKEN_PLACEHOLDERS.has(segment.placeholder)) continue;
      const name = `{${segment.placeholder}}`;
      if (braces > 0) {
        throw new InsertError(() =>
          l10n.t(
            'In {0}, {1} is inside braces, where JSX and template languages read code, not text. Put it in quotes in an attribute ({2}) or in the text. Nothing was inserted.',
            where(),
            name,
            `${attribute || 'alt'}="${name}"`,
          ),
        );
      }
      if (state === 'tag' && !quote) {
        throw new InsertError(() =>
          l10n.t(
            'In {0}, {1} is inside a tag but not in quotes, where its value could add attributes. Put it in quotes, e.g. {2}. Nothing was inserted.',
            where(),
            name,
            `${attribute || 'alt'}="${name}"`,
          ),
        );
      }
      continue;
    }
    const literal = segment.literal;
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charAt(i);
      if (state === 'comment') {
        if (literal.startsWith('-->', i)) {
          state = 'text';
          i += 2;
        }
      } else if (quote) {
        if (c === quote) quote = '';
      } else if (c === '{') {
        braces += 1;
      } else if (c === '}') {
        braces = Math.max(0, braces - 1);
      } else if (state === 'text') {
        if (literal.startsWith('<!--', i)) {
          state = 'comment';
          i += 3;
        } else if (c === '<' && (i + 1 === literal.length || /[A-Za-z/!?]/.test(literal.charAt(i + 1)))) {
          // A placeholder right after `<` names the tag: the tag has begun.
          state = 'tag';
        }
      } else if (braces === 0) {
        // In a tag: quotes open attribute values; `>` ends the tag.
        if ((c === '"' || c === "'") && /[=\s]/.test(previous)) quote = c;
        else if (c === '>') state = 'text';
        else if (c === '=') attribute = word;
      }
      word = /[\w:.@-]/.test(c) ? word + c : '';
      previous = c;
    }
  }
}

export function usesPlaceholder(segments: readonly Segment[], ...names: Placeholder[]): boolean {
  return segments.some((s) => 'placeholder' in s && names.includes(s.placeholder));
}

export interface TemplateContext {
  readonly family: FormatFamily;
  readonly escapeAtSign: boolean;
}

/** Text values escaped for the template's language (HTML and JSX: entities; CSS: strings and comments). */
function escaperFor(ctx: TemplateContext): (value: string) => string {
  switch (ctx.family) {
    case 'markdown':
      return escapeMarkdownText;
    case 'html':
    case 'jsx':
      return (v) => escapeHtmlAttribute(v, { escapeAtSign: ctx.escapeAtSign });
    case 'css':
      // The comment rule first: its `# {` reads well in a comment and in a string alike.
      return (v) => escapeCssString(escapeCssComment(v));
    case 'plain':
      return plainInert;
  }
}

/** URLs are already percent-encoded; HTML still wants `&` as `&amp;`. */
function urlEscaperFor(ctx: TemplateContext): (value: string) => string {
  return ctx.family === 'html' ? (v) => escapeHtmlAttribute(v, { escapeAtSign: ctx.escapeAtSign }) : (v) => v;
}

/** Placeholders whose values are addresses, fit for a Markdown link destination. */
const URL_PLACEHOLDERS: ReadonlySet<Placeholder> = new Set<Placeholder>(['url', 'poster', 'pageUrl', 'photographerUrl', 'serviceUrl']);
const TEXT_MARK = '\ue000';
const URL_MARK = '\ue001';
/** After an image's `]`: `(destination "title")`, the destination without spaces or parentheses. */
const IMAGE_TAIL = new RegExp(`^\\(\\s*[^\\s()<>${TEXT_MARK}]*\\s*(?:"[^"\\n]*"|'[^'\\n]*')?\\s*\\)`);

/**
 * The indexes of the placeholders in the alt text of a Markdown image the template
 * writes, `![…](destination "title")`. Only a well-formed image counts: anything else is
 * text, where a bare address could still become a link.
 */
export function markdownImageAltPlaceholders(segments: readonly Segment[]): Set<number> {
  // The template as one string, each placeholder one private-use character.
  let skeleton = '';
  const placeholderAt = new Map<number, number>();
  segments.forEach((segment, index) => {
    if ('literal' in segment) {
      skeleton += segment.literal;
      return;
    }
    placeholderAt.set(skeleton.length, index);
    skeleton += URL_PLACEHOLDERS.has(segment.placeholder) ? URL_MARK : TEXT_MARK;
  });
  const found = new Set<number>();
  for (let i = 0; i < skeleton.length; i++) {
    if (skeleton.charAt(i) === '\\') {
      i += 1;
      continue;
    }
    if (skeleton.charAt(i) !== '!' || skeleton.charAt(i + 1) !== '[') continue;
    // The `]` that closes this `[`, escapes skipped.
    let depth = 0;
    let end = -1;
    for (let j = i + 1; j < skeleton.length && end < 0; j++) {
      const c = skeleton.charAt(j);
      if (c === '\\') j += 1;
      else if (c === '[') depth += 1;
      else if (c === ']' && --depth === 0) end = j;
    }
    if (end < 0 || !IMAGE_TAIL.test(skeleton.slice(end + 1))) continue;
    for (let k = i + 2; k < end; k++) {
      const index = placeholderAt.get(k);
      if (index !== undefined) found.add(index);
    }
  }
  return found;
}

export function renderTemplate(segments: readonly Segment[], facts: MediaFacts, ctx: TemplateContext): Piece[] {
  const url = urlEscaperFor(ctx);
  const imageAlt = ctx.family === 'markdown' ? markdownImageAltPlaceholders(segments) : new Set<number>();
  const value = (name: Placeholder, index: number): Piece => {
    // In an image's alt text, Markdown needs no escapes against bare addresses (escape.ts).
    const esc = imageAlt.has(index) ? escapeMarkdownImageAlt : escaperFor(ctx);
    switch (name) {
      case 'alt':
        return tabStop(esc(facts.alt));
      case 'url':
        return text(url(facts.url));
      case 'width':
        return text(String(facts.width));
      case 'height':
        return text(String(facts.height));
      case 'pixelWidth':
        return text(String(facts.pixelWidth));
      case 'pixelHeight':
        return text(String(facts.pixelHeight));
      case 'photographer':
        return text(esc(facts.author));
      case 'photographerUrl':
        return text(url(facts.authorUrl ?? ''));
      case 'pageUrl':
        return text(url(facts.pageUrl ?? ''));
      case 'id':
        return text(String(facts.id));
      case 'avgColor':
        return text(facts.avgColor ?? '');
      case 'srcset':
        return text(url(srcsetValue(facts.sources)));
      case 'sizes':
        return text(esc(facts.sources.length > 0 ? sizesValue(facts.width) : ''));
      case 'serviceName':
        return text(esc(facts.serviceName));
      case 'serviceUrl':
        return text(url(facts.serviceUrl ?? ''));
      case 'kind':
        return text(facts.kind);
      case 'variant':
        return text(esc(facts.variant));
      case 'poster':
        return text(url(facts.poster ?? ''));
      case 'fileType':
        return text(esc(facts.fileType ?? ''));
      case 'credit':
        return text(creditFor(facts, ctx.family, ctx.escapeAtSign));
      case 'creditText':
        // Markdown, HTML and JSX escape every name (esc); style sheets and plain text
        // take the plain credit, which also keeps services, TeX and template syntax out.
        return text(esc(ctx.family === 'css' || ctx.family === 'plain' ? creditPlain(facts) : creditSentence(facts)));
    }
  };
  return segments.map((s, i) => ('literal' in s ? text(s.literal) : value(s.placeholder, i)));
}
