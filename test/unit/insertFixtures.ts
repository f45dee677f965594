// Photos and videos shaped as the service sends them, for the insert unit tests.
import type { MediaItem, Photo, PhotoVariant, Video } from '../../src/core/model';
import type { InsertSettings } from '../../src/core/insert/plan';

const QUERIES: Record<PhotoVariant, string> = {
  original: '',
  large2x: '?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940',
  large: '?auto=compress&cs=tinysrgb&h=650&w=940',
  medium: '?auto=compress&cs=tinysrgb&h=350',
  small: '?auto=compress&cs=tinysrgb&h=130',
  portrait: '?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800',
  landscape: '?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200',
  tiny: '?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280',
};

export function photo(overrides: Partial<Photo> = {}): Photo {
  const id = overrides.id ?? 2014422;
  const file = `https://images.pexels.com/photos/${id}/pexels-photo-${id}.jpeg`;
  return {
    id,
    width: 3024,
    height: 3024,
    url: `https://www.pexels.com/photo/brown-rocks-during-golden-hour-${id}/`,
    photographer: 'Joey Farina',
    photographer_url: 'https://www.pexels.com/@joey',
    photographer_id: 680589,
    avg_color: '#978E82',
    src: Object.fromEntries(Object.entries(QUERIES).map(([v, q]) => [v, file + q])) as Photo['src'],
    liked: false,
    alt: 'Brown Rocks During Golden Hour',
    ...overrides,
  };
}

export function video(overrides: Partial<Video> = {}): Video {
  const id = overrides.id ?? 2499611;
  const files = (q: string, w: number | null, h: number | null, fid: number, type = 'video/mp4'): Video['video_files'][number] => ({
    id: fid,
    quality: q,
    file_type: type,
    width: w,
    height: h,
    link: q === 'hls' ? `https://player.vimeo.com/external/${id}.m3u8` : `https://videos.pexels.com/video-files/${id}/${id}-${q}_${w}_${h}_25fps.mp4`,
  });
  return {
    id,
    width: 3840,
    height: 2160,
    url: `https://www.pexels.com/video/ocean-waves-at-sunset-${id}/`,
    image: `https://images.pexels.com/videos/${id}/free-video-${id}.jpg?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200`,
    duration: 22,
    user: { id: 680589, name: 'Joey Farina', url: 'https://www.pexels.com/@joey' },
    video_files: [
      files('sd', 640, 360, 1),
      files('hd', 3840, 2160, 2),
      files('hls', null, null, 3, 'application/x-mpegURL'),
      files('hd', 1920, 1080, 4),
      files('hd', 1280, 720, 5),
      files('sd', 960, 540, 6),
      files('hd', 2560, 1440, 7),
    ],
    video_pictures: [{ id: 1, picture: `https://images.pexels.com/videos/${id}/pictures/preview-0.jpg`, nr: 0 }],
    ...overrides,
  };
}

export const photoItem = (overrides: Partial<Photo> = {}): MediaItem => ({ kind: 'photo', photo: photo(overrides) });
export const videoItem = (overrides: Partial<Video> = {}): MediaItem => ({ kind: 'video', video: video(overrides) });

export const SETTINGS: InsertSettings = {
  photoSize: { kind: 'variant', variant: 'large' },
  videoQuality: 'hd',
  credit: true,
  htmlCredit: 'figure',
  templates: {},
};

export const SERVICE = { serviceName: 'Pexels', serviceUrl: 'https://www.pexels.com' };

/**
 * Reads a VS Code snippet back the way the editor does (escapes, `${1:…}` placeholders,
 * `$1`), and fails on anything else that would be read as snippet syntax.
 */
export function parseSnippet(snippet: string): { text: string; placeholders: string[] } {
  let text = '';
  const placeholders: string[] = [];
  let i = 0;
  const readEscaped = (stop: string): string => {
    let out = '';
    while (i < snippet.length && snippet.charAt(i) !== stop) {
      const c = snippet.charAt(i);
      if (c === '\\' && '$}\\'.includes(snippet.charAt(i + 1))) {
        out += snippet.charAt(i + 1);
        i += 2;
      } else if (c === '$') {
        throw new Error(`Unescaped $ at ${i} inside a placeholder: ${snippet.slice(i, i + 20)}`);
      } else {
        out += c;
        i += 1;
      }
    }
    return out;
  };
  while (i < snippet.length) {
    const c = snippet.charAt(i);
    if (c === '\\' && '$}\\'.includes(snippet.charAt(i + 1))) {
      text += snippet.charAt(i + 1);
      i += 2;
    } else if (c === '$') {
      const m = /^\$\{1:/.exec(snippet.slice(i));
      if (!m) throw new Error(`Unexpected snippet syntax at ${i}: ${snippet.slice(i, i + 20)}`);
      i += m[0].length;
      const value = readEscaped('}');
      if (snippet.charAt(i) !== '}') throw new Error('Unclosed placeholder');
      i += 1;
      placeholders.push(value);
      text += value;
    } else if (c === '}') {
      throw new Error(`Unescaped } at ${i}`);
    } else {
      text += c;
      i += 1;
    }
  }
  return { text, placeholders };
}
