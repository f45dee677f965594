// A reason nothing was inserted, worded for the user (the host shows `message` as is).
export class InsertError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InsertError';
  }
}

export function isInsertError(value: unknown): value is InsertError {
  return value instanceof InsertError;
}
