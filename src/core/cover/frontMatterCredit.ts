// What counts as a credit for a media URL in a page's front matter (the credit check's
// front matter rule, creditCheck.ts): the front matter's values a reader can see, which are
// the caption and credit fields and the page's other texts, but not alt texts (the insert's
// fallback alt is "Photo by <name>", which credits nobody on the page) and not the image
// fields themselves, whose values are addresses.
import type { FrontMatterBlock } from './frontMatter';
import { frontMatterData } from './frontMatter';

/** Keys whose values are not a visible credit: alt texts (`alt`, `cover.alt`, `heroImageAlt`, Minimal Mistakes' `image_description`) and image addresses. */
const NOT_A_CREDIT = /(?:alt|^image_description|^(?:image|images|path|src|url|teaser|overlay_image|heroimage|banner|thumbnail|og_image|featured_image))$/i;

export function isCreditField(key: string): boolean {
  return !NOT_A_CREDIT.test(key);
}

export interface FrontMatterCredit {
  readonly block: FrontMatterBlock;
  /** The values that can credit a cover: every text value (in lists too) outside the keys above, one paragraph each. */
  readonly values: string;
}

/** The texts of a value; `key` is the key of the value or of the list it is in (a map's own key does not count: `image.credit` credits). */
function collect(value: unknown, key: string, out: string[]): void {
  if (typeof value === 'string') {
    if (isCreditField(key)) out.push(value);
  } else if (Array.isArray(value)) for (const item of value) collect(item, key, out);
  else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) collect(v, k, out);
  }
}

/** The block's values that can credit a media in it, when it parses as a map of keys (the credit check parses it once per document). */
export function frontMatterCredit(text: string, block: FrontMatterBlock): FrontMatterCredit | undefined {
  const data = frontMatterData(text, block);
  if (!data) return undefined;
  const values: string[] = [];
  collect(data, '', values);
  return { block, values: values.join('\n\n') };
}
