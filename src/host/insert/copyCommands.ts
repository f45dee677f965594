// Copy Image Address, Copy Credit and Open on the service, for media already read from a
// command's argument; and the insert's text copied to the clipboard when no editor is open.
import * as vscode from 'vscode';
import { creditPlain } from '../../core/insert/credit';
import { creditWordsFor } from '../../core/insert/creditWords';
import { creditFacts, mediaFacts } from '../../core/insert/facts';
import { familyLabel } from '../../core/insert/languages';
import { renderPlan } from '../../core/insert/plan';
import type { Shell } from '../shell';
import type { InsertArgs } from '../common/commandArgs';
import { copiedNote } from './messages';
import type { VariantChoice } from './pickVariant';
import { photoSizeFor, planAll, serviceOf } from './planning';
import type { InsertConfig } from './settings';
import { plainText } from './snippets';

/** Copies the address of the media's file (the variant and quality the settings choose); resolves with it. */
export async function copyUrl(shell: Shell, args: InsertArgs, config: InsertConfig): Promise<string> {
  const facts = mediaFacts(args.media, {
    ...serviceOf(shell),
    photoSize: photoSizeFor(args, {}, config),
    videoQuality: config.videoQuality,
    videoFileId: args.videoFileId,
  });
  await vscode.env.clipboard.writeText(facts.url);
  vscode.window.setStatusBarMessage(
    facts.kind === 'photo'
      ? vscode.l10n.t('Copied the address of the {0} image.', facts.variant)
      : vscode.l10n.t('Copied the address of the {0} video file.', facts.variant),
    4000,
  );
  return facts.url;
}

/** Copies the media's credit line as plain text, in the credit language the settings choose; resolves with it. */
export async function copyCredit(shell: Shell, args: InsertArgs, config: InsertConfig): Promise<string> {
  const creditWords = creditWordsFor(config.creditLanguage, vscode.env.language);
  const credit = creditPlain(creditFacts(args.media, { ...serviceOf(shell), creditWords }));
  await vscode.env.clipboard.writeText(credit);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the credit line.'), 4000);
  return credit;
}

/** Opens the media's page on the service; false (with a warning) when it has no safe https page. */
export async function openOnService(shell: Shell, args: InsertArgs): Promise<boolean> {
  const page = creditFacts(args.media, serviceOf(shell)).pageUrl;
  if (!page) {
    void vscode.window.showWarningMessage(
      args.media.kind === 'photo'
        ? vscode.l10n.t('This photo has no safe https page address to open.')
        : vscode.l10n.t('This video has no safe https page address to open.'),
    );
    return false;
  }
  return vscode.env.openExternal(vscode.Uri.parse(page, true));
}

/** No editor to insert into: the insert's text (links, never saved files) goes to the clipboard, with a note. */
export async function copyInstead(shell: Shell, all: readonly InsertArgs[], choice: VariantChoice): Promise<{ text: string; note: string }> {
  const { plans } = planAll(shell, all, choice, { languageId: all[0]?.languageId ?? 'markdown' });
  const family = plans[0]?.family ?? 'markdown';
  const text = plainText(plans.map((p) => renderPlan(p)), family);
  await vscode.env.clipboard.writeText(text);
  const note = copiedNote(plans, familyLabel(family));
  void vscode.window.showInformationMessage(note);
  return { text, note };
}
