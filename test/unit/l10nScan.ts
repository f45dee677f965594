// Finds every translatable message in src/: the first argument of `vscode.l10n.t(…)` (host)
// and of `l10n.t(…)` (core and api, src/core/l10n.ts). Parsed with the TypeScript compiler,
// so comments, template substitutions and regular expressions cannot fool it. Used by the
// l10n unit test and by the bundle export (scripts/l10nExport.ts).
//
// Why not only `@vscode/l10n-dev export`: its analyser looks only at files that import
// `l10n` from 'vscode' or '@vscode/l10n' (it skips a file whose text does not even contain
// "vscode"). Core and api import `l10n` from src/core/l10n.ts, because they must not
// import 'vscode', so every message there is invisible to it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface Message {
  readonly message: string;
  /** `src/…/file.ts:line`. */
  readonly where: string;
}

export interface ScanResult {
  readonly messages: readonly Message[];
  /** Calls whose message is not a plain string literal (no extractor can read them). */
  readonly problems: readonly string[];
}

/**
 * The one call allowed a non-literal message: host/common/translator.ts hands vscode.l10n.t to
 * core as its translator, so core's literal messages reach it through a variable.
 */
const TRANSLATOR_BRIDGE = { file: 'src/host/common/translator.ts', calls: 1 };

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.ts$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
    });
}

/** `l10n.t` or `vscode.l10n.t` (any namespace name for 'vscode' is not used in this code base). */
function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 't') return false;
  const owner = callee.expression;
  if (ts.isIdentifier(owner)) return owner.text === 'l10n';
  return ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n' && ts.isIdentifier(owner.expression) && owner.expression.text === 'vscode';
}

export function scanFile(path: string, root: string): ScanResult {
  return scanText(readFileSync(path, 'utf8'), relative(root, path).split('\\').join('/'));
}

/** `file` is the repository-relative path, used in `where` and for the translator bridge. */
export function scanText(text: string, file: string): ScanResult {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const messages: Message[] = [];
  const nonLiteral: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTranslateCall(node)) {
      const where = `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
        messages.push({ message: first.text, where });
      } else {
        nonLiteral.push(`${where}: ${node.getText(source).slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const allowed = file === TRANSLATOR_BRIDGE.file ? TRANSLATOR_BRIDGE.calls : 0;
  const problems =
    nonLiteral.length > allowed
      ? nonLiteral.map((p) => `${p} — the message must be a string literal (pass values as {0}, {1} arguments)`)
      : [];
  return { messages, problems };
}

export function scanSources(root: string): ScanResult {
  const results = sourceFiles(join(root, 'src')).map((path) => scanFile(path, root));
  return { messages: results.flatMap((r) => r.messages), problems: results.flatMap((r) => r.problems) };
}

/** The distinct messages, in order of first use. */
export function distinctMessages(messages: readonly Message[]): string[] {
  return [...new Set(messages.map((m) => m.message))];
}
