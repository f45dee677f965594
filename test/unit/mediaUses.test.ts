// The media a page uses: its links outside code (core/mediaUses.ts), the rule the credit check,
// its hover, In This Workspace and the credits file share with paste.
import assert from 'node:assert/strict';
import { inCode, mediaUsesIn } from '../../src/core/mediaUses';

const options = { serviceUrl: 'https://www.pexels.com', trustedUrls: [] };
const image = (id: number): string => `https://images.pexels.com/photos/${id}/pexels-photo-${id}.jpeg?w=1260`;
const ids = (text: string, family: Parameters<typeof mediaUsesIn>[2]): number[] => mediaUsesIn(text, options, family).map((r) => r.id);

describe('mediaUsesIn (links outside code)', () => {
  it('Markdown: a link in a fence, indented code or inline code is not a use; in an image, a link or plain text it is', () => {
    const text = [
      `![Hills](${image(1)})`,
      '',
      '```md',
      `![Kept as text](${image(2)})`,
      '```',
      '',
      `    ${image(3)}`,
      '',
      `Paste \`${image(4)}\` to try it, or see [the photo](${image(5)}).`,
      '',
      '~~~',
      image(6),
      '~~~',
      '',
      `${image(7)}`,
      '',
      `<!-- ![Old](${image(8)}) -->`,
    ].join('\n');
    assert.deepEqual(ids(text, 'markdown'), [1, 5, 7]);
  });

  it('HTML: <code>, <pre>, <script> and comments are code; an attribute and a template tag are uses', () => {
    const text = [
      `<img src="${image(1)}" alt="">`,
      `<pre>${image(2)}</pre>`,
      `<p>Use <code>${image(3)}</code> here.</p>`,
      `<script>const demo = "${image(4)}";</script>`,
      `<!-- <img src="${image(5)}"> -->`,
      `{{< figure src="${image(6)}" >}}`,
      `<a href="${image(7)}">full size</a>`,
    ].join('\n');
    assert.deepEqual(ids(text, 'html'), [1, 6, 7]);
  });

  it('other formats (CSS, JSX, plain text) keep every link', () => {
    const text = `.a { background: url(${image(1)}); } /* ${image(2)} */`;
    assert.deepEqual(ids(text, 'css'), [1, 2]);
    assert.deepEqual(ids('`' + image(3) + '`', 'plain'), [3]);
  });

  it('an unclosed fence makes the rest of the page code, as Markdown renders it', () => {
    assert.deepEqual(ids([`![A](${image(1)})`, '```', `![B](${image(2)})`].join('\n'), 'markdown'), [1]);
  });

  it('inCode says where a link is shown as text', () => {
    const text = ['Intro', '```', image(9), '```', image(10)].join('\n');
    assert.equal(inCode(text, 'markdown', text.indexOf(image(9))), true);
    assert.equal(inCode(text, 'markdown', text.indexOf(image(10))), false);
    assert.equal(inCode(text, 'plain', text.indexOf(image(9))), false);
  });
});
