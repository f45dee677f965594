// The project's own answers in the shapes the real service has sent over the years (the
// shared folder ../shared/real-responses holds real ones; these are not copies: new ids,
// names and links, the same structure). Each names the oddity it carries. Bodies are written
// as JSON text, as a server sends them, so a test can hand them to the client as they are.

/** A photo's `src` as the service writes it: one original and seven renditions of it. */
function photoSrc(id: number, original = `https://images.pexels.com/photos/${id}/pexels-photo-${id}.jpeg`): Record<string, string> {
  const base = original.replace(/\?.*$/, '');
  return {
    original,
    large2x: `${base}?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`,
    large: `${base}?auto=compress&cs=tinysrgb&h=650&w=940`,
    medium: `${base}?auto=compress&cs=tinysrgb&h=350`,
    small: `${base}?auto=compress&cs=tinysrgb&h=130`,
    portrait: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800`,
    landscape: `${base}?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200`,
    tiny: `${base}?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280`,
  };
}

interface PhotoShape {
  id: number;
  slug: string;
  photographer: string;
  photographerId: number;
  /** Left out of the object when undefined (answers recorded in 2020 have neither). */
  avgColor?: string;
  alt?: string;
  /** Left out when undefined (some answers have no `liked` at all). */
  liked?: boolean;
  original?: string;
  type?: 'Photo';
}

function photo(p: PhotoShape): Record<string, unknown> {
  const handle = p.photographer.toLowerCase().replace(/\s+/g, '-');
  return {
    ...(p.type ? { type: p.type } : {}),
    id: p.id,
    width: 4000 + (p.id % 1000),
    height: 3000 - (p.id % 700),
    url: `https://www.pexels.com/photo/${p.slug}-${p.id}/`,
    photographer: p.photographer,
    photographer_url: `https://www.pexels.com/@${handle}-${p.photographerId}`,
    photographer_id: p.photographerId,
    ...(p.avgColor !== undefined ? { avg_color: p.avgColor } : {}),
    src: photoSrc(p.id, p.original),
    ...(p.liked !== undefined ? { liked: p.liked } : {}),
    ...(p.alt !== undefined ? { alt: p.alt } : {}),
  };
}

interface FileShape {
  id: number;
  quality: string | null;
  width: number | null;
  height: number | null;
  link: string;
  /** 'absent': no `fps` key at all. */
  fps?: number | null | 'absent';
  size?: number | null;
  fileType?: string;
}

function videoFile(f: FileShape): Record<string, unknown> {
  return {
    id: f.id,
    quality: f.quality,
    file_type: f.fileType ?? 'video/mp4',
    width: f.width,
    height: f.height,
    ...(f.fps === 'absent' || f.fps === undefined ? {} : { fps: f.fps }),
    link: f.link,
    ...(f.size !== undefined ? { size: f.size } : {}),
  };
}

interface VideoShape {
  id: number;
  slug: string;
  user: string;
  userId: number;
  files: FileShape[];
  /** Left out when undefined; collections carry null. */
  avgColor?: string | null;
  /** Left out of the object when false (one old answer has no `tags`). */
  tags?: boolean;
  pictureHost?: string;
  type?: 'Video';
}

function video(v: VideoShape): Record<string, unknown> {
  const pictures = v.pictureHost ?? 'https://images.pexels.com';
  return {
    ...(v.type ? { type: v.type } : {}),
    id: v.id,
    width: 1920,
    height: 1080,
    url: `https://www.pexels.com/video/${v.slug}-${v.id}/`,
    image: `https://images.pexels.com/videos/${v.id}/${v.slug}-${v.id}.jpeg?auto=compress&cs=tinysrgb&fit=crop&h=630&w=1200`,
    full_res: null,
    ...(v.tags === false ? {} : { tags: [] }),
    duration: 7 + (v.id % 40),
    user: { id: v.userId, name: v.user, url: `https://www.pexels.com/@${v.user.toLowerCase().replace(/\s+/g, '-')}-${v.userId}` },
    video_files: v.files.map(videoFile),
    video_pictures: [0, 1, 2].map((nr) => ({
      // The id, picture, nr order of an old single-video answer.
      id: v.id * 10 + nr,
      picture: `${pictures}/videos/${v.id}/pictures/preview-${nr}.jpg`,
      nr,
    })),
    ...(v.avgColor !== undefined ? { avg_color: v.avgColor } : {}),
  };
}

