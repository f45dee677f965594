// Where VS Code's Markdown hover previews a picture itself, so the extension's hover shows none.
import * as assert from 'node:assert/strict';
import { previewedByMarkdown } from '../../src/core/markdownPreview';

const IMAGE = 'https://images.pexels.com/photos/2295805/pexels-photo-2295805.jpeg?auto=compress&h=350';
const PAGE = 'https://www.pexels.com/photo/heron-2295805/';

function at(text: string, url: string): boolean {
  const start = text.indexOf(url);
  assert.ok(start >= 0);
  return previewedByMarkdown(text, start, start + url.length);
}

describe('previewedByMarkdown', () => {
  it('an image file as the destination of an image, a link, a linked image or a definition: VS Code shows it', () => {
    assert.equal(at(`Text\n\n![A heron](${IMAGE})\n`, IMAGE), true);
    assert.equal(at(`See [the heron](${IMAGE}).`, IMAGE), true);
    assert.equal(at(`[![A heron](${PAGE})](${IMAGE})`, IMAGE), true);
    assert.equal(at(`![A heron]( <${IMAGE}> )`, IMAGE), true);
    assert.equal(at(`![A heron][heron]\n\n[heron]: ${IMAGE}\n`, IMAGE), true);
    assert.equal(at(`![clip](https://videos.pexels.com/video-files/1/1-hd_1920_1080_25fps.MP4)`, 'https://videos.pexels.com/video-files/1/1-hd_1920_1080_25fps.MP4'), true);
  });

  it('a page (no file extension), a bare URL, an HTML attribute or link text: nothing shown but ours', () => {
    assert.equal(at(`![A heron](${PAGE})`, PAGE), false);
    assert.equal(at(`The picture: ${IMAGE}\n`, IMAGE), false);
    assert.equal(at(`<img src="${IMAGE}" alt="">`, IMAGE), false);
    assert.equal(at(`[${IMAGE}](${PAGE})`, IMAGE), false);
    assert.equal(at(`image: ${IMAGE}\n`, IMAGE), false);
  });
});
