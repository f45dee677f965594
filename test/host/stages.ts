// `npm test` and `npm run test:quick`: every check after the one build the npm script does
// first. The stages of a step run side by side, each line of their output prefixed with the
// stage's name; a step starts when the one before has passed. At the end, a table of each
// stage's result, time and test counts, and a non-zero exit code naming what failed.
//
//   quick  type check, lint | unit tests, and the VS Code suite (Node extension host), its test
//          files split between three workbenches side by side (run.js --shard)
//   all    type check, lint, unit tests | the VS Code suite in the Node host and in the web
//          worker extension host (two workbenches each), the German localisation run | the e2e
//          tests, three workbenches at a time (the step before runs four)
//
// In quick the unit tests run beside the workbenches rather than before them: with warm
// caches the type check and lint take a second or two each, and the unit tests' 20-odd seconds
// (much of it waiting on timers) overlap the workbenches' start instead of delaying it. Not in
// all: beside four workbenches the unit tests took 218 s and one with a 400 ms deadline failed.
//
// Workbenches run side by side: most of a suite's time is spent waiting (for the workbench, the
// local servers, timers), so on 2 cores several together take little longer than one alone
// (measured, nearly idle machine: the Node suite 277 s in one workbench, 160 s in two halves
// side by side; on a loaded one, Node 812 s and web 729 s side by side where the Node suite
// alone had taken over 900 s). The German run follows the web suite.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './workspace';

interface Stage {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

interface Outcome {
  readonly stage: Stage;
  readonly ok: boolean;
  readonly seconds: number;
  /** Mocha's closing counts ("12 passing, 1 pending"), when the stage ran mocha. */
  readonly counts: string;
}

const root = repoRoot();
const bin = (name: string): string => join(root, 'node_modules', '.bin', name);
const node = (script: string, ...args: string[]): Stage['args'] => [join(root, 'out', script), ...args];

/** The offline VS Code (cached; minutes the first time) and the Debian packages the tests need. */
const PREPARE: Stage = { name: 'prepare', command: process.execPath, args: node('host/prepare.js') };
const TYPECHECK: Stage = { name: 'typecheck', command: bin('tsc'), args: ['-b'] };
// The cache (out/eslintcache) skips files unchanged since the last lint; the rules read no other file.
const LINT: Stage = { name: 'lint', command: bin('eslint'), args: ['--cache', '--cache-location', 'out/eslintcache', '.'] };
const UNIT: Stage = { name: 'unit', command: bin('mocha'), args: ['--config', 'test/unit/.mocharc.json'] };
// The Node host's suite in two workbenches side by side, each with half of the test files.
const VSCODE_1: Stage = { name: 'vscode-1', command: process.execPath, args: node('host/run.js', '--shard', '1/2') };
const VSCODE_2: Stage = { name: 'vscode-2', command: process.execPath, args: node('host/run.js', '--shard', '2/2') };
// test:quick's Node suite in three workbenches: the loop before a commit, where two took 160 s.
const QUICK: Stage[] = [1, 2, 3].map((i) => ({ name: `vscode-${i}of3`, command: process.execPath, args: node('host/run.js', '--shard', `${i}/3`) }));
const VSCODE_WEB_1: Stage = { name: 'vscode-web-1', command: process.execPath, args: node('host/run.js', '--web', '--shard', '1/2') };
const VSCODE_WEB_2: Stage = { name: 'vscode-web-2', command: process.execPath, args: node('host/run.js', '--web', '--shard', '2/2') };
const VSCODE_DE: Stage = { name: 'vscode-de', command: process.execPath, args: node('host/run.js', '--locale', 'de', '--grep', 'Localisation') };
const E2E: Stage = { name: 'e2e', command: process.execPath, args: node('e2e/run.js', '--jobs', '3') };

/** Steps one after the other; in a step, lanes side by side; in a lane, stages one after the other. */
const PLANS: Record<string, ReadonlyArray<ReadonlyArray<readonly Stage[]>>> = {
  quick: [[[PREPARE], [TYPECHECK], [LINT]], [[UNIT], ...QUICK.map((stage) => [stage])]],
  all: [[[PREPARE], [TYPECHECK], [LINT], [UNIT]], [[VSCODE_1], [VSCODE_2], [VSCODE_WEB_1], [VSCODE_WEB_2, VSCODE_DE]], [[E2E]]],
};

const width = Math.max(...Object.values(PLANS).flat(3).map((s) => s.name.length));

const running = new Set<ChildProcess>();
/** Set on Ctrl+C or SIGTERM: no further stage starts. */
let stopping = false;

function runStage(stage: Stage): Promise<Outcome> {
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
      const outcome = { stage, ok, seconds: Math.round((Date.now() - started) / 1000), counts: mochaCounts(output) };
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

async function runLane(lane: readonly Stage[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of lane) {
    if (stopping) break;
    const outcome = await runStage(stage);
    outcomes.push(outcome);
    if (!outcome.ok) break;
  }
  return outcomes;
}

async function main(): Promise<number> {
  const name = process.argv[2] ?? '';
  const plan = PLANS[name];
  if (!plan) throw new Error(`Usage: stages.js <${Object.keys(PLANS).join('|')}>`);
  const started = Date.now();
  const outcomes: Outcome[] = [];
  for (const step of plan) {
    outcomes.push(...(await Promise.all(step.map(runLane))).flat());
    if (outcomes.some((o) => !o.ok)) break;
  }
  const ran = new Set(outcomes.map((o) => o.stage));
  const skipped = plan.flat(2).filter((s) => !ran.has(s));
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.stage.name);

  console.log(`\n${'stage'.padEnd(width)}  result   time   tests`);
  for (const o of outcomes) {
    console.log(`${o.stage.name.padEnd(width)}  ${o.ok ? 'passed' : 'FAILED'}  ${`${o.seconds} s`.padStart(5)}  ${o.counts}`);
  }
  for (const s of skipped) console.log(`${s.name.padEnd(width)}  skipped`);
  const load = loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`\n${name}: ${Math.round((Date.now() - started) / 1000)} s after the build (load average ${load})`);
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