/** The four renditions Vimeo-era answers list, with the first link written `<id>.hd.?s=…` (no extension). */
function vimeoFiles(first: number, vimeo: number, withExtension: boolean): FileShape[] {
  const ext = withExtension ? '.mp4' : '.';
  return [
    { id: first, quality: 'hd', width: 1920, height: 1080, fps: 25, link: `https://player.vimeo.com/external/${vimeo}.hd${ext}?s=b7c1d2e3f4a5968778695a4b3c2d1e0f98765432&profile_id=175&oauth2_token_id=57447761` },
    { id: first + 1, quality: 'sd', width: 640, height: 360, fps: 25, link: `https://player.vimeo.com/external/${vimeo}.sd${ext}?s=0f1e2d3c4b5a69788796a5b4c3d2e1f012345678&profile_id=164&oauth2_token_id=57447761` },
    { id: first + 2, quality: 'hd', width: 1280, height: 720, fps: null, link: `https://player.vimeo.com/external/${vimeo}.hd${ext}?s=b7c1d2e3f4a5968778695a4b3c2d1e0f98765432&profile_id=174&oauth2_token_id=57447761` },
    { id: first + 3, quality: 'hls', width: null, height: null, fps: 'absent', link: `https://player.vimeo.com/external/${vimeo}.m3u8?s=aa11bb22cc33dd44ee55ff6677889900aabbccdd&oauth2_token_id=57447761` },
  ];
}

const json = (body: unknown): string => JSON.stringify(body);

/** GET /v1/curated, page 2, as recorded in 2020: no `total_results`, no `avg_color`, no `alt`; both page links. */
export const curatedWithoutTotal = json({
  page: 2,
  per_page: 3,
  photos: [
    photo({ id: 5102201, slug: 'lighthouse-on-a-cliff-at-dusk', photographer: 'Ines Marlow', photographerId: 77120, liked: false }),
    photo({ id: 5102244, slug: 'red-bicycle-against-a-blue-wall', photographer: 'Tomasz Ried', photographerId: 90311, liked: false }),
    photo({ id: 5102398, slug: 'steam-rising-from-a-cup-of-tea', photographer: 'Ada Okafor', photographerId: 61502, liked: false }),
  ],
  next_page: 'https://api.pexels.com/v1/curated/?page=3&per_page=3',
  prev_page: 'https://api.pexels.com/v1/curated/?page=1&per_page=3',
});

/** GET /v1/search: no `liked` anywhere; an original named `pexels-photo.jpg` (no id); `next_page` with `/?`. */
export const searchWithoutLiked = json({
  page: 1,
  per_page: 2,
  photos: [
    photo({ id: 20117, slug: 'harbour-at-low-tide', photographer: 'Kai Brenner', photographerId: 3120, avgColor: '#7A8C95', alt: 'Boats resting on the mud of a harbour at low tide', original: 'https://images.pexels.com/photos/20117/pexels-photo.jpg' }),
    photo({ id: 1843362, slug: 'old-fishing-nets-on-a-pier', photographer: 'Lena Voss', photographerId: 40455, avgColor: '#5E5146', alt: 'Old fishing nets piled on a wooden pier' }),
  ],
  total_results: 6120,
  next_page: 'https://api.pexels.com/v1/search/?page=2&per_page=2&query=harbour',
});

/** GET /v1/search: `next_page` with a doubled `/v1/v1/` and no `/` before `?`; `alt` a full sentence. */
export const searchDoubledV1 = json({
  page: 1,
  per_page: 1,
  photos: [
    photo({ id: 30981412, slug: 'a-hiker-resting-on-a-ridge-above-the-clouds', photographer: 'Mirela Stan', photographerId: 1900342, avgColor: '#8FA3B8', alt: 'A hiker sits on a rocky ridge and looks over a sea of clouds in the early morning.', liked: false }),
  ],
  total_results: 7400,
  next_page: 'https://api.pexels.com/v1/v1/search?page=2&per_page=1&query=hiker+above+clouds',
});

/** GET /v1/curated: empty `alt` on most, Cyrillic alt text, a photographer named with a double space. */
export const curatedEmptyAlts = json({
  page: 1,
  per_page: 3,
  photos: [
    photo({ id: 19830551, slug: 'untitled', photographer: 'Oleg  Marin', photographerId: 2204116, avgColor: '#3B3A36', alt: '', liked: false }),
    photo({ id: 19830602, slug: 'zimnii-les', photographer: 'Daria Sokol', photographerId: 1186020, avgColor: '#C9CED3', alt: 'Зимний лес на рассвете', liked: false }),
    photo({ id: 19830677, slug: 'untitled', photographer: 'Jun Park', photographerId: 997301, avgColor: '#A06B48', alt: '', liked: false }),
  ],
  total_results: 8000,
  next_page: 'https://api.pexels.com/v1/curated/?page=2&per_page=3',
});

