// The generated library the server answers from: photos, videos, featured collections and
// each user's own collections, all derived from one seed so tests can rely on them.
import { createRng } from './prng';
import type { Rng } from './prng';
import { averageColour } from './scene';
import { planScene } from './scenePlans';
import { hexToRgb } from './search';
import { ADJECTIVES, FEATURED_PLANS, PEOPLE, SETTINGS, SUBJECTS, USER_PLANS } from './vocab';
import type { AltLanguage, CollectionPlan } from './vocab';

export const DEFAULT_SEED = 20240601;
export const PHOTO_COUNT = 320;
export const VIDEO_COUNT = 72;
export const CURATED_COUNT = 120;

export type UserName = 'alice' | 'bob' | 'limited';
export const USER_NAMES: readonly UserName[] = ['alice', 'bob', 'limited'];

export interface Person {
  readonly id: number;
  readonly name: string;
  /** Profile path segment, the part after `/@`. */
  readonly slug: string;
}

export interface LibraryUser {
  readonly name: UserName;
  readonly id: number;
  readonly displayName: string;
  readonly key: string;
}

export interface LibraryPhoto {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  /** Page slug (English words), as in `/photo/<slug>-<id>/`: the words of `alt`. */
  readonly slug: string;
  /** The English alt text (the API's default, and what the page URL says). */
  readonly alt: string;
  /** The alt text in each other language, sent when a search asks for that language (`locale`). */
  readonly alts: Readonly<Record<AltLanguage, string>>;
  /** Search words (English), never sent: the Photo resource has no tags. */
  readonly tags: readonly string[];
  /** The mean colour of its picture (scenePlans.ts draws what its subject shows), measured. */
  readonly avgColor: string;
  /** The colour its picture takes walls, fur and the like from (#RRGGBB). */
  readonly tint: string;
  readonly photographer: Person;
  readonly liked: boolean;
}

export interface LibraryVideoFile {
  readonly id: number;
  readonly quality: 'hd' | 'sd' | 'hls';
  readonly fileType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly fps: number;
}

export interface LibraryVideo {
  readonly id: number;
  readonly width: number;
  readonly height: number;
  readonly slug: string;
  /** English description used for search and the page; the Video resource has no text field. */
  readonly title: string;
  readonly tags: readonly string[];
  readonly duration: number;
  readonly user: Person;
  readonly files: readonly LibraryVideoFile[];
  readonly pictureIds: readonly number[];
  /** A colour of its own (not sent: Video has no avg_color); its pictures are frames of its sample video (videoFrames.ts). */
  readonly color: string;
}

export interface MediaRef {
  readonly type: 'Photo' | 'Video';
  readonly id: number;
}

export interface LibraryCollection {
  readonly id: string;
  readonly title: string;
  readonly description: string | null;
  readonly private: boolean;
  readonly featured: boolean;
  /** The user who owns it; null for the service's featured collections. */
  readonly owner: UserName | null;
  /** In the order they were added (sort=asc). */
  readonly media: readonly MediaRef[];
}

export interface Library {
  readonly seed: number;
  readonly people: readonly Person[];
  readonly users: Readonly<Record<UserName, LibraryUser>>;
  readonly photos: readonly LibraryPhoto[];
  readonly videos: readonly LibraryVideo[];
  readonly collections: readonly LibraryCollection[];
  readonly featuredCollectionIds: readonly string[];
  /** The featured collection with 170 mixed media (130 photos, 40 videos). */
  readonly largeFeaturedCollectionId: string;
  /** The load test's featured collection (`largeCollection` media), last of all; only when asked for. */
  readonly loadCollectionId?: string;
  readonly curatedPhotoIds: readonly number[];
  readonly popularVideoIds: readonly number[];
  readonly photoById: ReadonlyMap<number, LibraryPhoto>;
  readonly videoById: ReadonlyMap<number, LibraryVideo>;
  readonly collectionById: ReadonlyMap<string, LibraryCollection>;
}

