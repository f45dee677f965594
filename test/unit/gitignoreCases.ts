// The table-driven part of the .gitignore tests (gitignore.test.ts, creditsFile.test.ts): one
// test per path, that the rules ignore or keep it as the table says git does, and the rules of
// one .gitignore text.
import assert from 'node:assert/strict';
import { GitignoreRules } from '../../src/core/credits/gitignore';

/**
 * A test per `[path, ignored]`: the rules of `files` (each folder's .gitignore text, the root's
 * under '') ignore `path` exactly when `ignored`.
 */
export function itIgnoresAsTabled(files: Readonly<Record<string, string>>, cases: readonly (readonly [path: string, ignored: boolean])[]): void {
  const rules = new GitignoreRules();
  for (const [base, text] of Object.entries(files)) rules.add(text, base);
  for (const [path, ignored] of cases) {
    it(`${path}: ${ignored ? 'ignored' : 'kept'}`, () => assert.equal(rules.ignores(path), ignored));
  }
}

/** The rules of one .gitignore text, in `base` (the root when omitted). */
export function gitignoreOf(text: string, base?: string): GitignoreRules {
  const rules = new GitignoreRules();
  rules.add(text, base);
  return rules;
}
