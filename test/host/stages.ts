// `npm test` and `npm run test:quick`: every check after the one build the npm script does
// first. A step's stages run side by side, at most so many at a time (a free place takes the
// next stage, the longest first), each line of their output prefixed with the stage's name; a
// step starts when the one before has passed. At the end, a table of each stage's result, time
// and test counts, each failed stage's mocha failures again (a CI page may keep only the end of
// the log), and a non-zero exit code naming what failed.
//
//   quick  type check, lint, unit tests | the VS Code suite (Node extension host), one workbench
//   all    type check, lint, unit tests | the VS Code suite in the Node host and in the web worker
//          extension host (one workbench each), the German localisation run and the e2e files
//          (those of a group of test/e2e/files.ts in one workbench), three workbenches at a
//          time | vsix.e2e, alone (it rebuilds the build)
//
// The unit tests run before the workbenches, not beside them: beside them they saved little
// (504 s against 490 s in all on 2026-11-26) and, on a slower machine, took five times as long
// (123 s against 25 s in quick on 2026-11-28), so that a property test of half a second ran over
// its 10 s timeout and failed the run.
//
// Three workbenches at a time: alone, a workbench keeps about one of the two cores busy (the
// rest of a suite's time is waiting: on the workbench, the local servers, timers), so two keep
// the machine nearly busy and a third fills the gaps. Four or more only slow each other: the
// same VS Code suites took 518 CPU-seconds four at a time, 460 two at a time (but 76% busy).
// One queue for the VS Code suites and the e2e files, not one step each, so no step ends with
// one long stage running alone.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ALONE, e2eFiles, e2eRuns } from '../e2e/files';
import { lastSeconds, recordSeconds } from './lastTimes';
import { isPrepared } from './prepare';
import { generatorsMissing } from './prerequisites';
import { repoRoot } from './workspace';

