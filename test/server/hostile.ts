// Strings that break careless rendering (HTML, script, Markdown, bidi, length), for the
// `hostile` switch. Each hostile text field gets exactly one of HOSTILE_STRINGS.

const LONG = ((): string => {
  const words = 'very long alt text that keeps going '.repeat(70);
  const unbroken = 'Unbroken'.repeat(400);
  return (words + unbroken).slice(0, 5000);
})();

export const HOSTILE_TEXT = {
  imgOnerror: '<img src=x onerror=alert(1)>',
  scriptBreakout: '</script><script>alert(1)</script>',
  markdownJsLink: '](javascript:alert(1))',
  attributeBreakout: '"><svg onload=alert(1)>',
  backslashes: 'C:\\photos\\new\\table\\ \\" \\\\ end\\',
  newlines: 'First line\nSecond line\r\nThird line\n\n',
  markdownBrackets: '[brackets](and) *stars* _under_ `ticks` | pipes | <b>bold</b> &amp; ${template}',
  rtlOverride: '\u202Egpj.exe\u202C photo \u2067مرحبا\u2069 \u200Finvisible\u200E',
  long: LONG,
} as const;

/** Every hostile text, in the order items receive them (by id). */
export const HOSTILE_STRINGS: readonly string[] = Object.values(HOSTILE_TEXT);

/** What URL fields (url, photographer_url, user.url) become on two of every three items. */
export const HOSTILE_URLS: readonly string[] = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>'];

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

/** The hostile replacement for a URL field, or null to keep the real URL. */
export function hostileUrl(id: number, slot: number): string | null {
  const n = (id + slot) % 3;
  return n < HOSTILE_URLS.length ? (HOSTILE_URLS[n] ?? null) : null;
}
