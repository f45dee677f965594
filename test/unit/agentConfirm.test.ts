// What the person reads before the agent's writing tools write (core/agent/confirmText.ts, the
// prepare step of stockMedia_insert, stockMedia_setCover and stockMedia_addCredits): the file,
// the place (line or front-matter fields) and the photographer are named, in English and in
// German, and nothing the model, the workspace or the service sent becomes a link or markup.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addCreditsMessages, coverMessages, insertMessages, insertingMessage, settingCoverMessage } from '../../src/core/agent/confirmText';
import type { CoverPlan, InsertPlan } from '../../src/core/agent/confirmText';
import { formatMessage, setTranslator } from '../../src/core/l10n';

const GERMAN = JSON.parse(readFileSync(join(__dirname, '..', '..', 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;

/** Markdown as a person reads it: the backslash escapes gone. */
function shown(markdown: string): string {
  return markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

const INSERT: InsertPlan = {
  who: { ref: 'photo:2014422', name: 'Joey Farina' },
  video: false,
  file: 'content/posts/harbour.md',
  place: { line: 12, how: 'cursor' },
  line: undefined,
  saves: false,
  serviceName: 'Pexels',
};

const COVER: CoverPlan = {
  who: { ref: 'photo:2014422', name: 'Joey Farina' },
  file: 'content/posts/harbour.md',
  keys: ['cover.image', 'cover.alt', 'cover.caption'],
  replace: false,
  saves: true,
  serviceName: 'Pexels',
};

/** A credit line the fix would add at `n` (0-based). */
function line(n: number): { line: number; text: string } {
  return { line: n, text: `Photo by Joey Farina on Pexels (${n})` };
}

const HOSTILE = '[click me](command:workbench.action.terminal.new) <img src=x onerror=alert(1)> https://evil.example/x **bold**';

/** No link, autolink, image or HTML a Markdown renderer could make of the text. */
function assertInert(markdown: string): void {
  assert.doesNotMatch(markdown, /(?<!\\)\]\((?!\\)/, 'a link destination formed');
  assert.doesNotMatch(markdown, /(?<!\\)</, 'an HTML tag or autolink formed');
  assert.doesNotMatch(markdown, /(?<!\\)https:\/\//, 'a bare address that would be auto-linked');
  assert.doesNotMatch(markdown, /(?<!\\)\*\*/, 'emphasis formed');
}

describe('agent tools: what the person confirms before a write', () => {
  afterEach(() => setTranslator((message, ...args) => formatMessage(message, args)));

  describe('stockMedia_insert', () => {
    it('names the file, the line and how it was chosen, the photographer and what is saved', () => {
      const m = insertMessages(INSERT);
      assert.equal(m.title, 'Insert a stock photo?');
      assert.equal(m.invocationMessage, 'Inserting photo:2014422 into content/posts/harbour.md');
      assert.deepEqual(shown(m.markdown).split('\n'), [
        '- Into: content/posts/harbour.md, at the cursor, line 12.',
        '- Media: photo:2014422, credited to Joey Farina on Pexels.',
        '- Nothing is saved: the text links the file on Pexels.',
      ]);
    });

    it('says a line the model named, the end of the file, a video, a saved file', () => {
      assert.match(shown(insertMessages({ ...INSERT, place: { line: 3, how: 'line' } }).markdown), /^- Into: content\/posts\/harbour\.md, at line 3\.$/m);
      assert.match(shown(insertMessages({ ...INSERT, place: { line: 40, how: 'end' } }).markdown), /^- Into: content\/posts\/harbour\.md, at its end, line 40\.$/m);
      // Not a workspace file (the call refuses it): the line the model sent, as it sent it.
      assert.match(shown(insertMessages({ ...INSERT, place: undefined, line: 7 }).markdown), /at line 7\./);
      assert.match(shown(insertMessages({ ...INSERT, place: undefined }).markdown), /^- Into: content\/posts\/harbour\.md\.$/m);
      const video = insertMessages({ ...INSERT, video: true, who: { ref: 'video:857251', name: 'Pixabay' }, saves: true });
      assert.equal(video.title, 'Insert a stock video?');
      assert.match(shown(video.markdown), /credited to Pixabay on Pexels\./);
      assert.match(shown(video.markdown), /The file is saved into the workspace first, and the text links the saved file\./);
    });

    it('says the credit line is written when the photographer could not be looked up', () => {
      assert.match(shown(insertMessages({ ...INSERT, who: { ref: 'photo:99' } }).markdown), /^- Media: photo:99, with its credit line\.$/m);
    });

    it('keeps a hostile photographer, file name and service name inert', () => {
      const m = insertMessages({ ...INSERT, who: { ref: `photo:1 ${HOSTILE}`, name: HOSTILE }, file: `posts/${HOSTILE}.md`, serviceName: HOSTILE });
      assertInert(m.markdown);
      assert.equal(m.markdown.split('\n').length, 3, 'one line each, whatever the text held');
      // Still named, as inert text: brackets read as parentheses.
      assert.ok(shown(m.markdown).includes('credited to (click me)(command:workbench.action.terminal.new) <img'));
      assert.doesNotMatch(m.invocationMessage, /\n/);
      const long = insertMessages({ ...INSERT, who: { ref: 'photo:1', name: 'N'.repeat(5_000) } });
      assert.ok(long.markdown.length < 1_000, `a 5,000-character name made a ${long.markdown.length}-character confirmation`);
    });

    it('in Restricted Mode, names what the model sent while the call refuses', () => {
      assert.equal(insertingMessage('photo:5', 'a.md'), 'Inserting photo:5 into a.md');
      assert.equal(insertingMessage('photo:5', undefined), 'Inserting photo:5 into the active editor’s file');
      assert.doesNotMatch(insertingMessage('photo:5', 'a\u202e.md\nb'), /[\u202e\n]/);
    });
  });

  describe('stockMedia_setCover', () => {
    it('names the page, the front-matter fields, the photographer, what happens to a cover there and what is saved', () => {
      const m = coverMessages(COVER);
      assert.equal(m.title, 'Set the cover image?');
      assert.equal(m.invocationMessage, 'Setting photo:2014422 as the cover of content/posts/harbour.md');
      assert.deepEqual(shown(m.markdown).split('\n'), [
        '- Into the front matter of content/posts/harbour.md: cover.image, cover.alt, cover.caption.',
        '- Media: photo:2014422, credited to Joey Farina on Pexels.',
        '- A cover the page already has is kept: then nothing is written.',
        '- The image is saved into the workspace first, and the cover links the saved file.',
      ]);
      const replacing = shown(coverMessages({ ...COVER, replace: true, saves: false, keys: undefined }).markdown).split('\n');
      assert.deepEqual(replacing, [
        '- Into the front matter of content/posts/harbour.md.',
        '- Media: photo:2014422, credited to Joey Farina on Pexels.',
        '- A cover the page already has is replaced.',
      ]);
      assert.equal(settingCoverMessage('photo:5', undefined), 'Setting photo:5 as the cover of the active editor’s file');
    });

    it('keeps a hostile field name and photographer inert', () => {
      const m = coverMessages({ ...COVER, who: { ref: 'photo:1', name: HOSTILE }, keys: [HOSTILE] });
      assertInert(m.markdown);
      assert.equal(m.markdown.split('\n').length, 4);
    });
  });

  describe('stockMedia_addCredits', () => {
    it('lists each credit line with its file and line (1-based)', () => {
      const one = addCreditsMessages('content/posts', [{ shown: 'content/posts/a.md', added: [line(4)] }]);
      assert.equal(one.title, 'Add missing credit lines?');
      assert.equal(one.invocationMessage, 'Adding the missing stock media credits in content/posts');
      assert.deepEqual(shown(one.markdown).split('\n'), [
        'Adds a credit line to content/posts/a.md, as the credit check’s quick fix writes it:',
        '',
        '- content/posts/a.md, line 5: Photo by Joey Farina on Pexels (4)',
        '',
        'One undo step per file; the files are not saved.',
      ]);
      const twoFiles = shown(addCreditsMessages(undefined, [{ shown: 'a.md', added: [line(0), line(9)] }, { shown: 'b.md', added: [line(2)] }]).markdown);
      assert.match(twoFiles, /^Adds 3 credit lines to 2 files, as the credit check’s quick fix writes them:$/m);
      assert.match(twoFiles, /^- a\.md, line 10: /m);
      assert.match(twoFiles, /^- b\.md, line 3: /m);
      assert.equal(addCreditsMessages(undefined, []).invocationMessage, 'Adding the missing stock media credits in the workspace');
    });

    it('counts the files that get a line, and lists at most 20 lines', () => {
      const planned = [{ shown: 'empty.md', added: [] }, { shown: 'a.md', added: Array.from({ length: 25 }, (_, i) => line(i)) }];
      const text = shown(addCreditsMessages(undefined, planned).markdown);
      assert.match(text, /^Adds 25 credit lines to a\.md, as the credit check’s quick fix writes them:$/m);
      assert.equal(text.split('\n').filter((l) => l.startsWith('- a.md, line ')).length, 20);
      assert.match(text, /^- and 5 more$/m);
    });

    it('says when nothing is missing, or what it does when the files could not be read', () => {
      assert.equal(addCreditsMessages(undefined, [{ shown: 'a.md', added: [] }]).markdown, 'No credit line is missing in these files: nothing is written.');
      assert.match(addCreditsMessages(undefined, undefined).markdown, /^Adds the missing credit lines of the stock photos and videos in these files/);
    });

    it('keeps a hostile credit text and file name inert, one line each', () => {
      const m = addCreditsMessages(undefined, [{ shown: `${HOSTILE}.md`, added: [{ line: 0, text: `${HOSTILE}\n\n# heading` }] }]);
      assertInert(m.markdown);
      assert.doesNotMatch(m.markdown, /^#/m);
    });
  });

  describe('in German', () => {
    beforeEach(() => setTranslator((message, ...args) => formatMessage(GERMAN[message] ?? `UNTRANSLATED ${message}`, args), 'de'));

    it('every message, with the file, the place and the photographer in it', () => {
      const insert = insertMessages(INSERT);
      assert.equal(insert.title, GERMAN['Insert a stock photo?']);
      assert.match(shown(insert.markdown), /^- In: content\/posts\/harbour\.md, an der Cursorposition, Zeile 12\.$/m);
      assert.match(shown(insert.markdown), /^- Medium: photo:2014422, mit Quellenangabe für Joey Farina auf Pexels\.$/m);
      const cover = coverMessages(COVER);
      assert.match(shown(cover.markdown), /content\/posts\/harbour\.md.*cover\.image, cover\.alt, cover\.caption/);
      assert.match(shown(cover.markdown), /Joey Farina/);
      const credits = addCreditsMessages(undefined, [{ shown: 'a.md', added: [line(1)] }, { shown: 'b.md', added: [line(2)] }]);
      assert.match(shown(credits.markdown), /^Fügt 2 Quellenangaben in 2 Dateien ein/m);
      // Every variant of every message has its German text.
      const all = [
        insert,
        insertMessages({ ...INSERT, place: { line: 1, how: 'end' }, video: true, saves: true }),
        insertMessages({ ...INSERT, place: { line: 1, how: 'line' }, who: { ref: 'photo:1' } }),
        insertMessages({ ...INSERT, place: undefined }),
        cover,
        coverMessages({ ...COVER, keys: undefined, replace: true }),
        credits,
        addCreditsMessages('a.md', [{ shown: 'a.md', added: [line(1)] }]),
        addCreditsMessages(undefined, [{ shown: 'a.md', added: Array.from({ length: 21 }, (_, i) => line(i)) }]),
        addCreditsMessages(undefined, []),
        addCreditsMessages(undefined, undefined),
      ].flatMap((m) => [m.invocationMessage, m.title, m.markdown]);
      all.push(insertingMessage('photo:1', undefined), settingCoverMessage('photo:1', 'a.md'));
      for (const text of all) assert.doesNotMatch(text, /UNTRANSLATED/, text);
    });
  });
});
