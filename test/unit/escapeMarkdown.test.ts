// Service text in Markdown stays text wherever a template puts it: in a link title, and
// at the start of a line. Read back with markdown-it.
import * as assert from 'node:assert/strict';
import { readMarkdown } from '../generated/parseBack';
import { planInsert, renderPlan } from '../../src/core/insert/plan';
import { toPlainText } from '../../src/core/insert/pieces';
import { SERVICE, SETTINGS, photoItem } from './insertFixtures';

function insert(template: string, photographer: string): string {
  const plan = planInsert({ media: photoItem({ photographer }), languageId: 'markdown', ...SERVICE, settings: { ...SETTINGS, credit: false, templates: { markdown: template } } });
  return toPlainText(renderPlan(plan));
}

describe('Markdown escaping of service text in templates', () => {
  it('a name with quotes, apostrophes and parentheses stays inside a "…" image title', () => {
    const text = insert('![{alt}]({url} "{creditText}")', 'Dwayne "The Rock" (J) \'x\'');
    const reading = readMarkdown(text);
    assert.deepEqual(reading.shape.filter((s) => !s.startsWith('#text') && !s.startsWith('src=')), ['paragraph_open:p', 'image(', ')image', 'image title', 'paragraph_close:p']);
    assert.equal(reading.segments[1], 'Photo by Dwayne "The Rock" (J) \'x\' (https://www.pexels.com/@joey) on Pexels (https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)');
  });

  for (const name of ['# Heading', '- item', '+ item', '1. item', '2) item', '===', '---', '> quote']) {
    it(`a name starting a line as "${name}" is one paragraph of text`, () => {
      const reading = readMarkdown(`Above.\n\n${insert('{photographer}\n{alt}', name)}\n`);
      assert.deepEqual(reading.shape, ['paragraph_open:p', '#text', 'paragraph_close:p', 'paragraph_open:p', '#text', 'softbreak', '#text', 'paragraph_close:p']);
      assert.equal(reading.segments[1], name);
    });
  }
});
