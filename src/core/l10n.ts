// User-facing text from core and api goes through here, so the host can hand in
// vscode.l10n.t and every sentence is translated; plain Node (unit tests) gets English.
// Placeholders are {0}, {1}… as in vscode.l10n.t.

export type Translate = (message: string, ...args: (string | number | boolean)[]) => string;

export function formatMessage(message: string, args: readonly (string | number | boolean)[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A sentence with a count in each plural category the display language has, each already
 * translated (`l10n.t('{0} photo', n)`, `l10n.t('{0} photos', n)`): English and German have
 * `one` and `other`; a language with more (`few`, `many`...) falls back to `other` for those.
 * Every form keeps the `{0}`: in some languages `one` is 21 or 31 too.
 */
export interface PluralForms {
  one: string;
  other: string;
}

let translate: Translate = (message, ...args) => formatMessage(message, args);
let language = 'en';
const rulesByLanguage = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLanguage.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      // VS Code's pseudo-locale ids (qps-ploc) and anything Intl does not know: English rules.
      rules = new Intl.PluralRules('en');
    }
    rulesByLanguage.set(locale, rules);
  }
  return rules;
}

export const l10n = {
  t(message: string, ...args: (string | number | boolean)[]): string {
    return translate(message, ...args);
  },
  /** The form of `forms` for `count`, by the plural rules of the language the text is shown in. */
  plural(count: number, forms: PluralForms): string {
    return pluralOf(language, count, forms);
  },
};

/** The form of `forms` for `count` by `locale`'s plural rules (the webview, which has its strings already translated, calls this). */
export function pluralOf<T extends PluralForms>(locale: string, count: number, forms: T): string {
  return pluralRules(locale).select(count) === 'one' ? forms.one : forms.other;
}

/** `displayLanguage`: the language the translated texts are in (VS Code's `env.language`). */
export function setTranslator(fn: Translate, displayLanguage = 'en'): void {
  translate = fn;
  language = displayLanguage;
}

/**
 * What `say` returns with every sentence of core's l10n.t in English, whatever the display
 * language: what a model reads (the agent's tools) is English, as their descriptions are. `say`
 * runs synchronously: the English translator is in place only while it runs.
 */
export function inEnglish<T>(say: () => T): T {
  const [shown, shownLanguage] = [translate, language];
  translate = (message, ...args) => formatMessage(message, args);
  language = 'en';
  try {
    return say();
  } finally {
    translate = shown;
    language = shownLanguage;
  }
}