/** GET /videos/search, 2025 shape: `size` on every file, `uhd`, float32 fps, links on videos.pexels.com; `next_page` without `/` before `?`. */
export const videoSearchFloatFps = json({
  page: 1,
  per_page: 2,
  videos: [
    video({
      id: 7311902,
      slug: 'waves-breaking-on-black-sand',
      user: 'Noa Feld',
      userId: 5012233,
      avgColor: '#4D4F52',
      files: [
        { id: 19244101, quality: 'uhd', width: 3840, height: 2160, fps: 29.969999313354492, size: 48211376, link: 'https://videos.pexels.com/video-files/7311902/7311902-uhd_3840_2160_30fps.mp4' },
        { id: 19244102, quality: 'hd', width: 1920, height: 1080, fps: 29.969999313354492, size: 14022812, link: 'https://videos.pexels.com/video-files/7311902/7311902-hd_1920_1080_30fps.mp4' },
        { id: 19244103, quality: 'sd', width: 640, height: 360, fps: 29.969999313354492, size: 2210394, link: 'https://videos.pexels.com/video-files/7311902/7311902-sd_640_360_30fps.mp4' },
      ],
    }),
    video({
      id: 7311955,
      slug: 'fog-over-a-pine-forest',
      user: 'Ravi Menon',
      userId: 3321870,
      avgColor: '#6C7467',
      files: [
        { id: 19244220, quality: 'hd', width: 2560, height: 1440, fps: 23.976, size: 30110245, link: 'https://videos.pexels.com/video-files/7311955/7311955-hd_2560_1440_24fps.mp4' },
        { id: 19244221, quality: 'sd', width: 960, height: 540, fps: 23.976, size: 5120991, link: 'https://videos.pexels.com/video-files/7311955/7311955-sd_960_540_24fps.mp4' },
      ],
    }),
  ],
  total_results: 5230,
  next_page: 'https://api.pexels.com/v1/videos/search?page=2&per_page=2&query=coast',
  url: 'https://api-server.pexels.com/search/videos/coast/',
});

/** GET /videos/popular of 2017: Vimeo links without extension (`<id>.hd.?s=…`), `fps` null, an hls file (null sizes, file_type video/mp4, no fps), a `quality` null, a double space in a name. */
export const popularWithoutExtensions = json({
  page: 1,
  per_page: 2,
  videos: [
    video({ id: 913405, slug: 'people-crossing-a-busy-street', user: 'Sun  and Sea', userId: 301887, files: vimeoFiles(31007, 251840337, false) }),
    video({
      id: 913512,
      slug: 'a-kettle-on-a-camp-stove',
      user: 'Mara Lind',
      userId: 288140,
      files: [
        ...vimeoFiles(31120, 251902118, true),
        { id: 31125, quality: null, width: 1280, height: 720, fps: 30, link: 'https://player.vimeo.com/external/251902118.hd.mp4?s=5f4e3d2c1b0a99887766554433221100ffeeddcc&profile_id=174&oauth2_token_id=57447761' },
      ],
    }),
  ],
  total_results: 251880,
  next_page: 'https://api.pexels.com/v1/videos/popular/?page=2&per_page=2',
  url: 'https://api-server.pexels.com/videos/',
});

/** GET /videos/search recorded in 2020, page 2: a full page without `next_page` or `prev_page`; `url` with a raw space; no `avg_color`; pictures on static-videos. */
export const videoSearchPage2WithoutLinks = json({
  page: 2,
  per_page: 2,
  total_results: 1204,
  url: 'https://www.pexels.com/search/videos/night market/',
  videos: [
    video({ id: 4122907, slug: 'lanterns-over-a-night-market', user: 'Chen Wei', userId: 2210456, pictureHost: 'https://static-videos.pexels.com', files: vimeoFiles(41201, 418820345, true).slice(0, 2) }),
    video({ id: 4122988, slug: 'grilling-skewers-at-a-street-stall', user: 'Amaru Quispe', userId: 1877302, pictureHost: 'https://static-videos.pexels.com', files: vimeoFiles(41260, 418825510, true).slice(0, 2) }),
  ],
});

/** GET /videos/search with nothing found: `videos` empty, `total_results` 0, no `next_page`, a `url`. */
export const videoSearchEmpty = json({
  page: 1,
  per_page: 2,
  videos: [],
  total_results: 0,
  url: 'https://api-server.pexels.com/search/videos/qwzxqwzxlkjh/',
});

/** GET /v1/collections/featured: a title with a leading space, a videos-only collection, empty and non-empty descriptions. */
export const featuredCollections = json({
  page: 1,
  per_page: 3,
  collections: [
    { id: 'qz81mfa', title: ' Lunar New Year', description: '', private: false, media_count: 41, photos_count: 0, videos_count: 41 },
    { id: 'x0vke2p', title: 'Quiet Interiors', description: 'Rooms with morning light, plants and old wood.', private: false, media_count: 58, photos_count: 52, videos_count: 6 },
    { id: 'b7tn3ws', title: 'Street Food', description: '', private: false, media_count: 23, photos_count: 20, videos_count: 3 },
  ],
  total_results: 712,
  next_page: 'https://api.pexels.com/v1/collections/featured/?page=2&per_page=3',
});

