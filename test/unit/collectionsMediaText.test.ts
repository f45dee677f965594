import * as assert from 'node:assert/strict';
import {
  formatDuration,
  mediaAccessibilityLabel,
  mediaAuthor,
  mediaLabel,
  mediaSizeText,
  mediaTooltipMarkdown,
  thumbnailUrl,
  titleFromPageUrl,
  videoResolutionName,
} from '../../src/core/mediaText';
import type { MediaItem, Photo, Video } from '../../src/core/model';

function photo(over: Partial<Photo> = {}): Photo {
  const base = 'https://images.example.com/photos/2014422/pexels-photo-2014422.jpeg';
  return {
    id: 2014422,
    width: 6000,
    height: 4000,
    url: 'https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/',
    photographer: 'Joe Doe',
    photographer_url: 'https://www.pexels.com/@joe',
    photographer_id: 680589,
    avg_color: '#978E82',
    src: {
      original: base,
      large2x: `${base}?w=1880`,
      large: `${base}?h=650`,
      medium: `${base}?h=350`,
      small: `${base}?h=130`,
      portrait: `${base}?fit=crop&h=1200&w=800`,
      landscape: `${base}?fit=crop&h=627&w=1200`,
      tiny: `${base}?fit=crop&h=200&w=280`,
    },
    liked: false,
    alt: 'Brown rocks during golden hour',
    ...over,
  };
}

function video(over: Partial<Video> = {}): Video {
  return {
    id: 2499611,
    width: 3840,
    height: 2160,
    url: 'https://www.pexels.com/video/waves-crashing-on-rocks-2499611/',
    image: 'https://images.example.com/videos/2499611/free-video-2499611.jpg?w=1200',
    duration: 65,
    user: { id: 1, name: 'Ana Lee', url: 'https://www.pexels.com/@ana' },
    video_files: [],
    video_pictures: [
      { id: 2, picture: 'https://images.example.com/videos/2499611/pictures/preview-1.jpg', nr: 1 },
      { id: 1, picture: 'https://images.example.com/videos/2499611/pictures/preview-0.jpg', nr: 0 },
    ],
    ...over,
  };
}

const asPhoto = (p: Photo): MediaItem => ({ kind: 'photo', photo: p });
const asVideo = (v: Video): MediaItem => ({ kind: 'video', video: v });

