// Photo variant sizes (checked against the local server's model of the image CDN, which
// renders files of exactly that size) and the choice of video file.
import * as assert from 'node:assert/strict';
import { PHOTO_VARIANT_QUERIES, photoVariantSize as serverVariantSize } from '../server/images';
import { PHOTO_VARIANTS } from '../../src/core/model';
import type { PhotoVariant } from '../../src/core/model';
import { chooseVideoFile, describeRule, photoVariantSize, ruleFor, ruleFromUrl, videoFileLabel } from '../../src/core/insert/variants';
import { photo, video } from './insertFixtures';

const SIZES: [number, number][] = [
  [6000, 4000], [4000, 6000], [5472, 5472], [4032, 3024], [3024, 4032], [3000, 2000], [3840, 2160], [2160, 3840],
  [1920, 1280], [1280, 1920], [1280, 853], [1080, 1350], [800, 600], [500, 900], [120, 80],
];

function photoOf(width: number, height: number, withQuery = true): ReturnType<typeof photo> {
  const base = 'http://127.0.0.1:9/media/photos/1/pexels-photo-1.png';
  const src = Object.fromEntries(
    PHOTO_VARIANTS.map((v) => [v, withQuery && PHOTO_VARIANT_QUERIES[v] ? `${base}?${PHOTO_VARIANT_QUERIES[v]}` : base]),
  ) as Record<PhotoVariant, string>;
  return photo({ width, height, src });
}

describe('insert variant sizes', () => {
  it('the pixel size of every variant matches what the image server renders', () => {
    for (const [w, h] of SIZES) {
      for (const variant of PHOTO_VARIANTS) {
        const mine = photoVariantSize(photoOf(w, h), variant);
        const served = serverVariantSize({ width: w, height: h }, variant);
        assert.deepEqual({ width: mine.pixelWidth, height: mine.pixelHeight }, served, `${w}×${h} ${variant}`);
      }
    }
  });

  it('the same sizes come from the documented rules when URLs carry no query', () => {
    for (const [w, h] of SIZES) {
      for (const variant of PHOTO_VARIANTS) {
        assert.deepEqual(photoVariantSize(photoOf(w, h, false), variant), photoVariantSize(photoOf(w, h), variant), `${w}×${h} ${variant}`);
      }
    }
  });

  it('the shown size (width/height attributes) leaves out the pixel density', () => {
    const p = photoOf(6000, 4000);
    assert.deepEqual(photoVariantSize(p, 'original'), { width: 6000, height: 4000, pixelWidth: 6000, pixelHeight: 4000 });
    assert.deepEqual(photoVariantSize(p, 'large'), { width: 940, height: 627, pixelWidth: 940, pixelHeight: 627 });
    assert.deepEqual(photoVariantSize(p, 'large2x'), { width: 940, height: 627, pixelWidth: 1880, pixelHeight: 1253 });
    assert.deepEqual(photoVariantSize(p, 'medium'), { width: 525, height: 350, pixelWidth: 525, pixelHeight: 350 });
    assert.deepEqual(photoVariantSize(p, 'small'), { width: 195, height: 130, pixelWidth: 195, pixelHeight: 130 });
    assert.deepEqual(photoVariantSize(p, 'portrait'), { width: 800, height: 1200, pixelWidth: 800, pixelHeight: 1200 });
    assert.deepEqual(photoVariantSize(p, 'landscape'), { width: 1200, height: 627, pixelWidth: 1200, pixelHeight: 627 });
    assert.deepEqual(photoVariantSize(p, 'tiny'), { width: 280, height: 200, pixelWidth: 280, pixelHeight: 200 });
  });

  it('never enlarges a small photo (except crops, which are exact)', () => {
    const p = photoOf(800, 600);
    assert.deepEqual(photoVariantSize(p, 'large2x'), { width: 800, height: 600, pixelWidth: 800, pixelHeight: 600 });
    assert.deepEqual(photoVariantSize(p, 'medium'), { width: 467, height: 350, pixelWidth: 467, pixelHeight: 350 });
    assert.deepEqual(photoVariantSize(p, 'portrait'), { width: 800, height: 1200, pixelWidth: 800, pixelHeight: 1200 });
  });

  it('reads w, h, dpr and fit from the URL; tolerates URLs without them', () => {
    assert.deepEqual(ruleFromUrl('https://x.example/a.jpg?auto=compress&dpr=2&h=650&w=940'), { w: 940, h: 650, dpr: 2, crop: false });
    assert.deepEqual(ruleFromUrl('https://x.example/a.jpg?fit=crop&h=200&w=280'), { w: 280, h: 200, dpr: undefined, crop: true });
    assert.equal(ruleFromUrl('https://x.example/a.jpg'), undefined);
    assert.equal(ruleFromUrl('https://x.example/a.jpg?w=-5&h=abc'), undefined);
    assert.equal(ruleFromUrl('not a url'), undefined);
    // A custom size in the URL wins over the documented rule.
    const custom = photo({ width: 4000, height: 2000, src: { ...photo().src, large: 'https://x.example/a.jpg?w=400' } });
    assert.deepEqual(ruleFor(custom, 'large'), { w: 400, h: undefined, dpr: undefined, crop: false });
    assert.deepEqual(photoVariantSize(custom, 'large'), { width: 400, height: 200, pixelWidth: 400, pixelHeight: 200 });
  });

  it('describes the rules for the size picker', () => {
    const p = photoOf(6000, 4000);
    assert.equal(describeRule(ruleFor(p, 'original')), 'full size');
    assert.equal(describeRule(ruleFor(p, 'large2x')), 'fits 940×650, 2× density');
    assert.equal(describeRule(ruleFor(p, 'medium')), '350 high');
    assert.equal(describeRule(ruleFor(p, 'tiny')), 'cropped to 280×200');
  });
});

