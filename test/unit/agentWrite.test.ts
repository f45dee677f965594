// The writing tools' pure parts (core/agent/writeText.ts): the `size` a model sends, read by the
// settings' rule, with a message naming the sizes there are; `line` past the end; and the text
// an insert wrote, handed back to the model with no address but the service's own.
import * as assert from 'node:assert/strict';
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
