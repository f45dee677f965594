// VS Code's own rules for turning text into links and icons, for the tests that check that
// a value from settings or the service never becomes one. Pure Node: no 'vscode' here.
import * as assert from 'node:assert/strict';

/**
 * Links in notification, dialog and quick input text (src/vs/base/common/linkedText.ts in
 * microsoft/vscode): `[label](target "title")` with a target starting `http://`,
 * `https://`, `command:` or `file:`.
 */
export const LINKED_TEXT = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;

/** Icons in quick pick items, the status bar and labels: `$(name)`, `$(name~spin)`. */
export const THEME_ICON = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/i;

/** The targets of the links VS Code would make of a notification's text. */
export function linkedTextLinks(text: string): string[] {
  return [...text.matchAll(LINKED_TEXT)].map((m) => m[2] ?? '');
}

/** Text shown by VS Code as it is (a notification, a quick pick item, a prompt): no link, no icon. */
export function assertInertText(text: string, what: string): void {
  assert.deepEqual(linkedTextLinks(text), [], `${what}: VS Code would make a link of ${JSON.stringify(text)}`);
  assert.doesNotMatch(text, THEME_ICON, `${what}: VS Code would show an icon for ${JSON.stringify(text)}`);
  assert.doesNotMatch(text, /[\r\n]/, `${what}: one line`);
}