/** Real-world camera and phone sizes, by megapixel band. */
const PHOTO_SIZES: readonly (readonly [number, number])[] = [
  // >= 24 MP (kept <= 30 MP so originals are served at their real size)
  [6000, 4000], [4000, 6000], [6240, 4160], [4160, 6240], [5472, 5472], [6000, 4500],
  // 12-24 MP
  [5472, 3648], [3648, 5472], [4000, 3000], [4032, 3024], [3024, 4032], [4000, 4000], [4896, 3264],
  // 4-12 MP
  [3000, 2000], [2000, 3000], [2448, 2448], [3840, 2160], [2160, 3840], [3000, 2880],
  // < 4 MP
  [1920, 1280], [1280, 1920], [1600, 1600], [1280, 853], [1080, 1350],
];

const VIDEO_SIZES: readonly (readonly [number, number])[] = [
  [3840, 2160], [4096, 2160], [2160, 3840], [2560, 1440], [1920, 1080], [1080, 1920],
  [1080, 1080], [1280, 720], [720, 1280], [960, 540],
];

const FPS_VALUES: readonly number[] = [24000 / 1001, 24, 25, 30000 / 1001, 30, 50, 60000 / 1001, 60];

/** Colours photos are jittered around; the named-colour filter uses the nearest of these. */
const COLOR_BASES: readonly (readonly [number, number, number])[] = [
  [200, 40, 40], [230, 130, 40], [230, 210, 60], [60, 140, 60], [60, 200, 190], [40, 80, 190],
  [130, 60, 200], [240, 170, 190], [120, 80, 40], [20, 20, 24], [128, 128, 128], [240, 240, 236],
];

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function hex(rgb: readonly number[]): string {
  return `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
}

function jitteredColor(rng: Rng): string {
  const base = rng.pick(COLOR_BASES);
  return hex(base.map((c) => c + rng.int(-22, 22)));
}

/** The mean colour of the photo's picture, drawn small (32 px on the long side). */
function measuredColour(photo: { id: number; width: number; height: number; tags: readonly string[]; alt: string; tint: string }): string {
  const scale = 32 / Math.max(photo.width, photo.height);
  const scene = planScene({ ...photo, tint: hexToRgb(photo.tint) ?? [128, 128, 128] });
  return hex(averageColour(scene, Math.max(1, Math.round(photo.width * scale)), Math.max(1, Math.round(photo.height * scale))));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function makePeople(rng: Rng): Person[] {
  let id = 100000;
  return PEOPLE.map((name) => {
    id += rng.int(1000, 90000);
    return { id, name, slug: slugify(name) || `user-${id}` };
  });
}

function makeUsers(seed: number): Record<UserName, LibraryUser> {
  const rng = createRng(seed ^ 0x5eed);
  const keyFor = (name: UserName): string => {
    let hexDigits = '';
    while (hexDigits.length < 32) hexDigits += rng.int(0, 15).toString(16);
    return `${name}-key-${hexDigits}`;
  };
  return {
    alice: { name: 'alice', id: 501, displayName: 'Alice Example', key: keyFor('alice') },
    bob: { name: 'bob', id: 502, displayName: 'Bob Example', key: keyFor('bob') },
    limited: { name: 'limited', id: 503, displayName: 'Limited Example', key: keyFor('limited') },
  };
}

function makePhotos(rng: Rng, people: readonly Person[], count: number): LibraryPhoto[] {
  const photos: LibraryPhoto[] = [];
  let id = 1_200_000;
  for (let i = 0; i < count; i++) {
    id += rng.int(1, 20_000);
    const subject = SUBJECTS[i % SUBJECTS.length];
    const picked = rng.pick(SETTINGS);
    // Every other photo of a subject with a usual setting is in it, unless its own is a
    // morning's (searches for 'morning' keep more than a page of results).
    const usual = subject.often !== undefined && Math.floor(i / SUBJECTS.length) % 2 === 1 && !picked.tags.includes('morning');
    const setting = (usual ? SETTINGS.find((s) => s.text === subject.often) : undefined) ?? picked;
    const english = `${rng.pick(ADJECTIVES)} ${rng.pick(subject.en)} ${setting.text}`;
    const [width, height] = PHOTO_SIZES[(i * 7 + rng.int(0, 3)) % PHOTO_SIZES.length];
    const alt = capitalize(english);
    const tags = [...subject.tags, ...setting.tags];
    const tint = jitteredColor(rng);
    photos.push({
      id,
      width,
      height,
      slug: slugify(english),
      alt,
      alts: subject.alt,
      tags,
      avgColor: measuredColour({ id, width, height, tags, alt, tint }),
      tint,
      photographer: rng.pick(people),
      liked: false,
    });
  }
  return photos;
}

function makeVideoFiles(rng: Rng, width: number, height: number, nextId: () => number): LibraryVideoFile[] {
  const fps = rng.pick(FPS_VALUES);
  const short = Math.min(width, height);
  const files: LibraryVideoFile[] = [{ id: nextId(), quality: 'hd', fileType: 'video/mp4', width, height, fps }];
  for (const target of [1440, 1080, 720, 540, 360]) {
    if (target >= short) continue;
    const scale = target / short;
    const w = Math.round((width * scale) / 2) * 2;
    const h = Math.round((height * scale) / 2) * 2;
    files.push({ id: nextId(), quality: target >= 720 ? 'hd' : 'sd', fileType: 'video/mp4', width: w, height: h, fps });
  }
  files.push({ id: nextId(), quality: 'hls', fileType: 'application/x-mpegURL', width: null, height: null, fps });
  // The service lists files in no particular order; clients must pick by size.
  return rng.shuffle(files);
}

function makeVideos(rng: Rng, people: readonly Person[], firstPhotoId: number): LibraryVideo[] {
  const videos: LibraryVideo[] = [];
  let id = 8_000_000;
  let fileId = 9_000_000;
  let pictureId = 20_000_000;
  const nextFileId = (): number => (fileId += rng.int(1, 50));
  for (let i = 0; i < VIDEO_COUNT; i++) {
    id += rng.int(1, 30_000);
    // Photo and video ids are separate id spaces, as on the real service: one video
    // deliberately shares its id with a photo.
    const videoId = i === 5 ? firstPhotoId : id;
    const subject = SUBJECTS[(i * 3) % SUBJECTS.length];
    const setting = rng.pick(SETTINGS);
    const title = `${capitalize(rng.pick(subject.en))} ${setting.text}`;
    const [width, height] = VIDEO_SIZES[(i + rng.int(0, 2)) % VIDEO_SIZES.length];
    const duration = i % 9 === 0 ? rng.int(120, 600) : rng.int(5, 60);
    const pictures: number[] = [];
    for (let n = 0; n < 6; n++) pictures.push((pictureId += rng.int(1, 20)));
    videos.push({
      id: videoId,
      width,
      height,
      slug: slugify(title),
      title,
      tags: [...subject.tags, ...setting.tags],
      duration,
      user: rng.pick(people),
      files: makeVideoFiles(rng, width, height, nextFileId),
      pictureIds: pictures,
      color: jitteredColor(rng),
    });
  }
  return videos;
}

function collectionId(rng: Rng, taken: Set<string>): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  for (;;) {
    let id = '';
    for (let i = 0; i < 7; i++) id += alphabet.charAt(rng.int(0, alphabet.length - 1));
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function pickMedia<T extends { id: number; tags: readonly string[] }>(rng: Rng, all: readonly T[], count: number, plan: CollectionPlan): T[] {
  const { tags, first = [] } = plan;
  const matches = (m: T, list: readonly string[]): number => m.tags.filter((t) => list.includes(t)).length;
  const score = (m: T): number => (tags ? matches(m, tags) + 10 * matches(m, first) : 0);
  const preferred = tags ? all.filter((m) => matches(m, tags) > 0) : [];
  // A stable sort keeps the shuffled order among media of the same score.
  const chosen = rng.shuffle(preferred).sort((a, b) => score(b) - score(a)).slice(0, count);
  const rest = rng.shuffle(all.filter((m) => !chosen.includes(m)));
  return [...chosen, ...rest.slice(0, count - chosen.length)];
}

function planMedia(rng: Rng, plan: CollectionPlan, photos: readonly LibraryPhoto[], videos: readonly LibraryVideo[]): MediaRef[] {
  const refs: MediaRef[] = [
    ...pickMedia(rng, photos, plan.photos, plan).map((p): MediaRef => ({ type: 'Photo', id: p.id })),
    ...pickMedia(rng, videos, plan.videos, plan).map((v): MediaRef => ({ type: 'Video', id: v.id })),
  ];
  return rng.shuffle(refs);
}

/** The title of the load test's collection (`largeCollection`). */
export const LOAD_COLLECTION_TITLE = 'Everything, all of it';

/**
 * One more featured collection of `size` media (every video, then photos), appended after
 * every other collection and drawn from its own random stream, so the rest of the library
 * (ids, order, contents) is the same with it or without it.
 */
function loadCollection(seed: number, size: number, photos: readonly LibraryPhoto[], videos: readonly LibraryVideo[], taken: Set<string>): LibraryCollection {
  if (!Number.isInteger(size) || size < 1) throw new Error(`largeCollection must be a whole number above 0, not ${size}`);
  if (size > photos.length + videos.length) {
    throw new Error(`largeCollection: ${size} media asked for, the library has ${photos.length + videos.length} (raise photoCount)`);
  }
  const rng = createRng(seed ^ 0x10ad);
  const chosenVideos = videos.slice(0, Math.min(videos.length, Math.floor(size / 10)));
  const chosenPhotos = rng.shuffle([...photos]).slice(0, size - chosenVideos.length);
  const media = rng.shuffle([
    ...chosenPhotos.map((p): MediaRef => ({ type: 'Photo', id: p.id })),
    ...chosenVideos.map((v): MediaRef => ({ type: 'Video', id: v.id })),
  ]);
  return {
    id: collectionId(rng, taken),
    title: LOAD_COLLECTION_TITLE,
    description: `${size.toLocaleString('en')} photos and videos, for browsing to the end.`,
    private: false,
    featured: true,
    owner: null,
    media,
  };
}

export interface BuildOptions {
  /** A featured collection of this many media, appended last (the load bench's); none by default. */
  readonly largeCollection?: number;
}

/** The photo's alt text in `language` (`en`: the English one). */
export function altIn(photo: LibraryPhoto, language: 'en' | AltLanguage): string {
  return language === 'en' ? photo.alt : photo.alts[language];
}

/** `photoCount` other than the default (PHOTO_COUNT) is for the benchmark's long result lists. */
export function buildLibrary(seed: number = DEFAULT_SEED, photoCount: number = PHOTO_COUNT, options: BuildOptions = {}): Library {
  if (!Number.isInteger(photoCount) || photoCount < 1) throw new Error(`photoCount must be a whole number above 0, not ${photoCount}`);
  const rng = createRng(seed);
  const people = makePeople(rng);
  const photos = makePhotos(rng, people, photoCount);
  const videos = makeVideos(rng, people, photos[0].id);
  const taken = new Set<string>();
  const collections: LibraryCollection[] = [];
  for (const plan of FEATURED_PLANS) {
    collections.push({
      id: collectionId(rng, taken),
      title: plan.title,
      description: plan.description,
      private: false,
      featured: true,
      owner: null,
      media: planMedia(rng, plan, photos, videos),
    });
  }
  const featuredCollectionIds = collections.map((c) => c.id);
  for (const owner of ['alice', 'bob', 'limited'] as const) {
    for (const plan of USER_PLANS[owner]) {
      collections.push({
        id: collectionId(rng, taken),
        title: plan.title,
        description: plan.description,
        private: plan.private,
        featured: false,
        owner,
        media: planMedia(rng, plan, photos, videos),
      });
    }
  }
  const largest = collections.reduce((a, b) => (b.featured && b.media.length > a.media.length ? b : a));
  // Drawn last, after every other use of `rng` (the curated and popular orders below use it too).
  const curatedPhotoIds = rng.shuffle(photos.map((p) => p.id)).slice(0, CURATED_COUNT);
  const popularVideoIds = rng.shuffle(videos.map((v) => v.id));
  const load = options.largeCollection === undefined ? undefined : loadCollection(seed, options.largeCollection, photos, videos, taken);
  if (load) collections.push(load);
  return {
    seed,
    people,
    users: makeUsers(seed),
    photos,
    videos,
    collections,
    featuredCollectionIds,
    largeFeaturedCollectionId: largest.id,
    ...(load ? { loadCollectionId: load.id } : {}),
    curatedPhotoIds,
    popularVideoIds,
    photoById: new Map(photos.map((p) => [p.id, p])),
    videoById: new Map(videos.map((v) => [v.id, v])),
    collectionById: new Map(collections.map((c) => [c.id, c])),
  };
}
