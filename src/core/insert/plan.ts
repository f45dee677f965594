// From a photo or video and the settings to what is inserted: checked first (unsafe
// address, broken template → InsertError, nothing downloaded or inserted), rendered
// after any downloads, with local paths in place of the remote addresses.
import { l10n } from '../l10n';
import type { MediaItem } from '../model';
import type { CreditWords } from './creditWords';
import type { MediaFacts } from './facts';
import { mediaFacts } from './facts';
import type { HtmlCreditStyle, UsedAssets } from './formats';
import { creditFor, defaultFormatAssets, renderDefaultFormat } from './formats';
import { InsertError } from './insertError';
import type { FormatFamily } from './languages';
import { atSignIsSyntax, formatFamily } from './languages';
import type { Piece } from './pieces';
import { text } from './pieces';
import { ALT_MAX, cleanText } from './text';
import type { Segment } from './template';
import { checkTemplatePositions, parseTemplate, renderTemplate, usesPlaceholder } from './template';
import type { PhotoSize } from './sizes';
import type { VideoQuality } from './variants';

/** `stockMedia.insert.mode`: link to the service's file, or save it into the workspace first. */
export type InsertMode = 'link' | 'download';
export const INSERT_MODES: readonly InsertMode[] = ['link', 'download'];

export interface InsertSettings {
  /** `stockMedia.insert.size` (sizes.ts): a variant, a width or a crop. */
  readonly photoSize: PhotoSize;
  readonly videoQuality: VideoQuality;
  readonly credit: boolean;
  readonly htmlCredit: HtmlCreditStyle;
  /** languageId (or `languageId:photo` / `languageId:video`) → template. */
  readonly templates: Readonly<Record<string, unknown>>;
  /** HTML and JSX: `srcset`/`sizes` and the average colour (formats.ts); false when absent. */
  readonly responsive?: boolean;
}

export interface InsertRequest {
  readonly media: MediaItem;
  readonly languageId: string;
  readonly serviceName: string;
  readonly serviceUrl: string;
  readonly settings: InsertSettings;
  /** A video file picked by id (Insert as…). */
  readonly videoFileId?: number;
  /** The credit's words (creditWords.ts, chosen by the host from the setting); English when absent. */
  readonly creditWords?: CreditWords;
  /** Alt text the user typed (Insert as…): cleaned like the service's, escaped by the formats; '' is kept (a decorative image). */
  readonly alt?: string;
}

export interface InsertPlan {
  readonly facts: MediaFacts;
  readonly family: FormatFamily;
  readonly languageId: string;
  readonly credit: boolean;
  readonly htmlCredit: HtmlCreditStyle;
  readonly escapeAtSign: boolean;
  readonly responsive: boolean;
  readonly template: { readonly key: string; readonly segments: readonly Segment[] } | undefined;
  /** The addresses that end up in the document. */
  readonly uses: UsedAssets;
}

/** Local replacements for the remote addresses, as links relative to the document. */
export interface LocalAssets {
  readonly url?: string;
  readonly poster?: string;
}

/** The template for a language and kind: `lang:video` (or `lang:photo`) first, then `lang`. */
export function pickTemplate(
  templates: Readonly<Record<string, unknown>>,
  languageId: string,
  kind: 'photo' | 'video',
): { key: string; template: string } | undefined {
  for (const key of [`${languageId}:${kind}`, languageId]) {
    if (!Object.prototype.hasOwnProperty.call(templates, key)) continue;
    const template = templates[key];
    if (typeof template !== 'string') {
      throw new InsertError(() => l10n.t('The stockMedia.insert.templates entry "{0}" must be text. Nothing was inserted.', key));
    }
    if (template.trim() === '') continue;
    return { key, template };
  }
  return undefined;
}

export function planInsert(request: InsertRequest): InsertPlan {
  const { settings } = request;
  const family = formatFamily(request.languageId);
  const found = mediaFacts(request.media, {
    serviceName: request.serviceName,
    serviceUrl: request.serviceUrl,
    photoSize: settings.photoSize,
    videoQuality: settings.videoQuality,
    videoFileId: request.videoFileId,
    creditWords: request.creditWords,
  });
  const facts = request.alt === undefined ? found : { ...found, alt: cleanText(request.alt, ALT_MAX) };
  const picked = pickTemplate(settings.templates, request.languageId, facts.kind);
  let template: InsertPlan['template'];
  if (picked) {
    const where = (): string => l10n.t('the stockMedia.insert.templates entry "{0}"', picked.key);
    const segments = parseTemplate(picked.template, where);
    checkTemplatePositions(segments, family, where);
    template = { key: picked.key, segments };
  }
  const plan: InsertPlan = {
    facts,
    family,
    languageId: request.languageId,
    credit: settings.credit,
    htmlCredit: settings.htmlCredit,
    escapeAtSign: atSignIsSyntax(request.languageId),
    responsive: settings.responsive === true,
    template,
    uses: template
      ? { url: usesPlaceholder(template.segments, 'url'), poster: usesPlaceholder(template.segments, 'poster') }
      : defaultFormatAssets(facts, family),
  };
  // Render once now so format errors (e.g. a video without a poster in CSS) surface
  // before anything is downloaded.
  renderPlan(plan);
  return plan;
}

/**
 * A template that leaves the credit out gets the credit line after it while the credit
 * setting is on, so the credit is never silently missing.
 */
function appendedCredit(plan: InsertPlan): Piece[] {
  if (!plan.credit || !plan.template) return [];
  if (usesPlaceholder(plan.template.segments, 'credit', 'creditText', 'photographer')) return [];
  const separator = plan.family === 'css' ? ' ' : plan.family === 'plain' ? '\n' : '\n\n';
  const credit = creditFor(plan.facts, plan.family, plan.escapeAtSign);
  const wrapped = plan.family === 'html' ? `<p class="credit">${credit}</p>` : plan.family === 'jsx' ? `<p className="credit">${credit}</p>` : credit;
  return [text(`${separator}${wrapped}`)];
}

export function renderPlan(plan: InsertPlan, local: LocalAssets = {}): Piece[] {
  const facts: MediaFacts = {
    ...plan.facts,
    url: local.url ?? plan.facts.url,
    poster: local.poster ?? plan.facts.poster,
    // A saved file stands alone: no srcset that sends the page back to the service for it.
    sources: local.url !== undefined ? [] : plan.facts.sources,
  };
  if (plan.template) {
    return [...renderTemplate(plan.template.segments, facts, { family: plan.family, escapeAtSign: plan.escapeAtSign }), ...appendedCredit(plan)];
  }
  return renderDefaultFormat(facts, {
    family: plan.family,
    credit: plan.credit,
    htmlCredit: plan.htmlCredit,
    escapeAtSign: plan.escapeAtSign,
    responsive: plan.responsive,
  });
}
