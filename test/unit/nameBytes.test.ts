// Saved files' names counted in UTF-8 bytes, as file systems count them (edit.ts, naming.ts):
// the length, the cut between two characters (never inside a surrogate pair, a UTF-8
// sequence, a letter with its combining marks or an emoji sequence), the template's name cut
// with its extension kept, a typed name over the limit refused, and the longest accepted name
// written to a real disk with its temporary `.part` name and a number (saveStream.ts).
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { NAME_BYTES_MAX, PART_NAME_EXTRA, STEM_BYTES_MAX, companionFileName, cutToBytes, fileNameProblem, savedFileName, utf8Length } from '../../src/core/insert/edit';
import { fileNameFromTemplate } from '../../src/core/insert/naming';
import type { NameFacts } from '../../src/core/insert/naming';
import { saveStream } from '../../src/host/platform/node/saveStream';

const bytesOf = (text: string): number => new TextEncoder().encode(text).length;
const FACTS: NameFacts = { alt: 'Brown Rocks', id: 2014422, author: 'Joey Farina', width: 1280, height: 853, size: 'large', serviceName: 'Pexels' };
/** Text of every kind: letters, CJK, emoji and their sequences, combining marks, lone surrogates. */
const anyText = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 3 }), fc.string({ unit: 'grapheme-composite', maxLength: 3 }), fc.constantFrom('\uD83D', '\uDE00', 'e\u0301', '\u0301', '👨\u200d👩', '🇩🇪')), { maxLength: 30 })
  .map((parts) => parts.join(''));
const graphemes = (text: string): string[] => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);