interface Stage {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/** Stages that run side by side, at most `at` at a time. */
interface Step {
  readonly at: number;
  readonly stages: readonly Stage[];
}

interface Outcome {
  readonly stage: Stage;
  readonly ok: boolean;
  readonly seconds: number;
  /** Mocha's closing counts ("12 passing, 1 pending"), when the stage ran mocha. */
  readonly counts: string;
  /** Mocha's list of failures ("1) suite … Error: …"), short, for the recap at the end. */
  readonly failures: string;
  /** How many workbenches it opened (the runners print WORKBENCH_OPENED for each). */
  readonly workbenches: number;
}

/** The line both runners print when a workbench has opened (test/host/run.ts, test/e2e/harness.ts). */
const WORKBENCH_OPENED = /Workbench opened/g;

const root = repoRoot();
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const node = (script: string, ...args: string[]): Stage['args'] => [join(root, 'out', script), ...args];

/** The offline VS Code (cached; minutes the first time) and the Debian packages the tests need. */
const PREPARE: Stage = { name: 'prepare', command: process.execPath, args: node('host/prepare.js') };
const TYPECHECK: Stage = { name: 'typecheck', command: bin('tsc'), args: ['-b'] };
// The cache (out/eslintcache) skips files unchanged since the last lint; the rules read no other file.
const LINT: Stage = { name: 'lint', command: bin('eslint'), args: ['--cache', '--cache-location', 'out/eslintcache', '.'] };
const UNIT: Stage = { name: 'unit', command: bin('mocha'), args: ['--config', 'test/unit/.mocharc.json'] };
/** The VS Code suite (run.js) in the Node extension host and in the web worker extension host. */
const VSCODE: Stage = { name: 'vscode', command: process.execPath, args: node('host/run.js') };
const VSCODE_WEB: Stage = { name: 'vscode-web', command: process.execPath, args: node('host/run.js', '--web') };
const VSCODE_DE: Stage = { name: 'vscode-de', command: process.execPath, args: node('host/run.js', '--locale', 'de', '--grep', 'Localisation') };
/** e2e files that share a workbench (e2e/run.js --file … --file …), or one in a workbench of its own. */
const e2e = (files: readonly string[]): Stage => ({
  name: `e2e-${files.map((file) => file.replace(/\.e2e\.js$/, '')).join('+')}`,
  command: process.execPath,
  args: node('e2e/run.js', ...files.flatMap((file) => ['--file', file])),
});

/**
 * The first step: the checks, and the offline VS Code's preparation beside them, which only reads
 * the cache when it is built. When it is not (a fresh machine), the preparation runs alone first:
 * building it (npm install, native modules) beside the cold type check, lint and unit tests made
 * a unit test overrun its timeout. It runs alone first too when a site generator the unit tests
 * run is missing, which it installs where it can (prerequisites.ts).
 */
function checksAndPrepare(at: number, checks: readonly Stage[]): Step[] {
  return isPrepared() && generatorsMissing() === undefined ? [{ at, stages: [PREPARE, ...checks] }] : [{ at: 1, stages: [PREPARE] }, { at, stages: checks }];
}

/** Steps one after the other; in a step, stages side by side. Made when run: the e2e files are read from out/e2e. */
const PLANS: Record<string, () => readonly Step[]> = {
  quick: () => [
    ...checksAndPrepare(4, [TYPECHECK, LINT, UNIT]),
    { at: 1, stages: [VSCODE] },
  ],
  all: () => {
    const files = e2eFiles();
    return [
      ...checksAndPrepare(4, [TYPECHECK, LINT, UNIT]),
      {
        at: 3,
        stages: [VSCODE, VSCODE_WEB, VSCODE_DE, ...e2eRuns(files.filter((f) => !ALONE.includes(f))).map(e2e)],
      },
      { at: 1, stages: files.filter((f) => ALONE.includes(f)).map((f) => e2e([f])) },
    ];
  },
};

const running = new Set<ChildProcess>();
/** Set on Ctrl+C or SIGTERM: no further stage starts. */
let stopping = false;

function runStage(stage: Stage, width: number): Promise<Outcome> {
  const started = Date.now();
  const prefix = `[${stage.name}]`.padEnd(width + 3);
  let output = '';
  let partial = '';
  const print = (chunk: Buffer): void => {
    const text = partial + chunk.toString('utf8');
    output += chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  };
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.stdout.on('data', print);
    child.stderr.on('data', print);
    const done = (ok: boolean): void => {
      if (partial) process.stdout.write(`${prefix}${partial}\n`);
      const outcome = { stage, ok, seconds: Math.round((Date.now() - started) / 1000), counts: mochaCounts(output), failures: ok ? '' : mochaFailures(output), workbenches: output.match(WORKBENCH_OPENED)?.length ?? 0 };
      process.stdout.write(`${prefix}${ok ? 'passed' : 'FAILED'} in ${outcome.seconds} s${outcome.counts ? ` (${outcome.counts})` : ''}\n`);
      resolve(outcome);
    };
    child.on('error', (error) => {
      process.stdout.write(`${prefix}cannot run ${stage.command}: ${error.message}\n`);
      done(false);
    });
    child.on('close', (code) => {
      running.delete(child);
      done(code === 0);
    });
  });
}

/** The counts of mocha's last summary: "N passing", then "N pending" and "N failing" if any. */
function mochaCounts(output: string): string {
  const start = output.lastIndexOf(' passing');
  if (start < 0) return '';
  const summary = output.slice(output.lastIndexOf('\n', start) + 1);
  return [...summary.matchAll(/^\s*(\d+ (?:passing|pending|failing))/gm)].map((m) => m[1]).join(', ');
}

/**
 * Mocha's failures of a failed stage: its lines from "N failing" to the report's own appendix
 * ("Time per test file"), at most 40, so that the end of a long run's log, often all a CI page
 * keeps, says which test failed and why.
 */
function mochaFailures(output: string): string {
  const start = output.search(/^\s*\d+ failing/m);
  if (start < 0) return '';
  const lines = output.slice(start).split('\n');
  const end = lines.findIndex((line) => line.includes('Time per test file'));
  const kept = lines.slice(0, end < 0 ? lines.length : end).filter((line) => line.trim() !== '');
  return [...kept.slice(0, 40), ...(kept.length > 40 ? [`… ${kept.length - 40} more lines in its log above`] : [])].join('\n');
}

