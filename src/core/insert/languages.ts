// Which insert format a document gets, by its language id.
import { l10n } from '../l10n';

export type FormatFamily = 'markdown' | 'html' | 'jsx' | 'css' | 'plain';

const FAMILY_BY_LANGUAGE: ReadonlyMap<string, FormatFamily> = new Map<string, FormatFamily>([
  ...['markdown', 'mdx', 'quarto', 'rmd'].map((id) => [id, 'markdown'] as const),
  // HTML and the template languages whose markup is HTML.
  ...[
    'html',
    'xhtml',
    'vue',
    'vue-html',
    'svelte',
    'astro',
    'php',
    'blade',
    'handlebars',
    'hbs',
    'mustache',
    'nunjucks',
    'njk',
    'liquid',
    'erb',
    'html.erb',
    'razor',
    'aspnetcorerazor',
    'cshtml',
    'jinja',
    'jinja-html',
    'jinja2',
    'django-html',
    'htmldjango',
    'twig',
    'ejs',
    'edge',
    'templ',
  ].map((id) => [id, 'html'] as const),
  ...['javascriptreact', 'typescriptreact'].map((id) => [id, 'jsx'] as const),
  ...['css', 'scss', 'less', 'sass', 'stylus', 'postcss'].map((id) => [id, 'css'] as const),
]);

/** Every language that has an insert format (all but plain text). */
export function formatLanguageIds(): string[] {
  return [...FAMILY_BY_LANGUAGE.keys()];
}

export function formatFamily(languageId: string): FormatFamily {
  return FAMILY_BY_LANGUAGE.get(languageId.toLowerCase()) ?? 'plain';
}

/** Languages where `@` inside an attribute value switches into code (Razor). */
export function atSignIsSyntax(languageId: string): boolean {
  return ['razor', 'aspnetcorerazor', 'cshtml'].includes(languageId.toLowerCase());
}

/** A name for the format, for messages and pickers. */
export function familyLabel(family: FormatFamily): string {
  switch (family) {
    case 'markdown':
      return 'Markdown';
    case 'html':
      return 'HTML';
    case 'jsx':
      return 'JSX';
    case 'css':
      return 'CSS';
    case 'plain':
      return l10n.t('plain text');
  }
}
