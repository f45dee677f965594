// How the credit check and In This Workspace grow with a document (issue 32, 3b and 3c): a
// page of identical credit lines (2,000 of them took 230 s in usesInText) and a gallery whose
// front matter lists hundreds of images (400 took 9.2 s with the credit check), each read
// through what In This Workspace runs (findMediaRefs, usesInText, groupUses) and what the
// check and its "add all" quick fix run (check.ts: one CreditContext, each link judged, each
// missing credit placed). No fixed time: each case is timed at two sizes, n and 4n (the
// least CPU time of seven alternated measurements after a warm-up), and the larger may take at most 8
// times as long (linear is 4; what was quadratic took 16 times as long or more).
import assert from 'node:assert/strict';
import { CreditContext, creditPlacementIn } from '../../src/core/creditCheck';
import type { CreditNames } from '../../src/core/creditCheck';
import { findMediaRefs } from '../../src/core/mediaRefs';
import { groupUses, usesInText } from '../../src/core/workspaceMedia';
import { creditLines, galleryPage } from './creditPages';

const options = { serviceUrl: 'https://www.pexels.com', trustedUrls: [] };

/** Media 1000 + i is by "Person i"; any other media by "Ana Lima". */
const namesOf = (id: number): CreditNames => ({ author: id >= 1000 ? `Person ${id - 1000}` : 'Ana Lima', serviceName: 'Pexels' });

/** In This Workspace on one file: its uses, then grouped with each media's credit state. */
function workspace(text: string): number {
  const refs = findMediaRefs(text, options);
  const uses = usesInText(text, refs, 'markdown', true);
  const groups = groupUses([{ uri: 'file:///w/page.md', shown: 'page.md', checked: true, uses }], (_kind, id) => namesOf(id), (kind, id) => `${kind} ${id}`);
  return groups.reduce((sum, g) => sum + g.uses.length, 0);
}

/** The credit check on one document, as check.ts runs it, and the placing of every missing credit (its "add all" quick fix); `names` overrides who must be credited. */
function check(text: string, names?: CreditNames): number {
  const credit = new CreditContext(text, 'markdown');
  let missing = 0;
  for (const ref of findMediaRefs(text, options)) {
    if (credit.credited(ref, names ?? namesOf(ref.id))) continue;
    missing += 1;
    creditPlacementIn(credit, ref);
  }
  return missing;
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Measurements of each size, alternated. */
const ROUNDS = 7;

/** CPU time a measurement should take at least: a shorter one is the sum of repeated runs (a pause of the garbage collector would weigh too much in 2 ms). */
const MEASURE_MS = 40;

/**
 * The least CPU time of `run` on a text of size n and of size 4n in ROUNDS alternated
 * measurements (each the mean of enough repeated runs to take MEASURE_MS, the same number for
 * both), and their ratio.
 */
function growth(make: (n: number) => string, n: number, run: (text: string) => unknown): { small: number; large: number; ratio: number } {
  const small = make(n);
  const large = make(4 * n);
  // Warm-up (the code compiled, the parser's tables built), which also says how long a run takes.
  const once = cpuMs(() => run(small));
  run(large);
  const repeats = Math.min(100, Math.max(1, Math.ceil(MEASURE_MS / Math.max(once, 0.1))));
  const measure = (text: string): number =>
    cpuMs(() => {
      for (let i = 0; i < repeats; i++) run(text);
    }) / repeats;
  // Alternated, so that a busy spell of the machine weighs on both sizes; the fastest of each is
  // what the code costs (a measurement can only be slowed down, by other processes sharing the
  // core's caches or by the garbage collector).
  let smallMs = Infinity;
  let largeMs = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    smallMs = Math.min(smallMs, measure(small));
    largeMs = Math.min(largeMs, measure(large));
  }
  return { small: smallMs, large: largeMs, ratio: largeMs / smallMs };
}

const LINEAR_BOUND = 8;

function assertLinear(label: string, result: { small: number; large: number; ratio: number }): void {
  console.log(`      ${label}: ${result.small.toFixed(1)} ms → ${result.large.toFixed(1)} ms for 4× the input (×${result.ratio.toFixed(1)})`);
  assert.ok(result.ratio < LINEAR_BOUND, `${label}: 4× the input took ×${result.ratio.toFixed(1)} the time (${result.small.toFixed(1)} → ${result.large.toFixed(1)} ms CPU)`);
}

describe('credit check and In This Workspace: time grows linearly with the document (issue 32)', function () {
  // A busy machine runs these slower; what is asserted is the ratio, not the time.
  this.timeout(120_000);

  it('finds the same results at every size: one use of the repeated media, every link credited', () => {
    for (const n of [2000, 10000]) {
      for (const paragraphs of [false, true]) {
        const text = creditLines(n, paragraphs);
        // The first link is the use; each later one in a credit line is that use's credit (findMediaRefs reads at most 2,000).
        assert.equal(workspace(text), 1);
        assert.equal(check(text), 0);
      }
    }
    for (const n of [400, 2000]) {
      const page = galleryPage(n);
      assert.equal(workspace(page), n);
      assert.equal(check(page), 0);
      // Credited by nobody: each image's credit goes under the front matter.
      assert.equal(check(page, { author: 'Nobody Here', serviceName: 'Pexels' }), n);
    }
  });

  for (const paragraphs of [false, true]) {
    const shape = paragraphs ? 'each its own paragraph' : 'one paragraph';
    const lines = (n: number): string => creditLines(n, paragraphs);
    it(`identical credit lines (${shape}), 500 → 2,000 and 2,500 → 10,000: In This Workspace`, () => {
      assertLinear(`usesInText, 500 → 2,000 lines (${shape})`, growth(lines, 500, workspace));
      assertLinear(`usesInText, 2,500 → 10,000 lines (${shape})`, growth(lines, 2500, workspace));
    });
    it(`identical credit lines (${shape}), 500 → 2,000 and 2,500 → 10,000: the credit check and its quick fix`, () => {
      assertLinear(`credit check, 500 → 2,000 lines (${shape})`, growth(lines, 500, (text) => check(text)));
      assertLinear(`quick fix for all, 500 → 2,000 lines (${shape})`, growth(lines, 500, (text) => check(text, { author: 'Nobody Here', serviceName: 'Pexels' })));
      assertLinear(`credit check, 2,500 → 10,000 lines (${shape})`, growth(lines, 2500, (text) => check(text)));
    });
  }

  it('a front matter of 500 → 2,000 images (the issue: 400): In This Workspace, the credit check and its quick fix', () => {
    assertLinear('usesInText, 500 → 2,000 images', growth(galleryPage, 500, workspace));
    assertLinear('credit check, 500 → 2,000 images', growth(galleryPage, 500, (text) => check(text)));
    assertLinear('quick fix for all, 500 → 2,000 images', growth(galleryPage, 500, (text) => check(text, { author: 'Nobody Here', serviceName: 'Pexels' })));
  });
});
