// Strings that break careless rendering (HTML, script, Markdown, bidi, length), for the
// `hostile` switch. Each hostile text field gets exactly one of HOSTILE_STRINGS. Every
// script payload also sets `window.__pwned = 1`, so a test can look for that marker in
// every frame instead of waiting for a dialog.

const LONG = ((): string => {
  const words = 'very long alt text that keeps going '.repeat(70);
  const unbroken = 'Unbroken'.repeat(400);
  return (words + unbroken).slice(0, 5000);
})();

/** The global a hostile payload sets when it runs. */
export const PWNED_MARKER = '__pwned';

export const HOSTILE_TEXT = {
  imgOnerror: '<img src=x onerror="window.__pwned=1;alert(1)">',
  scriptBreakout: '</script><script>window.__pwned=1;alert(1)</script>',
  markdownJsLink: '](javascript:window.__pwned=1;alert(1))',
  attributeBreakout: '"><svg onload="window.__pwned=1;alert(1)">',
  backslashes: 'C:\\photos\\new\\table\\ \\" \\\\ end\\',
  newlines: 'First line\nSecond line\r\nThird line\n\n',
  markdownBrackets: '[brackets](and) *stars* _under_ `ticks` | pipes | <b>bold</b> &amp; ${template}',
  rtlOverride: '\u202Egpj.exe\u202C photo \u2067مرحبا\u2069 \u200Finvisible\u200E',
  long: LONG,
  /** A command link, as VS Code notifications and trusted Markdown would run it. */
  commandLink: "[Fix it](command:stockMedia.clearApiKey) <a href='command:workbench.action.terminal.new'>open</a>",
  iframeSrcdoc: '<iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>{{constructor.constructor(\'window.__pwned=1\')()}}',
} as const;

/** Every hostile text, in the order items receive them (by id). */
export const HOSTILE_STRINGS: readonly string[] = Object.values(HOSTILE_TEXT);

/** What URL fields (url, photographer_url, user.url) become on most items (see hostileUrl). */
export const HOSTILE_URLS: readonly string[] = [
  'javascript:alert(1)',
  'data:text/html,<script>window.__pwned=1</script>',
  'command:stockMedia.clearApiKey',
  'http://evil.example/profile',
];

/**
 * What media URL fields (src.*, image, video_files[].link, video_pictures[].picture)
 * become on some items (see hostileMediaUrls): none of them may be loaded or inserted.
 */
export const HOSTILE_MEDIA_URLS: readonly string[] = [
  'javascript:window.__pwned=1',
  'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"/>',
  'http://evil.example/media.png',
];

/** Text of hostile error bodies (in JSON, plain text and HTML error answers). */
export const HOSTILE_ERROR_TEXT = '[Fix it](command:stockMedia.clearApiKey) <script>window.__pwned=1</script> Try again';

function hashOf(id: number | string): number {
  if (typeof id === 'number') return id;
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) >>> 0;
  return h;
}

/** The hostile text for one field (`slot` tells fields of the same item apart). */
export function hostileText(id: number | string, slot: number): string {
  return HOSTILE_STRINGS[(hashOf(id) + slot) % HOSTILE_STRINGS.length] ?? HOSTILE_TEXT.imgOnerror;
}

/** The hostile replacement for a URL field, or null (one item in five) to keep the real URL. */
export function hostileUrl(id: number, slot: number): string | null {
  const n = (id + slot) % (HOSTILE_URLS.length + 1);
  return n < HOSTILE_URLS.length ? (HOSTILE_URLS[n] ?? null) : null;
}

/**
 * How an item's media URLs are spoiled in hostile mode, by id:
 * - `unsafe`: every media URL is unsafe (HOSTILE_MEDIA_URLS): nothing to show or insert;
 * - `foreign`: the light renderings (tiny, small, medium, large; a video's image and
 *   pictures) are real files on another origin (the foreign origin, another loopback host),
 *   so they may be loaded and inserted, and the key must not follow them there;
 * - `mixed`: the big renderings (original, large2x; a video's hd files) are unsafe,
 *   the others real;
 * - null: untouched.
 */
export type MediaUrlSpoil = 'unsafe' | 'foreign' | 'mixed';

export function mediaUrlSpoil(id: number): MediaUrlSpoil | null {
  switch (id % 5) {
    case 0:
      return 'unsafe';
    case 1:
      return 'foreign';
    case 2:
      return 'mixed';
    default:
      return null;
  }
}

/** One of HOSTILE_MEDIA_URLS, varied by id and slot. */
export function hostileMediaUrl(id: number, slot: number): string {
  return HOSTILE_MEDIA_URLS[(id + slot) % HOSTILE_MEDIA_URLS.length] ?? 'javascript:window.__pwned=1';
}

/**
 * Whether the `missingFields` / `wrongTypes` switches spoil this item (photo, video or
 * collection id): one in four.
 */
export function isSpoiledItem(id: number | string): boolean {
  return hashOf(id) % 4 === 1;
}