/** Runs a step's stages, `at` at a time, the longest in the last run first; one that fails does not stop the others. */
async function runStep(step: Step, width: number): Promise<Outcome[]> {
  const seconds = lastSeconds('stages');
  const queue = [...step.stages].sort((a, b) => seconds(b.name) - seconds(a.name));
  const outcomes: Outcome[] = [];
  const place = async (): Promise<void> => {
    for (let stage = queue.shift(); stage !== undefined && !stopping; stage = queue.shift()) outcomes.push(await runStage(stage, width));
  };
  await Promise.all(Array.from({ length: Math.min(step.at, queue.length) }, place));
  return outcomes;
}

/** The machine's CPU time so far, busy and in all (s, every core), from /proc/stat; undefined where there is none. */
function cpuTimes(): { busy: number; all: number } | undefined {
  try {
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, ...rest] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const busy = user + nice + system + rest.reduce((a, b) => a + b, 0);
    return { busy: busy / 100, all: (busy + idle + iowait) / 100 };
  } catch {
    return undefined;
  }
}

/**
 * What the whole machine spent since `start`: with nothing else running, the run's cost in
 * CPU-seconds, and whether it was bound by the CPU (cores near 100% busy) or by waiting.
 */
function busyLine(start: ReturnType<typeof cpuTimes>): string {
  const end = cpuTimes();
  if (!start || !end || end.all <= start.all) return '';
  const busy = end.busy - start.busy;
  return `, ${Math.round(busy)} CPU-seconds, the ${cpus().length} cores ${Math.round((100 * busy) / (end.all - start.all))}% busy`;
}

async function main(): Promise<number> {
  const name = process.argv[2] ?? '';
  const makePlan = PLANS[name];
  if (!makePlan) throw new Error(`Usage: stages.js <${Object.keys(PLANS).join('|')}>`);
  const plan = makePlan();
  const width = Math.max(...plan.flatMap((step) => step.stages.map((s) => s.name.length)));
  const started = Date.now();
  const cpuAtStart = cpuTimes();
  const outcomes: Outcome[] = [];
  for (const step of plan) {
    outcomes.push(...(await runStep(step, width)));
    if (outcomes.some((o) => !o.ok)) break;
  }
  recordSeconds('stages', Object.fromEntries(outcomes.filter((o) => o.ok).map((o) => [o.stage.name, o.seconds])));
  const ran = new Set(outcomes.map((o) => o.stage));
  const skipped = plan.flatMap((step) => step.stages).filter((s) => !ran.has(s));
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.stage.name);

  console.log(`\n${'stage'.padEnd(width)}  result   time   tests`);
  for (const o of outcomes) {
    console.log(`${o.stage.name.padEnd(width)}  ${o.ok ? 'passed' : 'FAILED'}  ${`${o.seconds} s`.padStart(5)}  ${o.counts}`);
  }
  for (const s of skipped) console.log(`${s.name.padEnd(width)}  skipped`);
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  const workbenches = outcomes.reduce((sum, o) => sum + o.workbenches, 0);
  console.log(`\n${name}: ${Math.round((Date.now() - started) / 1000)} s after the build, ${workbenches} workbench${workbenches === 1 ? '' : 'es'} started${busyLine(cpuAtStart)} (load average ${load})`);
  for (const o of outcomes.filter((o) => o.failures)) console.log(`\n[${o.stage.name}] ${o.failures.split('\n').join(`\n[${o.stage.name}] `)}`);
  if (failed.length > 0) console.log(`${name}: FAILED: ${failed.join(', ')} (its lines are prefixed with its name above)`);
  return failed.length > 0 || stopping ? 1 : 0;
}

// Each stage closes what it started (workbenches, servers) when told to stop; main() ends
// when they have, and counts them as failed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopping = true;
    console.error(`\n${signal}: stopping ${running.size} stage(s)`);
    for (const child of running) child.kill(signal);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
