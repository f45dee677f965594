// The `stockMedia.insert.*` settings for one document: read at insert time with the
// document as scope, so folder settings and `[markdown]`-style language overrides apply.
import * as vscode from 'vscode';
import type { CreditLanguageSetting } from '../../core/insert/creditWords';
import { isCreditLanguageSetting } from '../../core/insert/creditWords';
import type { HtmlCreditStyle } from '../../core/insert/formats';
import type { InsertMode, InsertSettings } from '../../core/insert/plan';
import { INSERT_MODES } from '../../core/insert/plan';
import type { VideoQuality } from '../../core/insert/variants';
import { isVideoQuality } from '../../core/insert/variants';
import type { PhotoSizeResult } from '../../core/insert/sizes';
import { DEFAULT_PHOTO_SIZE, readPhotoSize } from '../../core/insert/sizes';
import { DEFAULT_FILE_NAME_TEMPLATE } from '../../core/insert/naming';

export const INSERT_SECTION = 'stockMedia.insert';

// The modes are core's (the insert arguments' check reads them too).
export type { InsertMode };
export { INSERT_MODES };

export interface InsertConfig extends Omit<InsertSettings, 'photoSize'> {
  /** `stockMedia.insert.size` (or the deprecated `photoVariant`), or why its value names no size. */
  readonly photoSize: PhotoSizeResult;
  /** Whether the size is the user's (stockMedia.insert.size or photoVariant set anywhere), not the default. */
  readonly photoSizeSet: boolean;
  /** `stockMedia.insert.fileName`: the saved file's name (naming.ts placeholders). */
  readonly fileName: string;
  /** `stockMedia.insert.siteFolder` and `siteUrlPath`: a folder of the site's files and the path it is served at (destination.ts). */
  readonly siteFolder: string;
  readonly siteUrlPath: string;
  /** `stockMedia.insert.pageBundles`: a Hugo page bundle's files go next to its `index.md`. */
  readonly pageBundles: boolean;
  readonly mode: InsertMode;
  /** `stockMedia.insert.creditLanguage`: the credit's language (`auto`: the display language). */
  readonly creditLanguage: CreditLanguageSetting;
  readonly downloadFolder: string;
  /** `markdown.copyFiles.destination` for the document (a glob → destination map). */
  readonly copyFilesDestination: unknown;
}

export const DEFAULT_VIDEO_QUALITY: VideoQuality = 'hd';

export function isInsertMode(value: unknown): value is InsertMode {
  return (INSERT_MODES as readonly unknown[]).includes(value);
}

type Inspected = ReturnType<vscode.WorkspaceConfiguration['inspect']>;

/** Whether the user set the setting anywhere (user, workspace, folder, or for a language there). */
export function setAnywhere(inspected: Inspected): boolean {
  if (!inspected) return false;
  const { globalValue, workspaceValue, workspaceFolderValue, globalLanguageValue, workspaceLanguageValue, workspaceFolderLanguageValue } = inspected;
  return [globalValue, workspaceValue, workspaceFolderValue, globalLanguageValue, workspaceLanguageValue, workspaceFolderLanguageValue].some(
    (v) => v !== undefined,
  );
}

/** `stockMedia.insert.size`; where the user set it nowhere, the deprecated `photoVariant` they may have set; else `large`. */
function readSize(cfg: vscode.WorkspaceConfiguration): PhotoSizeResult {
  if (setAnywhere(cfg.inspect('size'))) return readPhotoSize(cfg.get<unknown>('size'), 'stockMedia.insert.size');
  if (setAnywhere(cfg.inspect('photoVariant'))) return readPhotoSize(cfg.get<unknown>('photoVariant'), 'stockMedia.insert.photoVariant');
  return { size: DEFAULT_PHOTO_SIZE };
}

export function readInsertConfig(scope: { uri?: vscode.Uri; languageId: string }): InsertConfig {
  const target: vscode.ConfigurationScope = scope.uri ? { uri: scope.uri, languageId: scope.languageId } : { languageId: scope.languageId };
  const cfg = vscode.workspace.getConfiguration(INSERT_SECTION, target);
  /** The setting's value when `valid` takes it, else `fallback`. */
  const read = <T>(key: string, valid: (value: unknown) => value is T, fallback: T): T => {
    const value = cfg.get<unknown>(key);
    return valid(value) ? value : fallback;
  };
  const isText = (value: unknown): value is string => typeof value === 'string';
  return {
    photoSize: readSize(cfg),
    photoSizeSet: setAnywhere(cfg.inspect('size')) || setAnywhere(cfg.inspect('photoVariant')),
    fileName: read('fileName', (value): value is string => isText(value) && value.trim() !== '', DEFAULT_FILE_NAME_TEMPLATE),
    siteFolder: read('siteFolder', isText, ''),
    siteUrlPath: read('siteUrlPath', isText, ''),
    pageBundles: cfg.get<unknown>('pageBundles') !== false,
    videoQuality: read('videoQuality', isVideoQuality, DEFAULT_VIDEO_QUALITY),
    credit: read('credit', (value): value is boolean => typeof value === 'boolean', true),
    htmlCredit: cfg.get<unknown>('htmlCredit') === 'paragraph' ? 'paragraph' : ('figure' satisfies HtmlCreditStyle),
    responsive: cfg.get<unknown>('responsive') === true,
    mode: read('mode', isInsertMode, 'link'),
    creditLanguage: read('creditLanguage', isCreditLanguageSetting, 'auto'),
    downloadFolder: read('downloadFolder', isText, ''),
    templates: read('templates', (value): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value), {}),
    copyFilesDestination: vscode.workspace.getConfiguration('markdown', target).get<unknown>('copyFiles.destination'),
  };
}
