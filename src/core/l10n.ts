// User-facing text from core and api goes through here, so the host can hand in
// vscode.l10n.t and every sentence is translated; plain Node (unit tests) gets English.
// Placeholders are {0}, {1}… as in vscode.l10n.t.

export type Translate = (message: string, ...args: (string | number | boolean)[]) => string;

export function formatMessage(message: string, args: readonly (string | number | boolean)[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? whole : String(value);
  });
}

let translate: Translate = (message, ...args) => formatMessage(message, args);

export const l10n = {
  t(message: string, ...args: (string | number | boolean)[]): string {
    return translate(message, ...args);
  },
};

export function setTranslator(fn: Translate): void {
  translate = fn;
}