/** GET /v1/collections (one's own): `description` null, no page links at all, and the total says it is all. */
export const ownCollections = json({
  page: 1,
  per_page: 1,
  collections: [{ id: 'mnb45tq', title: 'Moodboard for the spring issue', description: null, private: true, media_count: 3, photos_count: 2, videos_count: 1 }],
  total_results: 1,
});

/** GET /v1/collections/:id: mixed Photo and Video; the photo without `alt`, the video with an hls file and no fps; top-level `id`. */
export const collectionMediaMixed = json({
  id: 'x0vke2p',
  media: [
    photo({ type: 'Photo', id: 3316207, slug: 'sunlit-reading-corner', photographer: 'Hanne Kjær', photographerId: 120554, avgColor: '#B9A68F', liked: false }),
    video({
      type: 'Video',
      id: 862114,
      slug: 'dust-floating-in-a-sunbeam',
      user: 'Pixelgrove',
      userId: 4312,
      avgColor: null,
      files: [
        { id: 18203, quality: 'hd', width: 1280, height: 720, fps: 'absent', link: 'https://player.vimeo.com/external/204156228.hd.mp4?s=9a8b7c6d5e4f30211203f4e5d6c7b8a9f0e1d2c3&profile_id=174&oauth2_token_id=57447761' },
        { id: 18204, quality: 'hls', width: null, height: null, fps: 'absent', link: 'https://player.vimeo.com/external/204156228.m3u8?s=1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d&oauth2_token_id=57447761' },
      ],
    }),
  ],
  page: 2,
  per_page: 2,
  total_results: 58,
  next_page: 'https://api.pexels.com/v1/collections/x0vke2p/?page=3&per_page=2',
  prev_page: 'https://api.pexels.com/v1/collections/x0vke2p/?page=1&per_page=2',
});

/** GET /videos/videos/:id, an old documentation answer: no `avg_color`, no `tags`, pictures on static-videos. */
export const singleVideoOld = json(
  video({ id: 2783391, slug: 'rain-on-a-window', user: 'Ottilie Brandt', userId: 1520044, tags: false, pictureHost: 'https://static-videos.pexels.com', files: vimeoFiles(99120, 366201845, true).slice(0, 3) }),
);

/** GET /v1/photos/:id, an old documentation answer: no `alt`. */
export const singlePhotoWithoutAlt = json(
  photo({ id: 2290776, slug: 'sand-dunes-under-a-clear-sky', photographer: 'Yusuf', photographerId: 730112, avgColor: '#D1A878', liked: false }),
);

/** Each fixture with the endpoint it answers and its items, as SOURCES.md lists the shared ones. */
export const ANSWER_FIXTURES: readonly { name: string; endpoint: string; body: string; items: number }[] = [
  { name: 'curatedWithoutTotal', endpoint: 'GET /v1/curated', body: curatedWithoutTotal, items: 3 },
  { name: 'searchWithoutLiked', endpoint: 'GET /v1/search', body: searchWithoutLiked, items: 2 },
  { name: 'searchDoubledV1', endpoint: 'GET /v1/search', body: searchDoubledV1, items: 1 },
  { name: 'curatedEmptyAlts', endpoint: 'GET /v1/curated', body: curatedEmptyAlts, items: 3 },
  { name: 'videoSearchFloatFps', endpoint: 'GET /videos/search', body: videoSearchFloatFps, items: 2 },
  { name: 'popularWithoutExtensions', endpoint: 'GET /videos/popular', body: popularWithoutExtensions, items: 2 },
  { name: 'videoSearchPage2WithoutLinks', endpoint: 'GET /videos/search', body: videoSearchPage2WithoutLinks, items: 2 },
  { name: 'videoSearchEmpty', endpoint: 'GET /videos/search', body: videoSearchEmpty, items: 0 },
  { name: 'featuredCollections', endpoint: 'GET /v1/collections/featured', body: featuredCollections, items: 3 },
  { name: 'ownCollections', endpoint: 'GET /v1/collections', body: ownCollections, items: 1 },
  { name: 'collectionMediaMixed', endpoint: 'GET /v1/collections/:id', body: collectionMediaMixed, items: 2 },
  { name: 'singleVideoOld', endpoint: 'GET /videos/videos/:id', body: singleVideoOld, items: 1 },
  { name: 'singlePhotoWithoutAlt', endpoint: 'GET /v1/photos/:id', body: singlePhotoWithoutAlt, items: 1 },
];
