// What the mocha entry (index.ts) takes from the Node extension host: the options from the
// environment the runner sets (test/host/testEnv.ts), mocha's Node build with the *.test.js
// files beside the entry's bundle, the report appended to a file the runner tails to its
// terminal, the result written to a file it reads. The web bundle puts
// test/vscode-web/testHost.ts in its place.
import { appendFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import { COLOR_ENV, GREP_ENV, REPORT_ENV, RESULT_ENV } from '../host/testEnv';
import type { TestResult } from '../host/testEnv';

export interface TestHost {
  /** A line the report opens with, naming the host; '' for none. */
  readonly title: string;
  /** mocha set up for the run with the test files; its `run` throws when one throws while loading. */
  mocha(): { run(done: (failures: number) => void): Mocha.Runner };
  /** The reporters' base, whose consoleLog every reporter line goes through. */
  readonly reporter: { consoleLog: (...args: unknown[]) => void };
  /** console's formatting of a call's arguments. */
  format(args: unknown[]): string;
  report(text: string): void;
  result(result: TestResult): void;
}

export function testHost(): Promise<TestHost> {
  const report = process.env[REPORT_ENV];
  const result = process.env[RESULT_ENV];
  return Promise.resolve({
    title: '',
    mocha: () => {
      const grep = process.env[GREP_ENV];
      const mocha = new Mocha({ ui: 'bdd', timeout: 20_000, reporter: 'spec', color: process.env[COLOR_ENV] === '1', ...(grep ? { grep } : {}) });
      const files = readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.test.js')).sort();
      if (files.length === 0) throw new Error(`No *.test.js files next to ${__filename}; was the test build run?`);
      for (const file of files) mocha.addFile(join(__dirname, file));
      return mocha;
    },
    reporter: Mocha.reporters.Base,
    format: (args) => format(...args),
    report: (text) => {
      if (report) appendFileSync(report, text);
    },
    result: (value) => {
      if (result) writeFileSync(result, JSON.stringify(value) + '\n');
    },
  });
}
