// A reason nothing was inserted, worded for the user (the host shows `message` as is), and in
// English for a model (the agent's tools): made from a function of core's l10n.t, the sentence
// is said once in each.
import { inEnglish } from '../l10n';

export interface InsertErrorOptions {
  /** A download or save failed: inserting a link instead (which needs no download) can still work. */
  readonly offerLink?: boolean;
  /** The sentence in English, when `message` is given made (in the display language). */
  readonly english?: string;
}

export class InsertError extends Error {
  /** Decided where the error is made, not read from the (translated) message. */
  readonly offerLink: boolean;
  /** The sentence in English (what the agent's tools answer); `message` when it was given made without one. */
  readonly english: string;

  /** `message`: the sentence as a function of core's l10n.t (said in the display language and in English), or one already made. */
  constructor(message: string | (() => string), options: InsertErrorOptions = {}) {
    super(typeof message === 'string' ? message : message());
    this.name = 'InsertError';
    this.offerLink = options.offerLink === true;
    this.english = typeof message === 'string' ? (options.english ?? message) : inEnglish(message);
  }
}

export function isInsertError(value: unknown): value is InsertError {
  return value instanceof InsertError;
}
