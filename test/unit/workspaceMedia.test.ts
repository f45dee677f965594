// In This Workspace's grouping (src/core/workspaceMedia.ts): a file's uses with their lines
// and credit texts, grouped by media, the ones missing a credit first, and the media's
// description.
import assert from 'node:assert/strict';
import { findMediaRefs } from '../../src/core/mediaRefs';
import type { MediaKind } from '../../src/core/model';
import type { FileUses } from '../../src/core/workspaceMedia';
import { groupUses, languageOfPath, mediaGroups, sortGroups, usesDescription, usesInText } from '../../src/core/workspaceMedia';

const options = { serviceUrl: 'https://www.pexels.com', trustedUrls: [] };
const page = (id: number): string => `https://www.pexels.com/photo/sea-${id}/`;
const image = (id: number): string => `https://images.pexels.com/photos/${id}/pexels-photo-${id}.jpeg`;

function file(shown: string, text: string, checked = true): FileUses {
  const family = shown.endsWith('.html') ? 'html' : 'markdown';
  return { uri: `file:///w/${shown}`, shown, checked, uses: usesInText(text, findMediaRefs(text, options), family, checked) };
}

const authors: Record<string, string> = { 'photo:1': 'Ana Lima', 'photo:2': 'Bo Chen', 'photo:3': 'Cy Dee' };
const namesOf = (kind: MediaKind, id: number) => {
  const author = authors[`${kind}:${id}`];
  return author === undefined ? undefined : { author, serviceName: 'Pexels' };
};
const labelOf = (kind: MediaKind, id: number): string => `${kind} ${id}`;

describe('In This Workspace: grouping the uses', () => {
  const blog = file('blog/post.md', `# Post\n\n![Sea](${image(1)})\n\nPhoto by Ana Lima on Pexels\n\nText\n\n![Again](${image(1)})\n\n[page](${page(2)})\n`);
  const home = file('index.html', `<p>\n<img src="${image(2)}" alt="">\n</p>\n<figure><img src="${image(3)}"><figcaption>Photo by Cy Dee</figcaption></figure>\n<img src="${image(4)}">`);

  it('keeps each use with its zero-based line and column', () => {
    assert.deepEqual(
      blog.uses.map((u) => [u.kind, u.id, u.line, u.character]),
      [
        ['photo', 1, 2, 7],
        ['photo', 1, 8, 9],
        ['photo', 2, 10, 7],
      ],
    );
    assert.deepEqual(home.uses.map((u) => [u.id, u.line]), [[2, 1], [3, 3], [4, 4]]);
  });

  it('groups by media, missing credits first, each with its files and lines and whether each is credited', () => {
    const groups = groupUses([blog, home], namesOf, labelOf);
    assert.deepEqual(
      groups.map((g) => [g.key, g.uses.length, g.missing, g.files]),
      [
        ['photo:2', 2, 2, 2],
        ['photo:1', 2, 1, 1],
        ['photo:3', 1, 0, 1],
        ['photo:4', 1, 0, 1],
      ],
    );
    const [two, one, three, four] = groups;
    assert.deepEqual(two?.uses.map((u) => [u.shown, u.line, u.state]), [
      ['blog/post.md', 10, 'missing'],
      ['index.html', 1, 'missing'],
    ]);
    // The first use has its credit line under it; the second, paragraphs away, has none.
    assert.deepEqual(one?.uses.map((u) => [u.line, u.state]), [
      [2, 'credited'],
      [8, 'missing'],
    ]);
    // An author not known yet: not said to be missing.
    assert.deepEqual(four?.uses.map((u) => u.state), ['unknown']);
    assert.deepEqual(three?.uses.map((u) => u.state), ['credited']);
  });

  it('says a use is not checked where the credit check is off, and never counts it as missing', () => {
    const css = file('site.css', `body { background: url(${image(2)}); }`, false);
    const [group] = groupUses([css], namesOf, labelOf);
    assert.deepEqual(group?.uses.map((u) => u.state), ['unchecked']);
    assert.equal(group?.missing, 0);
  });

  it('orders media used alike by their label', () => {
    const a = file('a.md', `${image(9)}\n\n${image(8)}`);
    const groups = groupUses([a], () => undefined, (_kind, id) => (id === 9 ? 'Apple' : 'banana'));
    assert.deepEqual(groups.map((g) => g.id), [9, 8]);
  });

  it('makes again only the groups asked for, from the files that use them: merged with the others, the same list as grouping all again', () => {
    const other = file('other.md', `![y](${image(3)})\n\n![z](${image(1)})\n`);
    const made = mediaGroups([blog, home, other], namesOf, labelOf);
    // other.md changed: photo 3 is credited now, photo 1 gone from it.
    const changed = file('other.md', `![y](${image(3)})\nPhoto by Cy Dee\n`);
    const touched = new Set(['photo:3', 'photo:1']);
    const again = mediaGroups([blog, changed], namesOf, labelOf, new Map(), touched);
    assert.deepEqual([...again.keys()].sort(), ['photo:1', 'photo:3']);
    // photo 3's group from the files given only: home's use is not among them (the caller gives every file that uses it).
    const users = mediaGroups([home, changed, blog], namesOf, labelOf, new Map(), touched);
    for (const [key, group] of users) made.set(key, group);
    assert.deepEqual(sortGroups(made.values()), groupUses([blog, home, changed], namesOf, labelOf));
  });

  it('sees a credit added as soon as the file is read again', () => {
    const before = file('p.md', `![x](${image(2)})\n`);
    const after = file('p.md', `![x](${image(2)})\nPhoto by Bo Chen\n`);
    assert.equal(groupUses([before], namesOf, labelOf)[0]?.missing, 1);
    assert.equal(groupUses([after], namesOf, labelOf)[0]?.missing, 0);
  });

  it('counts a link to the media in its own credit line as its credit, not as a use', () => {
    const credit = `Photo by [Bo Chen](https://www.pexels.com/@bo) on [Pexels](${page(2)})`;
    const markdown = file('m.md', `![x](${image(2)})\n\n${credit}\n\nSee also ${page(2)}\n`);
    assert.deepEqual(markdown.uses.map((u) => u.line), [0, 4]);
    const figure = file('f.html', `<figure>\n  <img src="${image(2)}" alt="">\n  <figcaption>${credit}</figcaption>\n</figure>`);
    assert.deepEqual(figure.uses.map((u) => u.line), [1]);
    assert.deepEqual(groupUses([markdown, figure], namesOf, labelOf)[0]?.uses.map((u) => u.state), ['credited', 'credited', 'missing']);
    // A credit line alone (its media not in the file) is a use.
    assert.equal(file('c.md', `${credit}\n`).uses.length, 1);
  });

  it('describes a media by its uses and the ones without credit', () => {
    const groups = groupUses([blog, home], namesOf, labelOf);
    assert.equal(usesDescription(groups[0]!, 'en'), '2 uses · 2 without credit');
    assert.equal(usesDescription(groups[3]!, 'en'), '1 use');
    assert.equal(usesDescription({ uses: new Array(1200).fill(groups[0]!.uses[0]), missing: 0 }, 'en'), '1,200 uses');
  });

  it('reads a file not open by its name', () => {
    assert.equal(languageOfPath('docs/a.MD'), 'markdown');
    assert.equal(languageOfPath('src/App.tsx'), 'typescriptreact');
    assert.equal(languageOfPath('x/page.htm'), 'html');
    assert.equal(languageOfPath('notes.txt'), 'plaintext');
  });
});
