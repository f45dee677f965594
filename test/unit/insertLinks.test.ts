// An inserted address reads back as the address that was checked, in every format,
// even when it holds what looks like a character reference (`&amp;`, `&#58;`).
import * as assert from 'node:assert/strict';
import { readMarkdown, readTsx, readHtml } from '../generated/parseBack';
import { insertableUrl } from '../../src/core/insert/links';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import { toPlainText } from '../../src/core/insert/pieces';
import { SERVICE, SETTINGS, photoItem } from './insertFixtures';

const PAGE = 'https://www.pexels.com/photo/a-&amp;-b-&#58;-&x-1/?q=1&r=2';

function links(languageId: string): string[] {
  const plan = planInsert({ media: photoItem({ url: PAGE }), languageId, ...SERVICE, settings: { ...SETTINGS, htmlCredit: 'paragraph' } });
  const text = toPlainText(renderPlan(plan));
  const reading = languageId === 'markdown' ? readMarkdown(text) : languageId === 'html' ? readHtml(text) : readTsx(text);
  return reading.urls.filter((u) => u.includes('/photo/'));
}

describe('inserted links read back as checked', () => {
  it('character references in an address are encoded; query separators are kept', () => {
    assert.equal(insertableUrl(PAGE), 'https://www.pexels.com/photo/a-%26amp;-b-%26#58;-&x-1/?q=1&r=2');
  });

  for (const languageId of ['markdown', 'html', 'typescriptreact']) {
    it(`${languageId}: the credit's link is the address inserted`, () => {
      assert.deepEqual(links(languageId), [insertableUrl(PAGE)]);
    });
  }
});
