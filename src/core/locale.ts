// The search language to start with: the editor's display language when the service
// supports it (spec §4.10), else en-US. VS Code reports ids such as `de`, `pt-br`,
// `zh-cn`, `zh-tw`, `nb` or `qps-ploc`; the service wants `de-DE`, `pt-BR`, ...
import type { Locale } from './params';
import { LOCALES } from './params';

export const FALLBACK_LOCALE: Locale = 'en-US';

/** Traditional-script Chinese regions and subtags; everything else Chinese is zh-CN. */
const TRADITIONAL_CHINESE = new Set(['tw', 'hk', 'mo', 'hant']);

/** Languages whose code differs from the service's language part (Norwegian). */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function defaultLocale(language: string | undefined): Locale {
  if (typeof language !== 'string') return FALLBACK_LOCALE;
  const parts = language.trim().toLowerCase().replace(/_/g, '-').split('-').filter(Boolean);
  const first = parts[0];
  if (first === undefined) return FALLBACK_LOCALE;
  const lang = LANGUAGE_ALIASES[first] ?? first;
  const rest = parts.slice(1);
  if (lang === 'zh') return rest.some((p) => TRADITIONAL_CHINESE.has(p)) ? 'zh-TW' : 'zh-CN';
  // Exact language and region first (pt-br -> pt-BR), then the language alone (de -> de-DE).
  const exact = LOCALES.find((l) => l.toLowerCase() === [lang, ...rest].join('-'));
  if (exact) return exact;
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === lang) ?? FALLBACK_LOCALE;
}
