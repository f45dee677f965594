// Where a page's cover goes in its front matter is the theme's choice: a preset per real
// convention (setting `stockMedia.cover.preset`), found from the workspace with `auto`, or
// the user's own map of dotted keys to templates (`stockMedia.cover.fields`).
//
// Every preset carries the cover's credit. Where the theme has a caption field that it
// renders as Markdown (PaperMod's `cover.caption`, Minimal Mistakes' `header.caption`), the
// credit is the Markdown credit line `{credit}` there, so the page shows it under the
// picture. Themes without one get a field named `credit` with the plain credit line
// `{creditText}` (beside the image: `image.credit` for jekyll-seo-tag's `image` map, else a
// top-level `credit`): the theme does not show it, but it stays with the page, the credit
// check finds it and a template can show it.
//
// The Markdown credit line is written in the Markdown the preset's generator renders
// (`markdown`): Goldmark for Hugo, kramdown for Jekyll, MDX for Docusaurus and Astro; each
// reads other backslash escapes (insert/escape.ts).
import { l10n } from '../l10n';
import type { CreditMarkdown } from '../insert/credit';
import { isInsertError } from '../insert/insertError';
import { parseTemplate } from '../insert/template';

export const COVER_PRESETS = ['hugo-papermod', 'hugo-images', 'jekyll-seo', 'minimal-mistakes', 'astro', 'docusaurus', 'obsidian-banner'] as const;
export type CoverPresetId = (typeof COVER_PRESETS)[number];

export interface CoverField {
  /** The dotted path, one segment per key. */
  readonly key: readonly string[];
  /** The value, with the insert's placeholders (`{url}`, `{alt}`, `{credit}`, …). */
  readonly template: string;
  /** The value is a list of one item (Hugo's `images`). */
  readonly list?: boolean;
}

export interface CoverPreset {
  readonly id: CoverPresetId;
  readonly fields: readonly CoverField[];
  /** The size the theme documents for its cover: `WxH` for a crop, or a width. */
  readonly defaultSize: string;
  /** The Markdown its generator renders a caption in: what `{credit}` is escaped for. */
  readonly markdown: CreditMarkdown;
}

const field = (dotted: string, template: string, list?: boolean): CoverField => (list ? { key: dotted.split('.'), template, list } : { key: dotted.split('.'), template });

/** The presets, by id. Sizes: a social card (1200×630) unless the theme shows the picture otherwise. */
export const PRESETS: Readonly<Record<CoverPresetId, CoverPreset>> = {
  // PaperMod: cover.image, cover.alt, cover.caption (rendered with markdownify).
  'hugo-papermod': { id: 'hugo-papermod', fields: [field('cover.image', '{url}'), field('cover.alt', '{alt}'), field('cover.caption', '{credit}')], defaultSize: '1200x630', markdown: 'goldmark' },
  // Hugo's own Open Graph and Twitter card templates read the page's `images` list.
  'hugo-images': { id: 'hugo-images', fields: [field('images', '{url}', true), field('credit', '{creditText}')], defaultSize: '1200x630', markdown: 'goldmark' },
  // jekyll-seo-tag: image.path and image.alt (it also reads image.width/height).
  'jekyll-seo': {
    id: 'jekyll-seo',
    fields: [field('image.path', '{url}'), field('image.alt', '{alt}'), field('image.width', '{width}'), field('image.height', '{height}'), field('image.credit', '{creditText}')],
    defaultSize: '1200x630',
    markdown: 'kramdown',
  },
  // Minimal Mistakes: the page header's overlay image, its description (the alt text), the
  // teaser for archive lists and the caption under the header (Markdown). The theme asks
  // for header images at least 1280 pixels wide.
  'minimal-mistakes': {
    id: 'minimal-mistakes',
    fields: [field('header.overlay_image', '{url}'), field('header.image_description', '{alt}'), field('header.teaser', '{url}'), field('header.caption', '{credit}')],
    defaultSize: '1280',
    markdown: 'kramdown',
  },
  // Astro's blog template: `heroImage`, shown at 1020×510.
  astro: { id: 'astro', fields: [field('heroImage', '{url}'), field('credit', '{creditText}')], defaultSize: '1020x510', markdown: 'mdx' },
  // Docusaurus: `image`, the page's social card.
  docusaurus: { id: 'docusaurus', fields: [field('image', '{url}'), field('credit', '{creditText}')], defaultSize: '1200x630', markdown: 'mdx' },
  // Obsidian's banner plugins (Banners, Pixel Banner): `banner`, across the note's top. Obsidian's Markdown is CommonMark's.
  'obsidian-banner': { id: 'obsidian-banner', fields: [field('banner', '{url}'), field('credit', '{creditText}')], defaultSize: '1920', markdown: 'commonmark' },
};

