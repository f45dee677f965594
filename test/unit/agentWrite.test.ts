// The writing tools' pure parts (core/agent/writeText.ts): the `size` a model sends, read by the
// settings' rule, with a message naming the sizes there are; `line` past the end; the text an
// insert wrote, handed back to the model with no address but the service's own; and a failure
// of the shared insert steps, said in the display language for the person and in English for
// the model (InsertError.english, core/l10n.ts inEnglish).
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InsertError } from '../../src/core/insert/insertError';
import { photoSizeRefusal } from '../../src/core/insert/sizes';
import { parseTemplate } from '../../src/core/insert/template';
import { formatMessage, inEnglish, l10n, setTranslator } from '../../src/core/l10n';
import { ToolInputError } from '../../src/core/agent/toolInput';
import { lineTooFar, originsOf, readToolSize, writtenText } from '../../src/core/agent/writeText';
import { HOSTILE_STRINGS } from '../server/hostile';

describe('agent writing tools: input and written text', () => {
  it('size: a variant, a width, a crop as the settings read them; none sent is the setting', () => {
    assert.deepEqual(readToolSize('large2x', 'photo'), { kind: 'variant', variant: 'large2x' });
    assert.deepEqual(readToolSize('1280', 'photo'), { kind: 'width', width: 1280 });
    assert.deepEqual(readToolSize('1200x630', 'photo'), { kind: 'crop', width: 1200, height: 630 });
    assert.equal(readToolSize(undefined, 'photo'), undefined);
  });

  it('size: one the service does not make names the sizes there are; a video takes none', () => {
    for (const wrong of ['huge', '0', '99999', '12.5', '1200x']) {
      assert.throws(
        () => readToolSize(wrong, 'photo'),
        (error: unknown) =>
          error instanceof ToolInputError &&
          error.message.startsWith(`"size" ${JSON.stringify(wrong)} is not a size the service makes.`) &&
          error.message.includes('original, large2x, large, medium, small, portrait, landscape, tiny') &&
          error.message.includes('"1200x630"'),
      );
    }
    assert.throws(() => readToolSize('large', 'video'), /"size" applies to photos/);
  });

  it('line past the end says how many lines the file has', () => {
    assert.equal(lineTooFar(12, 3), '"line" 12 is past the end of the file, which has 3 lines: send a line from 1 to 3, or leave "line" out to insert at the end.');
    assert.match(lineTooFar(2, 1), /which has 1 line: send a line from 1 to 1/);
  });

  it('written text: the service’s own addresses stay, any other scheme:// is defused; controls and direction marks go; line ends stay', () => {
    const origins = originsOf(['https://images.pexels.com/photos/1/a.jpeg?w=940', 'https://www.pexels.com/photo/x-1/', undefined, 'javascript:alert(1)', 'not a url']);
    assert.deepEqual(origins, ['https://images.pexels.com', 'https://www.pexels.com']);
    const text = '![Sea https://evil.example/x \u202eabc](https://images.pexels.com/photos/1/a.jpeg)\r\n\r\nPhoto by [Ann ftp://x.example](https://www.pexels.com/@ann) on [Pexels](https://www.pexels.com/photo/x-1/)';
    assert.equal(
      writtenText(text, origins),
      '![Sea https: //evil.example/x  abc](https://images.pexels.com/photos/1/a.jpeg)\n\nPhoto by [Ann ftp: //x.example](https://www.pexels.com/@ann) on [Pexels](https://www.pexels.com/photo/x-1/)',
    );
    assert.equal(writtenText('x'.repeat(50), [], 10), `${'x'.repeat(9)}…`);
  });

  it('written text of hostile strings: no address of another origin, no control character but the line end and tab, bounded', () => {
    const origins = ['https://images.pexels.com'];
    for (const hostile of HOSTILE_STRINGS) {
      const out = writtenText(`before ${hostile} after`, origins, 2_000);
      assert.ok(out.length <= 2_000);
      assert.doesNotMatch(out, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      for (const match of out.matchAll(/([a-z][a-z0-9+.-]*):\/\/([^/\s?#"'<>()[\]\\]*)/gi)) {
        assert.ok(origins.includes(`${match[1]}://${match[2]}`.toLowerCase()), `${match[0]} in ${JSON.stringify(out)}`);
      }
    }
  });
});

describe('agent writing tools: a shared step’s failure in English for the model', () => {
  const german = JSON.parse(readFileSync(join(__dirname, '..', '..', 'l10n', 'bundle.l10n.de.json'), 'utf8')) as Record<string, string>;
  beforeEach(() => setTranslator((message, ...args) => formatMessage(german[message] ?? message, args), 'de'));
  afterEach(() => setTranslator((message, ...args) => formatMessage(message, args)));

  it('inEnglish: English while it runs, the display language again after, also after a throw', () => {
    assert.equal(l10n.t('Retry'), 'Wiederholen');
    assert.equal(inEnglish(() => l10n.t('Retry')), 'Retry');
    assert.equal(l10n.t('Retry'), 'Wiederholen');
    assert.throws(() => inEnglish(() => { throw new Error(l10n.t('Retry')); }), /^Error: Retry$/);
    assert.equal(l10n.t('Retry'), 'Wiederholen');
  });

  it('an InsertError made from its sentence says it in the display language and in English; one made already keeps what it was given', () => {
    const error = (() => {
      try {
        parseTemplate('![{alt}]({url}) {nope}', () => l10n.t('the stockMedia.insert.templates entry "{0}"', 'markdown'));
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    assert.ok(error instanceof InsertError);
    assert.match(error.message, /^In dem Eintrag „markdown“ von stockMedia\.insert\.templates ist \{nope\} kein bekannter Platzhalter\./);
    assert.match(error.english, /^In the stockMedia\.insert\.templates entry "markdown", \{nope\} is not a known placeholder\. Known: \{url\}/);
    const size = new InsertError(() => photoSizeRefusal('stockMedia.insert.size'));
    assert.match(size.message, /^Die Einstellung stockMedia\.insert\.size /);
    assert.match(size.english, /^The setting stockMedia\.insert\.size must be a size name/);
    assert.equal(new InsertError('Schon gesagt').english, 'Schon gesagt');
    assert.equal(new InsertError('Schon gesagt', { english: 'Said before' }).english, 'Said before');
  });
});
