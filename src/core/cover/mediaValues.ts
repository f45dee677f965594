// The values a cover's fields are filled with (presets.ts names the fields, values.ts fills them): the insert's placeholders (insert/template.ts) as plain one-line texts, made from the
// same facts and in the same words as the insert's, so a cover's credit reads like an inserted
// image's. The front matter's own quoting is setCover.ts's: nothing here is escaped for it.
import { creditMarkdown, creditSentence } from '../insert/credit';
import type { CreditMarkdown } from '../insert/credit';
import type { MediaFacts } from '../insert/facts';
import type { CoverValues } from './values';

/** Where the cover's file is and how big it is shown (a saved file's link, or the service's image at the cover's size). */
export interface CoverImage {
  readonly url: string;
  readonly width: number;
  readonly height: number;
}

/**
 * The cover's values: `{url}`, `{alt}`, `{credit}` (the Markdown credit line, in the Markdown
 * the preset's generator renders a caption with: presets.ts `markdown`), `{creditText}`,
 * `{photographer}`, ….
 */
export function coverValues(facts: MediaFacts, image: CoverImage, markdown: CreditMarkdown): CoverValues {
  return {
    url: image.url,
    alt: facts.alt,
    width: String(image.width),
    height: String(image.height),
    pixelWidth: String(image.width),
    pixelHeight: String(image.height),
    photographer: facts.author,
    photographerUrl: facts.authorUrl ?? '',
    pageUrl: facts.pageUrl ?? '',
    id: String(facts.id),
    avgColor: facts.avgColor ?? '',
    serviceName: facts.serviceName,
    serviceUrl: facts.serviceUrl ?? '',
    kind: facts.kind,
    variant: facts.variant,
    poster: facts.poster ?? '',
    fileType: facts.fileType ?? '',
    srcset: '',
    sizes: '',
    credit: creditMarkdown(facts, markdown),
    creditText: creditSentence(facts),
  };
}
