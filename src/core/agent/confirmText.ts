// What the person reads before an agent's tool writes (the prepare step of stockMedia_insert,
// stockMedia_setCover and stockMedia_addCredits): what is written where (the file, the line or
// the front-matter fields), the photographer credited, what is saved. In the person's language
// (core/l10n.ts); every word from the model, the workspace or the service inert Markdown.
// Free of 'vscode': the host wraps the lines in a MarkdownString (host/agent/writeTools.ts,
// creditTools.ts).
import { inert, inertMarkdown } from '../inert';
import { l10n } from '../l10n';

/** The media a write names: its reference, and the name its credit gives when it could be looked up. */
export interface Credited {
  readonly ref: string;
  readonly name?: string;
}

/** Where an insert goes: the line (1-based) and how it was chosen. */
export interface InsertPlace {
  readonly line: number;
  readonly how: 'line' | 'cursor' | 'end';
}

/** The messages of one write: the one shown while it runs, and the confirmation's title and Markdown. */
export interface WriteMessages {
  readonly invocationMessage: string;
  readonly title: string;
  readonly markdown: string;
}

/** The file an input names, as shown when it is not a workspace file (or none was named). */
export function fileShown(file: string | undefined): string {
  return file ?? l10n.t('the active editor’s file');
}

function creditLine(who: Credited, serviceName: string): string {
  const ref = inertMarkdown(who.ref, 100);
  return who.name === undefined
    ? l10n.t('Media: {0}, with its credit line.', ref)
    : l10n.t('Media: {0}, credited to {1} on {2}.', ref, inertMarkdown(who.name, 100), inertMarkdown(serviceName, 80));
}

function bullets(lines: readonly string[]): string {
  return lines.map((l) => `- ${l}`).join('\n');
}

/** While an insert runs in Restricted Mode (it refuses, so nothing is confirmed). */
export function insertingMessage(ref: string, file: string | undefined): string {
  return l10n.t('Inserting {0} into {1}', inert(ref, 100), inert(fileShown(file), 200));
}

/** While a cover is set in Restricted Mode (it refuses, so nothing is confirmed). */
export function settingCoverMessage(ref: string, file: string | undefined): string {
  return l10n.t('Setting {0} as the cover of {1}', inert(ref, 100), inert(fileShown(file), 200));
}

export interface InsertPlan {
  readonly who: Credited;
  readonly video: boolean;
  /** The file's path as shown (workspace-relative when it is a workspace file). */
  readonly file: string;
  /** Where the text goes, when known; else the line the model sent, if any. */
  readonly place: InsertPlace | undefined;
  readonly line: number | undefined;
  /** Whether the file is saved into the workspace first. */
  readonly saves: boolean;
  readonly serviceName: string;
}

/** stockMedia_insert: the file and line, the photographer credited, whether a file is saved. */
export function insertMessages(plan: InsertPlan): WriteMessages {
  const shown = inertMarkdown(plan.file, 300);
  const line = plan.place?.line ?? plan.line;
  const where =
    line === undefined
      ? l10n.t('Into: {0}.', shown)
      : plan.place?.how === 'cursor'
        ? l10n.t('Into: {0}, at the cursor, line {1}.', shown, line)
        : plan.place?.how === 'end'
          ? l10n.t('Into: {0}, at its end, line {1}.', shown, line)
          : l10n.t('Into: {0}, at line {1}.', shown, line);
  const saves = plan.saves
    ? l10n.t('The file is saved into the workspace first, and the text links the saved file.')
    : l10n.t('Nothing is saved: the text links the file on {0}.', inertMarkdown(plan.serviceName, 80));
  return {
    invocationMessage: l10n.t('Inserting {0} into {1}', inert(plan.who.ref, 100), inert(plan.file, 300)),
    title: plan.video ? l10n.t('Insert a stock video?') : l10n.t('Insert a stock photo?'),
    markdown: bullets([where, creditLine(plan.who, plan.serviceName), saves]),
  };
}

