// A reason nothing was inserted, worded for the user (the host shows `message` as is).
export interface InsertErrorOptions {
  /** A download or save failed: inserting a link instead (which needs no download) can still work. */
  readonly offerLink?: boolean;
}

export class InsertError extends Error {
  /** Decided where the error is made, not read from the (translated) message. */
  readonly offerLink: boolean;

  constructor(message: string, options: InsertErrorOptions = {}) {
    super(message);
    this.name = 'InsertError';
    this.offerLink = options.offerLink === true;
  }
}

export function isInsertError(value: unknown): value is InsertError {
  return value instanceof InsertError;
}
