// The words of the credit line and of the fallback alt text. Unlike the rest of the UI
// they are written into the user's document, so they do not come from the display
// language's translation bundle (which would tie a document's text to whoever inserted
// it, and to whether a bundle loaded): they come from this fixed table, in the language
// the setting `stockMedia.insert.creditLanguage` names. `auto` picks the display language
// when the table has it. Placeholders are {0}, {1} as in l10n.t; no other braces, and no
// character that Markdown, HTML, JSX or snippets treat specially (a unit test checks).
import { formatMessage } from '../l10n';

export interface CreditWords {
  /** {0}: the photographer (maybe a link), {1}: the service (maybe a link). */
  readonly photoBy: string;
  readonly videoBy: string;
  /** No photographer known. {0}: the service. */
  readonly photoOn: string;
  readonly videoOn: string;
  /** Fallback alt text. {0}: the photographer. */
  readonly photoAlt: string;
  readonly videoAlt: string;
  /** Fallback alt text without a photographer. {0}: the id. */
  readonly photoId: string;
  readonly videoId: string;
  /** Stands in for an empty service name, after "on" ({1} of photoBy). */
  readonly theService: string;
}

export const CREDIT_LANGUAGES = ['en', 'de'] as const;
export type CreditLanguage = (typeof CREDIT_LANGUAGES)[number];
export type CreditLanguageSetting = 'auto' | CreditLanguage;

export const CREDIT_WORDS: Readonly<Record<CreditLanguage, CreditWords>> = {
  en: {
    photoBy: 'Photo by {0} on {1}',
    videoBy: 'Video by {0} on {1}',
    photoOn: 'Photo on {0}',
    videoOn: 'Video on {0}',
    photoAlt: 'Photo by {0}',
    videoAlt: 'Video by {0}',
    photoId: 'Photo {0}',
    videoId: 'Video {0}',
    theService: 'the service',
  },
  de: {
    photoBy: 'Foto von {0} auf {1}',
    videoBy: 'Video von {0} auf {1}',
    photoOn: 'Foto auf {0}',
    videoOn: 'Video auf {0}',
    photoAlt: 'Foto von {0}',
    videoAlt: 'Video von {0}',
    photoId: 'Foto {0}',
    videoId: 'Video {0}',
    theService: 'dem Dienst',
  },
};

export const ENGLISH_CREDIT: CreditWords = CREDIT_WORDS.en;

export function isCreditLanguageSetting(value: unknown): value is CreditLanguageSetting {
  return value === 'auto' || (CREDIT_LANGUAGES as readonly unknown[]).includes(value);
}

/** The credit's language for a setting and VS Code's display language (`de`, `de-ch`, `en-us`, …). */
export function creditLanguage(setting: unknown, displayLanguage: string | undefined): CreditLanguage {
  if (isCreditLanguageSetting(setting) && setting !== 'auto') return setting;
  const language = (displayLanguage ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (CREDIT_LANGUAGES as readonly string[]).includes(language) ? (language as CreditLanguage) : 'en';
}

export function creditWordsFor(setting: unknown, displayLanguage: string | undefined): CreditWords {
  return CREDIT_WORDS[creditLanguage(setting, displayLanguage)];
}

/** Fills a credit template; the values are inserted as they are (already escaped by the caller). */
export function fillCredit(template: string, ...values: string[]): string {
  return formatMessage(template, values);
}
