// The "Real answers read" rows of the bench: every item of every file in ../shared/real-responses
// (when that folder is beside the repository) read through the client and the model, as
// test/realAnswers/read.ts does for the unit test. Pure computation: no VS Code, no server.
import { hasRealAnswers, readRealAnswers, realAnswersDir } from '../realAnswers/read';
import type { RealAnswersResult } from '../realAnswers/read';
import type { Row } from './table';

/** The result, or undefined when the shared folder is not there (then the rows are left out). */
export async function runRealAnswersBench(log: (line: string) => void): Promise<RealAnswersResult | undefined> {
  if (!hasRealAnswers()) {
    log(`[bench] Real answers: no shared folder at ${realAnswersDir()}; their rows are left out`);
    return undefined;
  }
  const result = await readRealAnswers();
  log(`[bench] Real answers: ${result.read} of ${result.items} items read from ${result.files.length} files`);
  for (const file of result.files) {
    if (file.read !== file.items || file.problems.length > 0) log(`[bench]   ${file.file}: ${file.read} of ${file.items} read; ${file.problems.join('; ')}`);
  }
  return result;
}

export function realAnswersRows(result: RealAnswersResult | undefined, error?: string): Row[] {
  if (!result && !error) return [];
  const err = error ? { error } : {};
  const refused = result?.files.filter((f) => f.read !== f.items) ?? [];
  return [
    {
      measure: 'Real answers read',
      unit: 'items',
      values: result ? [result.read] : [],
      target: null,
      ...(result
        ? {
            note: `${result.read}/${result.items} items of ${result.files.length} files in ../shared/real-responses (SOURCES.md counts ${result.itemsPerSources}), through the client's envelope checks and the model`,
          }
        : {}),
      ...err,
    },
    {
      measure: '  items not read',
      unit: 'items',
      values: result ? [result.items - result.read] : [],
      target: { op: '<=', value: 0, everyRun: true },
      ...(result ? { note: refused.length ? refused.map((f) => `${f.file}: ${f.items - f.read}`).join('; ') : 'every item of every file' } : {}),
      ...err,
    },
  ];
}
