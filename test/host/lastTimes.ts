// How long each part of the last run took (an e2e run, a stage of `npm test`), kept in
// test-output/times/<kind>.json, for the next run's queue: the longest first, so that a run does
// not end with one long part running alone. Nothing is kept by hand: a part not seen yet counts
// as the longest known (new work starts early), and with no file at all every part counts the
// same, the queue keeping its given order.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './workspace';

const dir = join(repoRoot(), 'test-output', 'times');
const file = (kind: string): string => join(dir, `${kind}.json`);

function read(kind: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file(kind), 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/** The seconds of each part of `kind` in the last run that had it. */
export function lastSeconds(kind: string): (name: string) => number {
  const known = read(kind);
  const longest = Math.max(0, ...Object.values(known));
  return (name) => known[name] ?? longest;
}

/** Keeps `seconds` (name → s) for the next run, beside what other parts of `kind` wrote. */
export function recordSeconds(kind: string, seconds: Readonly<Record<string, number>>): void {
  try {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file(kind)}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify({ ...read(kind), ...seconds }, null, 2) + '\n');
    renameSync(temporary, file(kind));
  } catch {
    // The order of the next run is a convenience; never fail a run over it.
  }
}
