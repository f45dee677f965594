// The credit rule (src/core/creditCheck.ts) asked one question of a text: a fresh CreditContext
// each time, as the hover once read a document per link; the unit tests ask it so.
import { CREDIT_LEAD, CreditContext, creditPlacementIn } from '../../src/core/creditCheck';
import type { CreditNames, CreditPlacement, TextSpan } from '../../src/core/creditCheck';
import type { FormatFamily } from '../../src/core/insert/languages';

/** The stretches of text where a credit for the media at `span` counts. */
export function creditScope(text: string, span: TextSpan, family: FormatFamily): TextSpan[] {
  return new CreditContext(text, family).scope(span);
}

/** What a reader sees where a credit for the media at `span` counts. */
export function creditTexts(text: string, span: TextSpan, family: FormatFamily): string[] {
  return new CreditContext(text, family).texts(span);
}

/** Whether the media at `span` in `text` is credited. */
export function hasCreditNear(text: string, span: TextSpan, family: FormatFamily, names: CreditNames): boolean {
  return new CreditContext(text, family).credited(span, names);
}

/** Where the credit for the media at `span` goes, as the insert command would have put it. */
export function creditPlacement(text: string, span: TextSpan, family: FormatFamily): CreditPlacement {
  return creditPlacementIn(new CreditContext(text, family), span);
}

/** Whether a paragraph reads as a credit line, read by regular expressions (the reference CreditContext.isCreditLike answers as). */
export function isCreditLike(paragraph: string): boolean {
  const lead = paragraph
    .replace(/<[^>]*>/g, ' ')
    .replace(/^[\s>*_#~`|-]+/, '')
    .trimStart();
  return CREDIT_LEAD.test(lead);
}
