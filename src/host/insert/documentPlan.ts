// The settings for the document an insert goes into, and the plan of each item under them
// (core/insert/plan.ts): what the commands, the drop and the paste all start from.
import * as vscode from 'vscode';
import { creditWordsFor } from '../../core/insert/creditWords';
import { InsertError } from '../../core/insert/insertError';
import type { InsertPlan } from '../../core/insert/plan';
import type { PhotoSize } from '../../core/insert/sizes';
import { DEFAULT_PHOTO_SIZE, photoSizeRefusal } from '../../core/insert/sizes';
import { planInsert } from '../../core/insert/plan';
import type { Services } from '../services';
import type { InsertArgs } from '../common/commandArgs';
import type { VariantChoice } from './pickVariant';
import type { InsertConfig } from './settings';

/** The configured service, as the credits and the links name it. */
export function serviceOf(services: Services): { serviceName: string; serviceUrl: string } {
  return { serviceName: services.config.serviceName, serviceUrl: services.config.serviceUrl };
}

/** The document an insert's settings are read for: its URI (none: no editor) and the language to format for. */
export interface Scope {
  readonly uri?: vscode.Uri;
  readonly languageId: string;
}

/** The scope for `args` in `document`: the language the arguments name, else the document's, else Markdown. */
export function scopeOf(args: InsertArgs | undefined, document: vscode.TextDocument | undefined): Scope {
  return { uri: document?.uri, languageId: args?.languageId ?? document?.languageId ?? 'markdown' };
}

/**
 * The photo size for an insert: the command's argument, else the one picked (Insert as…),
 * else the setting; a setting that names no size stops a photo's insert with the reason.
 */
export function photoSizeFor(args: InsertArgs, choice: VariantChoice, config: InsertConfig): PhotoSize {
  if (args.variant !== undefined) return { kind: 'variant', variant: args.variant };
  if (choice.size !== undefined) return choice.size;
  const setting = config.photoSize;
  if ('size' in setting) return setting.size;
  if (args.media.kind === 'photo') throw new InsertError(() => photoSizeRefusal(setting.setting));
  return DEFAULT_PHOTO_SIZE;
}

export function planFor(services: Services, args: InsertArgs, choice: VariantChoice, languageId: string, config: InsertConfig): InsertPlan {
  return planInsert({
    media: args.media,
    languageId,
    ...serviceOf(services),
    settings: { ...config, photoSize: photoSizeFor(args, choice, config) },
    videoFileId: args.videoFileId ?? (args.media.kind === 'video' ? choice.videoFileId : undefined),
    creditWords: creditWordsFor(config.creditLanguage, vscode.env.language),
    ...(args.alt !== undefined ? { alt: args.alt } : {}),
  });
}
