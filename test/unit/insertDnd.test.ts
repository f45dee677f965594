// The drag payload between the tree or grid and the drop provider, and the check that
// what arrives is media.
import * as assert from 'node:assert/strict';
import { GRID_MEDIA_MIME, MEDIA_DROP_MIMES, MEDIA_MIME, decodeMediaDrag, encodeMediaDrag } from '../../src/shared/dnd';
import { isMediaItem } from '../../src/core/model';
import { photoItem, videoItem } from './insertFixtures';

describe('insert drag and drop payload', () => {
  it('uses the tree view’s own MIME type (view id in lower case) and a grid MIME type', () => {
    assert.equal(MEDIA_MIME, `application/vnd.code.tree.${'stockMedia.collections'.toLowerCase()}`);
    assert.equal(GRID_MEDIA_MIME, GRID_MEDIA_MIME.toLowerCase(), 'browsers lower-case drag types');
    assert.deepEqual(MEDIA_DROP_MIMES, [MEDIA_MIME, GRID_MEDIA_MIME]);
  });

  it('round-trips photos and videos', () => {
    const items = [photoItem(), videoItem()];
    const decoded = decodeMediaDrag(encodeMediaDrag(items));
    assert.deepEqual(decoded, items);
    assert.ok(decoded.every(isMediaItem));
  });

  it('understands tree nodes put on the drag as they are, and single items', () => {
    const node = { kind: 'media', id: 'x', media: photoItem() };
    assert.deepEqual(decodeMediaDrag(JSON.stringify([node])), [photoItem()]);
    assert.deepEqual(decodeMediaDrag(JSON.stringify(photoItem())), [photoItem()]);
    assert.deepEqual(decodeMediaDrag(JSON.stringify({ media: photoItem() })), [photoItem()]);
  });

  it('garbage decodes to nothing usable', () => {
    assert.deepEqual(decodeMediaDrag('not json'), []);
    for (const value of decodeMediaDrag('[1, null, "x", {"kind": "photo"}, {"kind": "video", "video": {}}]')) {
      assert.equal(isMediaItem(value), false);
    }
  });

  it('the media check wants the fields the insert reads', () => {
    assert.ok(isMediaItem(photoItem()));
    assert.ok(isMediaItem(videoItem()));
    assert.ok(isMediaItem(photoItem({ alt: undefined })));
    const p = photoItem();
    if (p.kind !== 'photo') throw new Error('photo');
    assert.equal(isMediaItem({ kind: 'photo', photo: { ...p.photo, src: { ...p.photo.src, large: 5 } } }), false);
    assert.equal(isMediaItem({ kind: 'photo', photo: { ...p.photo, id: -1 } }), false);
    assert.equal(isMediaItem({ kind: 'photo', photo: { ...p.photo, id: '1' } }), false);
    assert.equal(isMediaItem({ kind: 'other', photo: p.photo }), false);
    const v = videoItem();
    if (v.kind !== 'video') throw new Error('video');
    assert.equal(isMediaItem({ kind: 'video', video: { ...v.video, video_files: [{ link: 1 }] } }), false);
    assert.equal(isMediaItem({ kind: 'video', video: { ...v.video, user: null } }), false);
  });
});