export interface CoverPlan {
  readonly who: Credited;
  readonly file: string;
  /** The front-matter fields the preset writes (`image.path`…), when the page's format could be read. */
  readonly keys: readonly string[] | undefined;
  readonly replace: boolean;
  /** Whether the image is saved into the workspace first. */
  readonly saves: boolean;
  readonly serviceName: string;
}

/** stockMedia_setCover: the page and the fields, the photographer credited, whether a cover is replaced, what is saved. */
export function coverMessages(plan: CoverPlan): WriteMessages {
  const shown = inertMarkdown(plan.file, 300);
  const keys = plan.keys && plan.keys.length > 0 ? plan.keys.map((k) => inertMarkdown(k, 100)).join(', ') : undefined;
  return {
    invocationMessage: l10n.t('Setting {0} as the cover of {1}', inert(plan.who.ref, 100), inert(plan.file, 300)),
    title: l10n.t('Set the cover image?'),
    markdown: bullets([
      keys ? l10n.t('Into the front matter of {0}: {1}.', shown, keys) : l10n.t('Into the front matter of {0}.', shown),
      creditLine(plan.who, plan.serviceName),
      plan.replace ? l10n.t('A cover the page already has is replaced.') : l10n.t('A cover the page already has is kept: then nothing is written.'),
      ...(plan.saves ? [l10n.t('The image is saved into the workspace first, and the cover links the saved file.')] : []),
    ]),
  };
}

/** A credit line stockMedia_addCredits would add: the file as shown, the line (0-based) and its text. */
export interface PlannedCredit {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The most credit lines a confirmation lists (the rest counted). */
export const CONFIRM_LINES_MAX = 20;

/** While stockMedia_addCredits runs: `files` is the model's list, already inert, or undefined for the workspace. */
export function addingCreditsMessage(files: string | undefined): string {
  return files ? l10n.t('Adding the missing stock media credits in {0}', files) : l10n.t('Adding the missing stock media credits in the workspace');
}

/** stockMedia_addCredits: each credit line and where it goes, or that nothing is missing; `planned` undefined when the files could not be read (the call then says why). */
export function addCreditsMessages(files: string | undefined, planned: readonly { shown: string; added: readonly { line: number; text: string }[] }[] | undefined): WriteMessages {
  const invocationMessage = addingCreditsMessage(files);
  const title = l10n.t('Add missing credit lines?');
  if (!planned) return { invocationMessage, title, markdown: l10n.t('Adds the missing credit lines of the stock photos and videos in these files, where the credit check’s quick fix puts them.') };
  const lines: PlannedCredit[] = planned.flatMap((file) => file.added.map((added) => ({ file: file.shown, ...added })));
  if (lines.length === 0) return { invocationMessage, title, markdown: l10n.t('No credit line is missing in these files: nothing is written.') };
  const file = inertMarkdown(planned.find((p) => p.added.length > 0)?.shown ?? '', 300);
  const fileCount = new Set(lines.map((l) => l.file)).size;
  const head =
    lines.length === 1
      ? l10n.t('Adds a credit line to {0}, as the credit check’s quick fix writes it:', file)
      : fileCount === 1
        ? l10n.t('Adds {0} credit lines to {1}, as the credit check’s quick fix writes them:', lines.length, file)
        : l10n.t('Adds {0} credit lines to {1} files, as the credit check’s quick fix writes them:', lines.length, fileCount);
  const listed = lines.slice(0, CONFIRM_LINES_MAX).map((l) => `- ${l10n.t('{0}, line {1}: {2}', inertMarkdown(l.file, 300), l.line + 1, inertMarkdown(l.text, 300))}`);
  if (lines.length > CONFIRM_LINES_MAX) listed.push(`- ${l10n.t('and {0} more', lines.length - CONFIRM_LINES_MAX)}`);
  return { invocationMessage, title, markdown: [head, '', ...listed, '', l10n.t('One undo step per file; the files are not saved.')].join('\n') };
}