describe('mediaText', () => {
  describe('formatDuration and sizes', () => {
    it('formats durations', () => {
      assert.equal(formatDuration(0), '0:00');
      assert.equal(formatDuration(42), '0:42');
      assert.equal(formatDuration(725), '12:05');
      assert.equal(formatDuration(3723), '1:02:03');
      assert.equal(formatDuration(Number.NaN), '0:00');
      assert.equal(formatDuration(-5), '0:00');
    });
    it('names video resolutions by the shorter side', () => {
      assert.equal(videoResolutionName(3840, 2160), '4K');
      assert.equal(videoResolutionName(1080, 1920), 'Full HD');
      assert.equal(videoResolutionName(1280, 720), 'HD');
      assert.equal(videoResolutionName(960, 540), undefined);
    });
    it('describes the size of a photo and a video', () => {
      assert.equal(mediaSizeText(asPhoto(photo())), '6000 × 4000 px (24 MP)');
      assert.equal(mediaSizeText(asPhoto(photo({ width: 1920, height: 1280 }))), '1920 × 1280 px (2.5 MP)');
      assert.equal(mediaSizeText(asVideo(video())), '3840 × 2160 (4K) · 1:05');
    });
  });

  describe('labels', () => {
    it('uses the alt text of a photo', () => {
      assert.equal(mediaLabel(asPhoto(photo({ alt: '  Rocks\nat dusk ' }))), 'Rocks at dusk');
    });
    it('falls back to the page title when there is no alt (collection photos)', () => {
      const p = photo();
      delete p.alt;
      assert.equal(mediaLabel(asPhoto(p)), 'Brown rocks during golden hour');
      assert.equal(mediaLabel(asVideo(video())), 'Waves crashing on rocks');
    });
    it('falls back to "Photo by …" / "Video by …" when the page has no words', () => {
      const p = photo({ url: 'https://www.pexels.com/photo/2014422/' });
      delete p.alt;
      assert.equal(mediaLabel(asPhoto(p)), 'Photo by Joe Doe');
      assert.equal(mediaLabel(asVideo(video({ url: 'https://www.pexels.com/video/2499611/' }))), 'Video by Ana Lee');
    });
    it('reads a title only from a slug that ends in the item id', () => {
      assert.equal(titleFromPageUrl('https://x.example/photo/cat-on-a-mat-7/', 7), 'Cat on a mat');
      assert.equal(titleFromPageUrl('https://x.example/photo/cat-on-a-mat-7/', 8), undefined);
      assert.equal(titleFromPageUrl('https://x.example/photo/123-7/', 7), undefined);
      assert.equal(titleFromPageUrl('not a url', 7), undefined);
      assert.equal(titleFromPageUrl('https://x.example/photo/%E0%A4%A-7/', 7), undefined);
    });
    it('names the author', () => {
      assert.equal(mediaAuthor(asPhoto(photo())), 'Joe Doe');
      assert.equal(mediaAuthor(asVideo(video())), 'Ana Lee');
      assert.equal(mediaAuthor(asPhoto(photo({ photographer: ' ' }))), 'an unknown author');
    });
    it('gives screen readers the kind, the title and the author', () => {
      assert.equal(mediaAccessibilityLabel(asVideo(video())), 'Video, 1:05: Waves crashing on rocks, by Ana Lee');
    });
  });

  describe('thumbnails and tooltips', () => {
    it('picks the tiny photo variant and the first video picture', () => {
      assert.equal(thumbnailUrl(asPhoto(photo())), 'https://images.example.com/photos/2014422/pexels-photo-2014422.jpeg?fit=crop&h=200&w=280');
      assert.equal(thumbnailUrl(asVideo(video())), 'https://images.example.com/videos/2499611/pictures/preview-0.jpg');
    });
    it('skips unsafe thumbnails', () => {
      const p = photo();
      p.src = { ...p.src, tiny: 'javascript:alert(1)', small: 'http://evil.example/x.jpg' };
      assert.equal(thumbnailUrl(asPhoto(p)), undefined);
      const v = video({ video_pictures: [{ id: 1, picture: 'file:///etc/passwd', nr: 0 }] });
      assert.equal(thumbnailUrl(asVideo(v)), 'https://images.example.com/videos/2499611/free-video-2499611.jpg?w=1200');
    });
    it('shows thumbnail, title, size and credit for a photo', () => {
      const md = mediaTooltipMarkdown(asPhoto(photo()), { serviceName: 'Pexels' });
      assert.equal(
        md,
        [
          '![Brown rocks during golden hour](https://images.example.com/photos/2014422/pexels-photo-2014422.jpeg?fit=crop&h=200&w=280)',
          '**Brown rocks during golden hour**',
          'Photo · 6000 × 4000 px \\(24 MP\\)',
          'Photo by [Joe Doe](https://www.pexels.com/@joe) on [Pexels](https://www.pexels.com/photo/brown-rocks-during-golden-hour-2014422/)',
        ].join('\n\n'),
      );
    });
    it('shows the duration of a video and credits its user', () => {
      const md = mediaTooltipMarkdown(asVideo(video()), { serviceName: 'Pexels' });
      assert.match(md, /Video · 3840 × 2160 \\\(4K\\\) · 1\\:05/);
      assert.match(md, /Video by \[Ana Lee\]\(https:\/\/www\.pexels\.com\/@ana\) on \[Pexels\]/);
    });
    it('escapes hostile API text and drops hostile links', () => {
      const md = mediaTooltipMarkdown(
        asPhoto(
          photo({
            alt: '<img src=x onerror=alert(1)> [click](command:workbench.action.quit)',
            photographer: '**Evil**](javascript:alert(1))',
            photographer_url: 'javascript:alert(1)',
            url: 'command:workbench.action.quit',
          }),
        ),
        { serviceName: 'Pexels' },
      );
      // Every `<` of the API text is escaped, so it is no tag.
      assert.doesNotMatch(md, /(^|[^\\])</m);
      assert.doesNotMatch(md, /\]\(command:/);
      assert.doesNotMatch(md, /\]\(javascript:/);
      // The photographer's `]` is a `)` (src/core/inert.ts), every ASCII mark escaped.
      assert.match(md, /Photo by \\\*\\\*Evil\\\*\\\*\\\)\\\(javascript\\:alert\\\(1\\\)\\\) on Pexels$/);
    });
  });
});
