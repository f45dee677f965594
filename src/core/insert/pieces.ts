// What an insert is made of: literal text, and the alt text as the first tab stop. One
// list renders both as a VS Code snippet (for editors) and as plain text (clipboard).
import { escapeSnippet } from './escape';

export type Piece = { readonly text: string } | { readonly tabStop: string };

export const text = (value: string): Piece => ({ text: value });
/** The alt text (already escaped for the document's language), as tab stop 1. */
export const tabStop = (value: string): Piece => ({ tabStop: value });

/**
 * Snippet syntax. Every tab stop of one insert has the same number (1 unless several
 * photos are inserted together), so when a template names the alt text twice both
 * places change together.
 */
export function toSnippet(pieces: readonly Piece[], tabStopNumber = 1): string {
  return pieces.map((p) => ('text' in p ? escapeSnippet(p.text) : `\${${tabStopNumber}:${escapeSnippet(p.tabStop)}}`)).join('');
}

export function toPlainText(pieces: readonly Piece[]): string {
  return pieces.map((p) => ('text' in p ? p.text : p.tabStop)).join('');
}
