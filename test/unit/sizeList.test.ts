// The sizes offered for a photo (core/insert/sizeList.ts): each says only what is true of the
// photo. Originals narrower than each offered width, crops bigger than the original, and where
// the size the list starts on comes from.
import assert from 'node:assert/strict';
import type { SizeChoice } from '../../src/core/insert/sizeList';
import { PICKER_WIDTHS, SOCIAL_CARD, sizeChoices, sizeText, startNote } from '../../src/core/insert/sizeList';
import { sizeName } from '../../src/core/insert/sizes';
import { photo } from './insertFixtures';

const names = (choices: readonly SizeChoice[]): string[] => choices.map((c) => sizeName(c.size));
const named = (choices: readonly SizeChoice[], name: string): SizeChoice | undefined => choices.find((c) => sizeName(c.size) === name);

describe('the size list (Insert as…, Set as Cover Image…)', () => {
  for (const width of [500, 640, 1000, 1280, 2000, 2560, 4000]) {
    it(`an original ${width} wide: only the widths narrower than it are offered, none says "the original’s full width"; the original is named once`, () => {
      const choices = sizeChoices(photo({ width, height: Math.round(width * 0.75) }), undefined);
      const widths = choices.filter((c) => c.group === 'widths');
      assert.deepEqual(
        widths.map((c) => c.size.kind === 'width' && c.size.width),
        PICKER_WIDTHS.filter((w) => w < width),
      );
      for (const c of widths) {
        assert.equal(c.at.capped, false);
        assert.equal(c.at.pixelWidth, c.size.kind === 'width' ? c.size.width : 0, 'served at the width it names');
        assert.doesNotMatch(sizeText(c.at), /full width/);
        assert.equal(c.detail, `${c.size.kind === 'width' ? c.size.width : 0} wide, from the original`);
      }
      assert.equal(names(choices).filter((n) => n === 'original').length, 1);
      assert.match(sizeText(named(choices, 'original')?.at ?? assert.fail('original')), new RegExp(`^${width} × `));
    });
  }

  it('a crop bigger than the original says it is enlarged; one that fits says it is cut from the original', () => {
    const small = sizeChoices(photo({ width: 800, height: 600 }), undefined);
    assert.equal(named(small, sizeName(SOCIAL_CARD))?.detail, 'social card (Open Graph), enlarged: the original is smaller');
    // The ratio crops are made to fit the original.
    for (const c of small.filter((x) => x.group === 'crops' && x.size !== SOCIAL_CARD)) assert.match(c.detail, /^cropped to \d+:\d+, from the original$/);
    const big = sizeChoices(photo({ width: 3000, height: 2000 }), undefined);
    assert.equal(named(big, sizeName(SOCIAL_CARD))?.detail, 'social card (Open Graph), from the original');
  });

  it('the size the list starts on is marked, and says where it comes from', () => {
    const p = photo({ width: 3000, height: 2000 });
    const large = { kind: 'variant', variant: 'large' } as const;
    for (const from of ['setting', 'default', 'cover'] as const) {
      const choices = sizeChoices(p, { size: large, from });
      assert.deepEqual(choices.filter((c) => c.start).map((c) => sizeName(c.size)), ['large'], from);
    }
    assert.equal(startNote('setting'), 'your setting');
    assert.equal(startNote('default'), 'the default');
    assert.equal(startNote('cover'), 'the cover’s size');
  });

  it('a starting size that is none of those offered comes first, named for where it comes from', () => {
    const p = photo({ width: 1500, height: 1000 });
    // A setting of 2560 wide on an original 1500 wide: offered as what it is, the original's full width.
    const fromSetting = sizeChoices(p, { size: { kind: 'width', width: 2560 }, from: 'setting' });
    assert.equal(fromSetting[0]?.group, 'start');
    assert.equal(fromSetting[0]?.detail, 'from the setting stockMedia.insert.size');
    assert.equal(sizeText(fromSetting[0]?.at ?? assert.fail('first')), '1500 × 1000 · the original’s full width');
    assert.equal(fromSetting.filter((c) => c.start).length, 1);
    // A cover preset's crop that is not in the list.
    const cover = sizeChoices(p, { size: { kind: 'crop', width: 1000, height: 420 }, from: 'cover' });
    assert.equal(cover[0]?.detail, 'the size the cover preset asks for');
    assert.equal(sizeName(cover[0]?.size ?? assert.fail('first')), '1000x420');
  });
});