describe('file names in UTF-8 bytes', () => {
  it('counts what a file system counts: 漢×100 is 300 bytes, 304 with .jpg', () => {
    assert.equal(utf8Length('漢'.repeat(100)), 300);
    assert.equal(utf8Length(`${'漢'.repeat(100)}.jpg`), 304);
    assert.equal(utf8Length('a'), 1);
    assert.equal(utf8Length('é'), 2);
    assert.equal(utf8Length('😀'), 4);
    assert.equal(utf8Length('👨\u200d👩\u200d👧'), 18);
  });

  it('generated text: the same count as TextEncoder (a lone surrogate counts as the 3 bytes of U+FFFD)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        assert.equal(utf8Length(text), bytesOf(text));
      }),
      { numRuns: 500 },
    );
  });

  it('cuts between two characters: CJK, emoji and emoji sequences, combining marks', () => {
    assert.equal(cutToBytes('漢'.repeat(100), STEM_BYTES_MAX), '漢'.repeat(74));
    assert.equal(cutToBytes('漢'.repeat(100), 10), '漢漢漢');
    // An emoji is two UTF-16 units: never one of them alone.
    assert.equal(cutToBytes('😀'.repeat(100), 10), '😀😀');
    assert.equal(cutToBytes('😀'.repeat(100), 3), '');
    // A family (18 bytes) is one character as a reader sees it; a flag is two regional indicators.
    assert.equal(cutToBytes('👨\u200d👩\u200d👧'.repeat(2), 30), '👨\u200d👩\u200d👧');
    assert.equal(cutToBytes('🇩🇪🇩🇪', 12), '🇩🇪');
    // e + COMBINING ACUTE ACCENT (3 bytes): the mark stays with its letter.
    assert.equal(cutToBytes('e\u0301'.repeat(100), 10), 'e\u0301'.repeat(3));
    assert.equal(cutToBytes('a\u0301\u0302\u0303b', 4), '');
    assert.equal(cutToBytes('short', 10), 'short');
  });

  it('generated text and limits: the longest start within the limit, whole characters only', () => {
    fc.assert(
      fc.property(anyText, fc.nat(60), (text, max) => {
        const cut = cutToBytes(text, max);
        assert.ok(text.startsWith(cut));
        assert.ok(utf8Length(cut) <= max);
        const whole = graphemes(text);
        const kept = graphemes(cut);
        // Whole characters of the text, and the next one would not have fitted.
        assert.deepEqual(kept, whole.slice(0, kept.length));
        if (kept.length < whole.length) assert.ok(utf8Length(cut + (whole[kept.length] ?? '')) > max);
      }),
      { numRuns: 500 },
    );
  });

  it('a typed name over the limit is refused; the longest accepted one fits with -poster, a number and the .part name', () => {
    assert.equal(fileNameProblem('漢'.repeat(100)), 'tooLong');
    assert.equal(fileNameProblem('😀'.repeat(57)), 'tooLong');
    assert.equal(fileNameProblem('e\u0301'.repeat(75)), 'tooLong');
    const longest = '漢'.repeat(Math.floor(STEM_BYTES_MAX / 3)) + 'a'.repeat(STEM_BYTES_MAX % 3);
    assert.equal(utf8Length(longest), STEM_BYTES_MAX);
    assert.equal(fileNameProblem(longest), undefined);
    assert.equal(fileNameProblem(`${longest}.jpeg`), undefined, 'a media extension typed is replaced, so it does not count');
    assert.equal(fileNameProblem(`${longest}a`), 'tooLong');
    const poster = companionFileName(longest, 'poster', 'webm');
    assert.equal(utf8Length(`.${poster}.${'f'.repeat(12)}.part`), NAME_BYTES_MAX);
    assert.equal(PART_NAME_EXTRA, `..${'f'.repeat(12)}.part`.length);
  });

  it('a template that makes a long name is cut at a character, the extension kept', () => {
    const name = fileNameFromTemplate(`${'漢'.repeat(100)}-{id}`, FACTS, 'jpg');
    assert.equal(name, `${'漢'.repeat(74)}.jpg`);
    assert.equal(fileNameProblem(name), undefined);
    // A letter outside the BMP (U+20000, two UTF-16 units, 4 bytes): never half of it.
    const wide = fileNameFromTemplate('\u{20000}'.repeat(100), FACTS, 'png');
    assert.equal(wide, `${'\u{20000}'.repeat(56)}.png`);
    // Accented letters in decomposed form are joined (NFC) before the cut: 2 bytes each.
    assert.equal(fileNameFromTemplate('e\u0301'.repeat(200), FACTS, 'webp'), `${'é'.repeat(112)}.webp`);
    // ASCII names keep up to the limit; a separator left at the cut goes.
    assert.equal(fileNameFromTemplate(`${'x'.repeat(STEM_BYTES_MAX - 1)}-{id}`, FACTS, 'jpg'), `${'x'.repeat(STEM_BYTES_MAX - 1)}.jpg`);
  });

  it('generated templates: every name is within the limit in bytes and ends with its extension', () => {
    const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ unit: 'grapheme-composite', maxLength: 300 }), fc.constant('漢'.repeat(100)));
    fc.assert(
      fc.property(text, text, fc.constantFrom('jpg', 'png', 'webp', 'avif', 'mp4', 'webm', 'mov'), (template, alt, extension) => {
        const name = fileNameFromTemplate(template, { ...FACTS, alt }, extension);
        assert.equal(fileNameProblem(name), undefined, JSON.stringify(name));
        assert.ok(name.endsWith(`.${extension}`), name);
        assert.ok(utf8Length(name) + PART_NAME_EXTRA <= NAME_BYTES_MAX, name);
      }),
      { numRuns: 500 },
    );
  });

  describe('on a real disk', () => {
    let dir = '';
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'stock-media-names-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    const body = (bytes: Uint8Array): { read(write: (chunk: Uint8Array) => void | Promise<void>): Promise<number> } => ({
      read: async (write) => {
        await write(bytes);
        return bytes.byteLength;
      },
    });

    it('the longest accepted name is written through its .part name, and numbered when taken', async () => {
      const longest = '漢'.repeat(Math.floor(STEM_BYTES_MAX / 3)) + 'a'.repeat(STEM_BYTES_MAX % 3);
      const name = companionFileName(longest, 'poster', 'webm');
      const first = await saveStream(dir, name, body(new Uint8Array([1])));
      const second = await saveStream(dir, name, body(new Uint8Array([2])));
      assert.deepEqual((await readdir(dir)).sort(), [name, savedFileName(`${longest}-poster-2`, 'webm')].sort());
      assert.equal(first.path, join(dir, name));
      assert.equal(second.path, join(dir, savedFileName(`${longest}-poster-2`, 'webm')));
    });
  });
});
