// The library's small website: the pages that `url`, `photographer_url` and the video `url`s
// point at, and the service's API pages (`<home>/api/`, `<home>/api/new/`, where *Get a Free
// API Key* leads). They look like the service's: a header with its name, a title, the picture
// and who made it. Every link and image in them is relative, so they work wherever they are
// served: at the root, under a page prefix (`/library`) or behind a proxy that strips its own
// prefix (the demo's front door, `/proxy/<port>/…`).
import type { Library, LibraryPhoto, LibraryVideo, Person } from './library';
import { photoFileUrl, photoPageUrl, profileUrl, videoImageUrl, videoPageUrl } from './urls';

/** The sandbox's one name: its pages say it, and the demo names the service so (scripts/demo.ts). */
export const SITE_NAME = 'Sandbox Library';

export interface Page {
  readonly title: string;
  readonly html: string;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Where a page lives: its path below the pages' root, and how deep that root is below the server's root. */
export interface PagePlace {
  /** The page's path below the pages' root, e.g. `/photo/slug-1/`. */
  readonly path: string;
  /** How many path segments the page prefix has (`/library`: 1; the root: 0). */
  readonly prefixDepth: number;
}

/** The way from the page's folder up to the pages' root (`../../`), or `./`. */
function upToPages(place: PagePlace): string {
  const depth = place.path.split('/').length - 2;
  return depth > 0 ? '../'.repeat(depth) : './';
}

/** A relative link from the page to another page at `path` (below the pages' root, no leading slash). */
function pageHref(place: PagePlace, path: string): string {
  return `${upToPages(place)}${path}`;
}

/** A relative link from the page to a file of the server (`/media/…`), which is never under the page prefix. */
function fileHref(place: PagePlace, absoluteUrl: string): string {
  const url = new URL(absoluteUrl);
  return `${upToPages(place)}${'../'.repeat(place.prefixDepth)}${url.pathname.slice(1)}${url.search}`;
}

/** The path of an absolute page URL, below the pages' root, without its leading slash. */
function below(pagesRoot: string, absoluteUrl: string): string {
  return absoluteUrl.slice(pagesRoot.length + 1);
}

const STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#222;background:#fafafa}' +
  'header{display:flex;gap:1.5em;align-items:center;padding:.8em 1.5em;background:#fff;border-bottom:1px solid #ddd}' +
  'header a{color:#05a081;font-weight:600;text-decoration:none}main{max-width:960px;margin:1.5em auto;padding:0 1.5em}' +
  'img{max-width:100%;height:auto;border-radius:6px}code{background:#eee;padding:.1em .3em;border-radius:3px}' +
  '.by{font-size:1.1em}.by a{color:#05a081}ul.grid{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:1em}';

function render(place: PagePlace, title: string, body: string): Page {
  const home = pageHref(place, '');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>` +
    `<header><a href="${escapeHtml(home)}">${escapeHtml(SITE_NAME)}</a><a href="${escapeHtml(pageHref(place, 'api/'))}">API</a></header>` +
    `<main>${body}</main></body></html>`;
  return { title, html };
}

function credit(place: PagePlace, pagesRoot: string, what: string, person: Person): string {
  const href = pageHref(place, below(pagesRoot, profileUrl(pagesRoot, person)));
  return `<p class="by">${what} by <a href="${escapeHtml(href)}">${escapeHtml(person.name)}</a></p>`;
}

export function photoPage(place: PagePlace, origin: string, pagesRoot: string, photo: LibraryPhoto): Page {
  const image = fileHref(place, photoFileUrl(origin, photo, 'large'));
  return render(
    place,
    `${photo.alt} · Free Stock Photo`,
    `<h1>${escapeHtml(photo.alt)}</h1>` +
      `<img src="${escapeHtml(image)}" alt="${escapeHtml(photo.alt)}" width="${photo.width}" height="${photo.height}">` +
      credit(place, pagesRoot, 'Photo', photo.photographer) +
      `<p>${photo.width} × ${photo.height} · free to use</p>`,
  );
}

export function videoPage(place: PagePlace, origin: string, pagesRoot: string, video: LibraryVideo): Page {
  const poster = fileHref(place, videoImageUrl(origin, video));
  return render(
    place,
    `${video.title} · Free Stock Video`,
    `<h1>${escapeHtml(video.title)}</h1><img src="${escapeHtml(poster)}" alt="${escapeHtml(video.title)}">` +
      credit(place, pagesRoot, 'Video', video.user) +
      `<p>${video.width} × ${video.height} · ${video.duration} s · free to use</p>`,
  );
}

export function profilePage(place: PagePlace, origin: string, pagesRoot: string, library: Library, person: Person): Page {
  const photos = library.photos.filter((p) => p.photographer.id === person.id).slice(0, 12);
  const videos = library.videos.filter((v) => v.user.id === person.id).slice(0, 6);
  const tile = (href: string, image: string, text: string): string =>
    `<li><a href="${escapeHtml(pageHref(place, href))}"><img src="${escapeHtml(fileHref(place, image))}" alt="${escapeHtml(text)}"><br>${escapeHtml(text)}</a></li>`;
  const items = [
    ...photos.map((p) => tile(below(pagesRoot, photoPageUrl(pagesRoot, p)), photoFileUrl(origin, p, 'tiny'), p.alt)),
    ...videos.map((v) => tile(below(pagesRoot, videoPageUrl(pagesRoot, v)), videoImageUrl(origin, v), v.title)),
  ];
  return render(
    place,
    `${person.name} · Photographer`,
    `<h1>${escapeHtml(person.name)}</h1><p>${photos.length} photos and ${videos.length} videos, free to use.</p><ul class="grid">${items.join('')}</ul>`,
  );
}

/** `<home>/api/`: what the API is, and where to get a key. */
export function apiPage(place: PagePlace): Page {
  return render(
    place,
    `API · ${SITE_NAME}`,
    `<h1>The library's API</h1><p>Search and browse the library's photos and videos from your own programs: ` +
      `every request carries your API key in its <code>Authorization</code> header. ` +
      `A key allows 200 requests an hour and 20,000 a month.</p>` +
      `<p><a href="${escapeHtml(pageHref(place, 'api/new/'))}">Get a free API key</a></p>`,
  );
}

/** `<home>/api/new/`: where *Get a Free API Key* leads; here it hands out the demo key. */
export function apiKeyPage(place: PagePlace, library: Library): Page {
  return render(
    place,
    `Your API Key · ${SITE_NAME}`,
    `<h1>Your API key</h1>` +
      `<p>An API key is a password for programs: it lets an app such as the Stock Media extension search the library ` +
      `on your behalf. Keep it to yourself; paste it where the app asks for it (in VS Code: <em>Stock Media: Set API Key…</em>).</p>` +
      `<p>This is the local stand-in of the service, so everyone gets the same demo key:</p>` +
      `<p><code id="key">${escapeHtml(library.users.alice.key)}</code></p>` +
      `<p>It allows 200 requests an hour and 20,000 a month. <a href="${escapeHtml(pageHref(place, 'api/'))}">About the API</a></p>`,
  );
}

export function homePage(place: PagePlace, library: Library): Page {
  const featured = library.featuredCollectionIds.map((id) => `<li>${escapeHtml(library.collectionById.get(id)?.title ?? id)}</li>`);
  return render(place, SITE_NAME, `<h1>${escapeHtml(SITE_NAME)}</h1><h2>Featured collections</h2><ul>${featured.join('')}</ul>`);
}

export function simplePage(place: PagePlace, title: string): Page {
  return render(place, `${title} · ${SITE_NAME}`, `<h1>${escapeHtml(title)}</h1>`);
}
