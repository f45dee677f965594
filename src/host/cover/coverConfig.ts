// The settings of a page's cover, for one document: which fields (`stockMedia.cover.preset`,
// `auto` found from the files at the root of the document's workspace folder, or the user's
// `stockMedia.cover.fields`), the size (`stockMedia.cover.size`, else the preset's), and where a
// saved cover goes when the site serves its files from a folder of its own.
import * as vscode from 'vscode';
import type { CoverField, CoverPresetId } from '../../core/cover/presets';
import type { CreditMarkdown } from '../../core/insert/credit';
import { COVER_MARKERS, COVER_PRESETS, coverFields, detectPreset } from '../../core/cover/presets';
import type { SiteFolder } from '../../core/insert/destination';
import { SITE_FOLDER_DEFAULTS } from '../../core/insert/destination';
import type { PhotoSize, PhotoSizeResult } from '../../core/insert/sizes';
import { photoSizeRefusal, readPhotoSize } from '../../core/insert/sizes';
import { inEnglish } from '../../core/l10n';
import { setAnywhere } from '../insert/settings';

export interface CoverConfig {
  readonly preset: CoverPresetId | 'custom';
  readonly fields: readonly CoverField[];
  /** The Markdown the caption (`{credit}`) is written in. */
  readonly markdown: CreditMarkdown;
  readonly size: PhotoSize;
  /** Where the preset's site serves saved covers from, when a link relative to the page would not reach them. */
  readonly siteFolder: SiteFolder | undefined;
}

/** A site configuration read to tell the theme (PaperMod's name in a Hugo config): at most this much of it. */
const CONFIG_READ_MAX = 256 * 1024;

/**
 * The sites whose front matter images are site paths: Hugo (PaperMod reads a relative cover
 * only from a page bundle, `cover.relative`), Jekyll and Docusaurus serve their static folder.
 * Astro's `heroImage` and Obsidian's banners take a path relative to the page.
 */
const SITE_FOLDERS: Partial<Record<CoverPresetId, SiteFolder>> = {
  'hugo-papermod': SITE_FOLDER_DEFAULTS.hugo,
  'hugo-images': SITE_FOLDER_DEFAULTS.hugo,
  'jekyll-seo': SITE_FOLDER_DEFAULTS.jekyll,
  'minimal-mistakes': SITE_FOLDER_DEFAULTS.jekyll,
  docusaurus: SITE_FOLDER_DEFAULTS.docusaurus,
};

/** Which markers of a site generator are at the root of `folder`, with the text of the small files among them. */
async function markersIn(folder: vscode.Uri): Promise<{ present: string[]; texts: Map<string, string> }> {
  const present: string[] = [];
  const texts = new Map<string, string>();
  await Promise.all(
    COVER_MARKERS.map(async (name) => {
      const uri = vscode.Uri.joinPath(folder, name);
      let stat: vscode.FileStat;
      try {
        stat = await vscode.workspace.fs.stat(uri);
      } catch {
        return;
      }
      present.push(name);
      if ((stat.type & vscode.FileType.File) === 0 || stat.size > CONFIG_READ_MAX) return;
      try {
        texts.set(name, new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      } catch {
        // Unreadable: the rule reads it as it can (presets.ts detectPreset).
      }
    }),
  );
  return { present, texts };
}

/** The preset `auto` stands for in the document's workspace folder (none outside a folder). */
async function detected(document: vscode.TextDocument): Promise<CoverPresetId | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(document.uri);
  if (!folder) return undefined;
  const { present, texts } = await markersIn(folder.uri);
  return detectPreset(present, (name) => texts.get(name));
}

/**
 * `stockMedia.cover.size` in a document's cover settings: undefined when the user set it
 * nowhere (the cover preset's size applies), else the size or why the value names none.
 */
function readCoverSize(cfg: vscode.WorkspaceConfiguration): PhotoSizeResult | undefined {
  const value = cfg.get<unknown>('size');
  if (!setAnywhere(cfg.inspect('size')) || (typeof value === 'string' && value.trim() === '')) return undefined;
  return readPhotoSize(value, 'stockMedia.cover.size');
}

function messageOf(result: { ok: true } | { ok: false; message: string }): string {
  return result.ok ? '' : result.message;
}

/** The cover's settings for `document`, or why they name no cover (a broken custom map, a size that is none), also in English (what the agent's tool answers); `preset` instead of the setting's (the agent's tool). */
export async function readCoverConfig(document: vscode.TextDocument, preset?: CoverPresetId | 'auto'): Promise<CoverConfig | { message: string; english: string }> {
  const cfg = vscode.workspace.getConfiguration('stockMedia.cover', { uri: document.uri, languageId: document.languageId });
  const setting = preset ?? cfg.get<unknown>('preset');
  // Detection reads files: only for `auto` (or a value that is no preset, which counts as auto).
  const auto = setting !== 'custom' && !(COVER_PRESETS as readonly unknown[]).includes(setting);
  const found = auto ? await detected(document) : undefined;
  const fieldsOf = (): ReturnType<typeof coverFields> => coverFields(setting, found, cfg.get<unknown>('fields'));
  const fields = fieldsOf();
  if (!fields.ok) return { message: fields.message, english: inEnglish(() => messageOf(fieldsOf())) };
  const sizeSetting = readCoverSize(cfg) ?? readPhotoSize(fields.defaultSize, 'stockMedia.cover.size');
  if ('message' in sizeSetting) return { message: sizeSetting.message, english: inEnglish(() => photoSizeRefusal(sizeSetting.setting)) };
  const siteFolder = fields.preset === 'custom' ? undefined : SITE_FOLDERS[fields.preset];
  return { preset: fields.preset, fields: fields.fields, markdown: fields.markdown, size: sizeSetting.size, siteFolder };
}
