// The service's media in one document and their credit lines: which URLs there are, whether
// each is credited (core/creditCheck.ts), and the edit that adds the missing credit: the
// credit the insert command writes for that document (its format, the credit language
// setting), where the insert would have put it.
import * as vscode from 'vscode';
import type { CreditNames } from '../../core/creditCheck';
import { CreditContext, creditInsertText, creditPlacementIn } from '../../core/creditCheck';
import { creditFor } from '../../core/insert/formats';
import { creditWordsFor } from '../../core/insert/creditWords';
import type { CreditFacts } from '../../core/insert/facts';
import { creditFacts } from '../../core/insert/facts';
import { atSignIsSyntax, formatFamily } from '../../core/insert/languages';
import type { MediaRefMatch } from '../../core/mediaRefs';
import { mediaRefKey } from '../../core/mediaRefs';
import { mediaUsesIn } from '../../core/mediaUses';
import { mediaUrlOptions } from '../../core/mediaUrl';
import type { MediaItem } from '../../core/model';
import type { Services } from '../services';
import { readInsertConfig } from '../insert/settings';

/** The media a document uses (`text`: its text now): links outside code (core/mediaUses.ts). */
export function mediaRefsIn(services: Services, document: Pick<vscode.TextDocument, 'languageId'>, text: string): MediaRefMatch[] {
  // As Open Photo or Video by URL reads them: pages under the service URL, files on its hosts.
  return mediaUsesIn(text, mediaUrlOptions(services.config), formatFamily(document.languageId));
}

/** The credit's facts for a document: the service from the settings, the words in the credit language for it. */
export function documentCreditFacts(services: Services, document: vscode.TextDocument, media: MediaItem): CreditFacts {
  const config = readInsertConfig({ uri: document.uri, languageId: document.languageId });
  return creditFacts(media, {
    serviceName: services.config.serviceName,
    serviceUrl: services.config.serviceUrl,
    creditWords: creditWordsFor(config.creditLanguage, vscode.env.language),
  });
}

export function creditNames(facts: CreditFacts): CreditNames {
  return { author: facts.author, serviceName: facts.serviceName };
}

const contexts = new WeakMap<vscode.TextDocument, { readonly version: number; readonly credit: CreditContext }>();

/**
 * The document's text as the credit rule reads it (core/creditCheck.ts), read once per
 * version: the check, its quick fixes and the hover share it, so a scroll or a hover does not
 * read a large page again.
 */
export function documentCredit(document: vscode.TextDocument): CreditContext {
  const family = formatFamily(document.languageId);
  const kept = contexts.get(document);
  if (kept && kept.version === document.version && kept.credit.family === family) return kept.credit;
  const credit = new CreditContext(document.getText(), family);
  contexts.set(document, { version: document.version, credit });
  return credit;
}

/** Whether the media at `ref` (offsets into the document's text) is credited nearby. */
export function isCredited(services: Services, document: vscode.TextDocument, credit: CreditContext, ref: MediaRefMatch, media: MediaItem): boolean {
  return credit.credited(ref, creditNames(documentCreditFacts(services, document, media)));
}

/** Where the credit for `ref` goes and what is inserted there. */
export function creditInsertion(services: Services, document: vscode.TextDocument, credit: CreditContext, ref: MediaRefMatch, media: MediaItem): { offset: number; text: string } {
  const placement = creditPlacementIn(credit, ref);
  const eol = document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n';
  // In the syntax of the document's format, as the insert command writes it.
  const line = creditFor(documentCreditFacts(services, document, media), credit.family, atSignIsSyntax(document.languageId));
  return { offset: placement.offset, text: creditInsertText(placement, line, credit.family, eol) };
}

/** The credits of the media at `refs`, one per media and place: the same media twice in a paragraph gets one. */
export function creditInsertions(
  services: Services,
  document: vscode.TextDocument,
  credit: CreditContext,
  refs: readonly { readonly ref: MediaRefMatch; readonly media: MediaItem }[],
): { offset: number; text: string }[] {
  const byKey = new Map<string, { offset: number; text: string }>();
  for (const { ref, media } of refs) {
    const insertion = creditInsertion(services, document, credit, ref, media);
    const key = `${insertion.offset} ${mediaRefKey(ref)}`;
    if (!byKey.has(key)) byKey.set(key, insertion);
  }
  return [...byKey.values()];
}

/** One edit (one undo step) adding every insertion; those at the same place are joined in order. */
export function insertionsEdit(document: vscode.TextDocument, insertions: readonly { offset: number; text: string }[]): vscode.WorkspaceEdit {
  const byOffset = new Map<number, string>();
  for (const i of insertions) byOffset.set(i.offset, (byOffset.get(i.offset) ?? '') + i.text);
  const edit = new vscode.WorkspaceEdit();
  for (const [offset, value] of byOffset) edit.insert(document.uri, document.positionAt(offset), value);
  return edit;
}