describe('insert video file choice', () => {
  const v = video();
  const label = (q: Parameters<typeof chooseVideoFile>[1], vid = v): string | undefined => {
    const f = chooseVideoFile(vid, q);
    return f ? videoFileLabel(f) : undefined;
  };

  it('hd: the biggest HD file up to 1080p', () => assert.equal(label('hd'), 'hd-1920x1080'));
  it('sd: the biggest SD file', () => assert.equal(label('sd'), 'sd-960x540'));
  it('smallest and largest by pixels', () => {
    assert.equal(label('smallest'), 'sd-640x360');
    assert.equal(label('largest'), 'hd-3840x2160');
  });
  it('hls only on request', () => assert.equal(label('hls'), 'hls'));

  it('portrait videos: the short side decides 1080p', () => {
    const portrait = video({
      width: 2160,
      height: 3840,
      video_files: [
        { id: 1, quality: 'hd', file_type: 'video/mp4', width: 2160, height: 3840, link: 'https://v.example/1.mp4' },
        { id: 2, quality: 'hd', file_type: 'video/mp4', width: 1080, height: 1920, link: 'https://v.example/2.mp4' },
        { id: 3, quality: 'sd', file_type: 'video/mp4', width: 540, height: 960, link: 'https://v.example/3.mp4' },
      ],
    });
    assert.equal(label('hd', portrait), 'hd-1080x1920');
  });

  it('falls back when a quality is missing, and skips unsafe links', () => {
    const onlyHd = video({
      video_files: [
        { id: 1, quality: 'hd', file_type: 'video/mp4', width: 3840, height: 2160, link: 'https://v.example/1.mp4' },
        { id: 2, quality: 'sd', file_type: 'video/mp4', width: 640, height: 360, link: 'javascript:alert(1)' },
      ],
    });
    assert.equal(label('sd', onlyHd), 'hd-3840x2160');
    assert.equal(label('hls', onlyHd), 'hd-3840x2160');
    assert.equal(label('smallest', onlyHd), 'hd-3840x2160');
    assert.equal(chooseVideoFile(video({ video_files: [] }), 'hd'), undefined);
  });
});