const HUGO_CONFIGS = ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config/_default/hugo.toml', 'config/_default/hugo.yaml', 'config/_default/hugo.json'];
/** Hugo's older names, which other tools use too: Hugo only when the file reads like Hugo's. */
const SHARED_CONFIGS = ['config.toml', 'config.yaml', 'config.yml', 'config.json', 'config/_default/config.toml', 'config/_default/config.yaml'];
const JEKYLL_CONFIGS = ['_config.yml', '_config.yaml', '_config.toml'];
const ASTRO_CONFIGS = ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts', 'astro.config.cjs', 'astro.config.cts'];
const DOCUSAURUS_CONFIGS = ['docusaurus.config.js', 'docusaurus.config.ts', 'docusaurus.config.mjs', 'docusaurus.config.cjs', 'docusaurus.config.mts'];
const OBSIDIAN = '.obsidian';

/** The names the host looks for at each workspace folder's root (files; `.obsidian` is a folder). */
export const COVER_MARKERS: readonly string[] = [...DOCUSAURUS_CONFIGS, ...ASTRO_CONFIGS, ...HUGO_CONFIGS, ...SHARED_CONFIGS, ...JEKYLL_CONFIGS, OBSIDIAN];

/** A Hugo configuration's settings (TOML `key =`, YAML `key:`, JSON `"key":`). */
const HUGO_KEYS = /^\s*["']?(baseURL|baseurl|theme|languageCode|defaultContentLanguage|module)["']?\s*[:=[]/im;

/**
 * The preset for a workspace, from the markers that exist at its root (`present`) and,
 * where the theme decides, the marker file's text (`configText`, which may return
 * undefined for a file it cannot read). The rule, first match wins:
 * 1. a Docusaurus config → `docusaurus`; an Astro config → `astro` (these generators are
 *    named by their own files, and a site built with one may still have an `.obsidian`
 *    folder or a stray `config.yml`);
 * 2. a Hugo config (`hugo.*`, or `config.*` whose text has a Hugo setting such as `baseURL`
 *    or `theme`, or cannot be read) → `hugo-papermod` when a config names PaperMod (as
 *    `theme` or a module path), else `hugo-images`;
 * 3. a Jekyll `_config.*` → `minimal-mistakes` when it names minimal-mistakes (`theme:
 *    minimal-mistakes-jekyll`, `remote_theme: mmistakes/minimal-mistakes`), else `jekyll-seo`;
 * 4. an `.obsidian` folder → `obsidian-banner`;
 * 5. nothing → undefined.
 */
export function detectPreset(present: readonly string[], configText?: (name: string) => string | undefined): CoverPresetId | undefined {
  const has = (names: readonly string[]): string[] => names.filter((name) => present.includes(name));
  const read = (name: string): string | undefined => {
    const text = configText?.(name);
    return typeof text === 'string' ? text : undefined;
  };
  if (has(DOCUSAURUS_CONFIGS).length > 0) return 'docusaurus';
  if (has(ASTRO_CONFIGS).length > 0) return 'astro';
  const hugo = [
    ...has(HUGO_CONFIGS),
    ...has(SHARED_CONFIGS).filter((name) => {
      const text = read(name);
      return text === undefined || HUGO_KEYS.test(text);
    }),
  ];
  if (hugo.length > 0) return hugo.some((name) => /papermod/i.test(read(name) ?? '')) ? 'hugo-papermod' : 'hugo-images';
  const jekyll = has(JEKYLL_CONFIGS);
  if (jekyll.length > 0) return jekyll.some((name) => /minimal-mistakes/i.test(read(name) ?? '')) ? 'minimal-mistakes' : 'jekyll-seo';
  if (present.includes(OBSIDIAN)) return 'obsidian-banner';
  return undefined;
}

const MAX_CUSTOM_FIELDS = 20;
const MAX_KEY_LENGTH = 200;
/** A key segment: letters, digits, `_` and `-`, not starting with `-` (a YAML line `---…` would look like a fence). */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

export type CoverFieldsResult =
  | { readonly ok: true; readonly preset: CoverPresetId | 'custom'; readonly fields: readonly CoverField[]; readonly defaultSize: string; readonly markdown: CreditMarkdown }
  | { readonly ok: false; readonly message: string };

const isPresetId = (value: unknown): value is CoverPresetId => typeof value === 'string' && (COVER_PRESETS as readonly string[]).includes(value);

const SETTING = 'stockMedia.cover.fields';

/** `stockMedia.cover.fields`, checked: an object of dotted key → template (workspace settings are untrusted). */
function customFields(value: unknown): CoverFieldsResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    return { ok: false, message: l10n.t('The cover preset is "custom", but {0} is not a map of front matter keys to templates, e.g. {1}. Nothing was changed.', SETTING, '{ "cover.image": "{url}", "cover.credit": "{creditText}" }') };
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_CUSTOM_FIELDS) {
    return { ok: false, message: l10n.t('{0} has {1} fields; at most {2} are written. Nothing was changed.', SETTING, entries.length, MAX_CUSTOM_FIELDS) };
  }
  const fields: CoverField[] = [];
  for (const [dotted, template] of entries) {
    const shown = dotted.length > 40 ? `${dotted.slice(0, 40)}…` : dotted;
    const segments = dotted.split('.');
    if (dotted.length > MAX_KEY_LENGTH || !segments.every((s) => SEGMENT.test(s) && s !== '__proto__')) {
      return { ok: false, message: l10n.t('In {0}, "{1}" is not a key: write dotted names of letters, digits, "_" and "-" (e.g. {2}). Nothing was changed.', SETTING, shown, 'cover.image') };
    }
    if (typeof template !== 'string') {
      return { ok: false, message: l10n.t('In {0}, the value of "{1}" is not a text template. Nothing was changed.', SETTING, shown) };
    }
    try {
      parseTemplate(template, () => l10n.t('the cover field "{0}"', shown));
    } catch (error) {
      if (isInsertError(error)) return { ok: false, message: error.message };
      throw error;
    }
    const clash = fields.find((f) => startsWith(f.key, segments) || startsWith(segments, f.key));
    if (clash) {
      return { ok: false, message: l10n.t('In {0}, "{1}" and "{2}" cannot both be written: one is inside the other. Nothing was changed.', SETTING, clash.key.join('.'), shown) };
    }
    fields.push({ key: segments, template });
  }
  return { ok: true, preset: 'custom', fields, defaultSize: '1200x630', markdown: 'commonmark' };
}

/** Whether `path` starts with all of `prefix` (or equals it). */
export function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

/**
 * The fields to write, from the settings: `setting` is `stockMedia.cover.preset` (anything
 * unknown counts as `auto`), `detected` what `detectPreset` found for the document's
 * workspace folder, `customFields` `stockMedia.cover.fields`. `auto` with nothing detected
 * is the `docusaurus` preset: a top-level `image` (and `credit`), the key most generators'
 * social cards read (Docusaurus, jekyll-seo-tag, many Eleventy, Gatsby and Hugo themes).
 * `custom` fields' `{credit}` is CommonMark, as the insert writes it.
 */
export function coverFields(setting: unknown, detected: CoverPresetId | undefined, customFieldsSetting: unknown): CoverFieldsResult {
  if (setting === 'custom') return customFields(customFieldsSetting);
  const id = isPresetId(setting) ? setting : (detected ?? 'docusaurus');
  const preset = PRESETS[id];
  return { ok: true, preset: id, fields: preset.fields, defaultSize: preset.defaultSize, markdown: preset.markdown };
}
