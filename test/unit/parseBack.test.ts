// The readers of the generated-input test see what an injection adds: a broken attribute,
// a title ended early, code in TSX, a comment closed early, interpolation. Each pair is
// the same insert written safely and unsafely; their readings must differ.
import * as assert from 'node:assert/strict';
import { readCss, readHtml, readMarkdown, readTsx } from '../generated/parseBack';
import type { Reading } from '../generated/parseBack';

function differ(safe: Reading, unsafe: Reading): void {
  assert.notDeepEqual(unsafe.shape, safe.shape);
}

describe('reading inserts back', () => {
  it('HTML: an attribute value that ends early adds an attribute', () => {
    const safe = readHtml('<img src="https://a.example/x.png" alt="a&quot; onerror=&quot;x">');
    assert.deepEqual(safe.shape, ['<img alt src>', '@alt', 'src=https://a.example/x.png', '</img>']);
    assert.equal(safe.segments[0], 'a" onerror="x');
    differ(safe, readHtml('<img src="https://a.example/x.png" alt="a" onerror="x">'));
  });

  it('Markdown: a title that ends early is no image; raw HTML is HTML', () => {
    const safe = readMarkdown('![a](https://a.example/x.png "by \\"b\\"")');
    assert.deepEqual(safe.urls, ['https://a.example/x.png']);
    assert.equal(safe.segments.at(-1), 'by "b"');
    differ(safe, readMarkdown('![a](https://a.example/x.png "by "b"")'));
    differ(readMarkdown('\\<b\\>x'), readMarkdown('<b>x'));
  });

  it('TSX: code in an attribute or a child is structure; entities and string literals are text', () => {
    const safe = readTsx(`<img alt={'a\\'b'} src="https://a.example/x.png" />\n<p>&#123;x&#125; {'y'}</p>`);
    assert.deepEqual(safe.segments, ['a\'b', '{x} y']);
    differ(safe, readTsx(`<img alt={a} src="https://a.example/x.png" />\n<p>&#123;x&#125; {'y'}</p>`));
    differ(safe, readTsx(`<img alt={'a\\'b'} src="https://a.example/x.png" />\n<p>{x} {'y'}</p>`));
  });

  it('CSS, SCSS, Less: a comment that ends early leaves code; url() strings are links', () => {
    for (const dialect of ['css', 'scss', 'less'] as const) {
      const safe = readCss('.a {\n  background-image: url("https://a.example/x.png") /* by a* /b */;\n}\n', dialect);
      assert.deepEqual(safe.urls, ['https://a.example/x.png'], dialect);
      assert.deepEqual(safe.segments, ['by a* /b'], dialect);
      differ(safe, readCss('.a {\n  background-image: url("https://a.example/x.png") /* by a*/b */;\n}\n', dialect));
    }
  });
});
