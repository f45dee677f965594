// The `stockMedia.insert.*` settings for one document: read at insert time with the
// document as scope, so folder settings and `[markdown]`-style language overrides apply.
import * as vscode from 'vscode';
import type { PhotoVariant } from '../../core/model';
import type { CreditLanguageSetting } from '../../core/insert/creditWords';
import { isCreditLanguageSetting } from '../../core/insert/creditWords';
import type { HtmlCreditStyle } from '../../core/insert/formats';
import type { InsertMode, InsertSettings } from '../../core/insert/plan';
import { INSERT_MODES } from '../../core/insert/plan';
import type { VideoQuality } from '../../core/insert/variants';
import { isPhotoVariant, isVideoQuality } from '../../core/insert/variants';

export const INSERT_SECTION = 'stockMedia.insert';

// The modes are core's (the insert arguments' check reads them too).
export type { InsertMode };
export { INSERT_MODES };

export interface InsertConfig extends InsertSettings {
  readonly mode: InsertMode;
  /** `stockMedia.insert.creditLanguage`: the credit's language (`auto`: the display language). */
  readonly creditLanguage: CreditLanguageSetting;
  readonly downloadFolder: string;
  /** `markdown.copyFiles.destination` for the document (a glob → destination map). */
  readonly copyFilesDestination: unknown;
}

export const DEFAULT_PHOTO_VARIANT: PhotoVariant = 'large';
export const DEFAULT_VIDEO_QUALITY: VideoQuality = 'hd';

export function isInsertMode(value: unknown): value is InsertMode {
  return (INSERT_MODES as readonly unknown[]).includes(value);
}

export function readInsertConfig(scope: { uri?: vscode.Uri; languageId: string }): InsertConfig {
  const target: vscode.ConfigurationScope = scope.uri ? { uri: scope.uri, languageId: scope.languageId } : { languageId: scope.languageId };
  const cfg = vscode.workspace.getConfiguration(INSERT_SECTION, target);
  const photoVariant = cfg.get<unknown>('photoVariant');
  const videoQuality = cfg.get<unknown>('videoQuality');
  const credit = cfg.get<unknown>('credit');
  const htmlCredit = cfg.get<unknown>('htmlCredit');
  const mode = cfg.get<unknown>('mode');
  const creditLanguage = cfg.get<unknown>('creditLanguage');
  const downloadFolder = cfg.get<unknown>('downloadFolder');
  const templates = cfg.get<unknown>('templates');
  const responsive = cfg.get<unknown>('responsive');
  return {
    photoVariant: isPhotoVariant(photoVariant) ? photoVariant : DEFAULT_PHOTO_VARIANT,
    videoQuality: isVideoQuality(videoQuality) ? videoQuality : DEFAULT_VIDEO_QUALITY,
    credit: typeof credit === 'boolean' ? credit : true,
    htmlCredit: htmlCredit === 'paragraph' ? 'paragraph' : ('figure' satisfies HtmlCreditStyle),
    responsive: responsive === true,
    mode: isInsertMode(mode) ? mode : 'link',
    creditLanguage: isCreditLanguageSetting(creditLanguage) ? creditLanguage : 'auto',
    downloadFolder: typeof downloadFolder === 'string' ? downloadFolder : '',
    templates: typeof templates === 'object' && templates !== null && !Array.isArray(templates) ? (templates as Record<string, unknown>) : {},
    copyFilesDestination: vscode.workspace.getConfiguration('markdown', target).get<unknown>('copyFiles.destination'),
  };
}
