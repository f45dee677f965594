// Values from settings or the service are inert wherever VS Code shows them: held against
// the rules VS Code itself uses to make links and icons out of text (notifications and
// quick input messages: linkedText; quick picks and the status bar: `$(icon)`; hovers and
// tooltips: Markdown with auto-links), alone, next to each other and inside every message
// of every language bundle.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inert, inertMarkdown, markdownLink, markdownLinkTarget } from '../../src/core/inert';
import { formatMessage } from '../../src/core/l10n';
import { DEFAULT_SERVICE_URL, checkedServiceUrl, higherLimitPage } from '../../src/core/serviceUrl';
import { HOSTILE_ERROR_TEXT, HOSTILE_STRINGS } from '../server/hostile';
import { THEME_ICON as ICON, linkedTextLinks as linksIn } from '../vscode/linkRules';

const root = join(__dirname, '..', '..');

interface MarkdownIt {
  render(text: string): string;
}
const load = createRequire(__filename);
const markdownIt = load('markdown-it') as (options: { html: boolean; linkify: boolean }) => MarkdownIt;
/** The most eager reader: raw HTML on, every bare URL, `www.` and e-mail address linked. */
const eager = markdownIt({ html: true, linkify: true });

/** What HTML tags a rendering holds, besides the paragraph around it. */
function tagsOf(html: string): string[] {
  return [...html.matchAll(/<([a-z][a-z0-9]*)\b/gi)].map((m) => (m[1] ?? '').toLowerCase()).filter((t) => t !== 'p');
}

/** The text of a rendering: tags dropped, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

const COMMAND_NAME = 'Pexels [Renew your key](command:workbench.action.openSettings)';

/** Values an attacker would choose, each on its own and in halves that only join up later. */
const HOSTILE: readonly string[] = [
  COMMAND_NAME,
  '[Renew your key](https://evil.example/renew)',
  '[x](file:///etc/passwd)',
  '[x](command:a "title")',
  '[x]',
  '(command:workbench.action.openSettings)',
  '](command:workbench.action.openSettings)',
  'Open [here',
  '$(key) $(loading~spin) $(',
  '$',
  '(alert)',
  'https://evil.example/a?b=(c) www.evil.example mail@evil.example <https://evil.example>',
  '![img](https://evil.example/t.png)',
  '[ref]: command:workbench.action.openSettings',
  'line one\n[ref]: https://evil.example\nline three',
  '<a href="command:x">x</a> <img src=x onerror=alert(1)>',
  '&#91;x&#93;&#40;command:x&#41;',
  '\\[x\\](command:x)',
  'a\u202eb\u2066c\u2028d\u0085e',
  HOSTILE_ERROR_TEXT,
  ...HOSTILE_STRINGS,
];

/** A small seeded generator of link-ish text, so the same cases run every time. */
function* generated(count: number): Generator<string> {
  let seed = 0x2545f491;
  const next = (n: number): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const pieces = ['[', ']', '(', ')', '$', 'command:', 'https://', 'file:', 'www.', '@', '.', ':', '/', '<', '>', '!', '\\', '"', ' ', '\n', 'a', 'key', 'x~spin', '\u202e', '`', '*', '_', '&#91;'];
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = 1 + next(12);
    for (let j = 0; j < length; j++) text += pieces[next(pieces.length)] ?? '';
    yield text;
  }
}

const CASES: readonly string[] = [...HOSTILE, ...generated(3000)];

describe('inert', () => {
  it('leaves ordinary names and sentences as they are', () => {
    assert.equal(inert('Pexels'), 'Pexels');
    assert.equal(inert('  Joe   Doe '), 'Joe Doe');
    assert.equal(inert('夜の街 Осень (2024): 50% off, a.b@c'), '夜の街 Осень (2024): 50% off, a.b@c');
  });

  it('turns brackets into parentheses and an icon-starting dollar sign into its full-width form, so the words still read', () => {
    assert.equal(inert(COMMAND_NAME), 'Pexels (Renew your key)(command:workbench.action.openSettings)');
    assert.equal(inert('$(key) $5 [x] $'), '\uff04(key) $5 (x) \uff04');
    assert.equal(inert('$[key]'), '\uff04(key)', 'a bracket that became a parenthesis starts no icon');
  });

  it('makes one clean line: no line breaks, controls or direction changes', () => {
    assert.equal(inert('a\u202eb\n\tc\u0000  d\u2028e\u0085f\u2066g'), 'a b c d e f g');
  });

  it('shortens long text with an ellipsis and turns non-strings into an empty string', () => {
    assert.equal(inert('abcdefghij', 5), 'abcd…');
    assert.equal(inert(undefined), '');
    assert.equal(inert(42), '');
    assert.equal(inert(null), '');
  });

  it('is the same when applied twice', () => {
    for (const value of CASES) assert.equal(inert(inert(value)), inert(value));
  });

  it(`no link and no icon forms from any value, nor from any two side by side (${CASES.length} values)`, function () {
    // About 4 s of work on an idle machine; beside a cold type check, lint and VS Code build it took over 10 s.
    this.timeout(60_000);
    let pairs = 0;
    for (const a of CASES) {
      const one = inert(a);
      assert.deepEqual(linksIn(one), [], `a link in ${JSON.stringify(one)}`);
      assert.doesNotMatch(one, ICON, `an icon in ${JSON.stringify(one)}`);
      assert.doesNotMatch(one, /[[\]\n\r]|\$\(|\$$/, `a link or icon character in ${JSON.stringify(one)}`);
    }
    // Each value next to each hostile one, both ways, with and without a space.
    for (const a of CASES) {
      for (const b of HOSTILE) {
        for (const joined of [inert(a) + inert(b), inert(b) + inert(a), `${inert(a)} ${inert(b)}`]) {
          pairs++;
          assert.deepEqual(linksIn(joined), [], `a link in ${JSON.stringify(joined)}`);
          assert.doesNotMatch(joined, ICON, `an icon in ${JSON.stringify(joined)}`);
        }
      }
    }
    assert.ok(pairs > 3000 * HOSTILE.length, `${pairs} pairs checked`);
  });

  describe('inertMarkdown', () => {
    it('escapes every ASCII punctuation character and keeps letters of any script', () => {
      assert.equal(inertMarkdown('*a* (c) <img> `x` _y_ #1 & !'), '\\*a\\* \\(c\\) \\<img\\> \\`x\\` \\_y\\_ \\#1 \\& \\!');
      assert.equal(inertMarkdown('夜の街 Осень'), '夜の街 Осень');
    });

    it(`renders as exactly the inert text: no link, image, tag or auto-link (${CASES.length} values, alone and in pairs)`, () => {
      const check = (markdown: string, expected: string): void => {
        const html = eager.render(markdown);
        assert.deepEqual(tagsOf(html), [], `${JSON.stringify(markdown)} rendered as ${html}`);
        assert.equal(textOf(html), expected.trim(), `${JSON.stringify(markdown)} reads as itself`);
      };
      for (const value of CASES) check(inertMarkdown(value), inert(value));
      for (const a of HOSTILE) {
        for (const b of HOSTILE) check(`${inertMarkdown(a)}${inertMarkdown(b)}`, inert(a) + inert(b));
      }
    });

    it('keeps a value at the start of a line from defining a reference link', () => {
      const md = `${inertMarkdown('[ref]: https://evil.example')}\n\n${inertMarkdown('[ref]')}`;
      assert.deepEqual(tagsOf(eager.render(md)), []);
    });
  });

  describe('markdownLinkTarget and markdownLink', () => {
    it('accepts https and loopback http, percent-encoding what would end the destination', () => {
      assert.equal(markdownLinkTarget('https://a.example/p(1).jpg'), 'https://a.example/p%281%29.jpg');
      assert.equal(markdownLinkTarget("https://a.example/x'y"), 'https://a.example/x%27y');
      assert.equal(markdownLinkTarget('https://a.example/a b<c>'), 'https://a.example/a%20b%3Cc%3E');
      assert.equal(markdownLinkTarget('http://127.0.0.1:3000/x.png'), 'http://127.0.0.1:3000/x.png');
    });

    it('keeps the brackets of an IPv6 host, so the link still goes to ::1', () => {
      assert.equal(markdownLinkTarget('http://[::1]:8080/a[b]'), 'http://[::1]:8080/a%5Bb%5D');
      const target = markdownLinkTarget('https://[::1]/p(1)') ?? '';
      assert.equal(new URL(target).hostname, '[::1]');
      assert.equal(new URL(target).pathname, '/p%281%29');
    });

    it('refuses other schemes, remote http and credentials', () => {
      for (const bad of ['javascript:alert(1)', 'http://evil.example/x.png', 'https://user:pw@a.example/', 'command:workbench.action.quit', 'file:///etc/passwd', 'data:text/html,hi']) {
        assert.equal(markdownLinkTarget(bad), undefined, bad);
      }
      assert.equal(markdownLinkTarget(undefined), undefined);
    });

    it('links an inert label to a checked URL only, and the link is the only one', () => {
      assert.equal(markdownLink('Joe [x]', 'https://a.example/@joe'), '[Joe \\(x\\)](https://a.example/@joe)');
      assert.equal(markdownLink('Joe', 'data:text/html,hi'), 'Joe');
      const md = markdownLink(COMMAND_NAME, 'https://a.example/)](command:x) <b>');
      const html = eager.render(md);
      assert.deepEqual(tagsOf(html), ['a']);
      assert.match(html, /<a href="https:\/\/a\.example\/%29%5D%28command:x%29%20%3Cb%3E">/);
    });
  });
});

type Bundle = Record<string, string>;

/** Every message of every bundle and manifest translation, with the file it is in. */
function allMessages(): { file: string; text: string }[] {
  const files = [
    ...readdirSync(root).filter((f) => /^package\.nls(\.[\w-]+)?\.json$/.test(f)),
    ...readdirSync(join(root, 'l10n')).filter((f) => /^bundle\.l10n(\.[\w-]+)?\.json$/.test(f)).map((f) => `l10n/${f}`),
  ];
  assert.ok(files.length >= 4, `the bundles are found: ${files.join(', ')}`);
  return files.flatMap((file) => {
    const bundle = JSON.parse(readFileSync(join(root, file), 'utf8')) as Bundle;
    return Object.entries(bundle).flatMap(([key, text]) => [
      { file, text },
      // The English bundle's keys are messages too.
      ...(file.startsWith('l10n/') ? [{ file: `${file} (key)`, text: key }] : []),
    ]);
  });
}

describe('every message, in every language, is safe around its placeholders', () => {
  const messages = allMessages();

  it(`no link or icon syntax stands next to a placeholder (${messages.length} messages)`, () => {
    const problems: string[] = [];
    for (const { file, text } of messages) {
      // `[` or `]` anywhere in the same run of text as a placeholder, `](` or `(` right
      // after it, `$` right before it: a value could complete a link or an icon there.
      for (const m of text.matchAll(/\{\d+\}/g)) {
        const at = m.index ?? 0;
        const before = text.slice(0, at);
        const after = text.slice(at + m[0].length);
        if (/\$$|\[[^\]]*$|\]\($/.test(before) || /^\(|^[^[]*\]\(/.test(after)) {
          problems.push(`${file}: ${JSON.stringify(text)}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('filled with hostile values, a message has no link or icon but those it was written with', () => {
    let filled = 0;
    for (const { file, text } of messages) {
      const count = Math.max(-1, ...[...text.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1]))) + 1;
      if (count === 0) continue;
      const own = linksIn(formatMessage(text, Array.from({ length: count }, () => 'x')));
      for (const value of HOSTILE) {
        for (const spread of [0, 1]) {
          // Every placeholder the same value, or the value split in two across neighbours.
          const args = Array.from({ length: count }, (_, i) =>
            inert(spread === 0 ? value : i % 2 === 0 ? value.slice(0, value.length / 2) : value.slice(value.length / 2)),
          );
          const shown = formatMessage(text, args);
          filled++;
          assert.deepEqual(linksIn(shown), own, `${file}: ${JSON.stringify(shown)}`);
          if (!ICON.test(text)) assert.doesNotMatch(shown, ICON, `${file}: ${JSON.stringify(shown)}`);
        }
      }
    }
    assert.ok(filled > 100, `${filled} filled messages checked`);
  });
});

describe('stockMedia.serviceUrl', () => {
  it('keeps an https address (or http to this computer), in the form the user wrote', () => {
    assert.equal(checkedServiceUrl('https://www.pexels.com'), 'https://www.pexels.com');
    assert.equal(checkedServiceUrl('https://www.pexels.com/'), 'https://www.pexels.com/');
    assert.equal(checkedServiceUrl('http://127.0.0.1:3000'), 'http://127.0.0.1:3000');
    assert.equal(checkedServiceUrl('https://media.example/a b'), 'https://media.example/a%20b');
  });

  it('replaces anything else with the default, and says so', () => {
    const warnings: string[] = [];
    for (const bad of ['http://evil.example', 'command:workbench.action.openSettings', 'javascript:alert(1)', 'not a url', 'https://u:p@a.example/']) {
      assert.equal(checkedServiceUrl(bad, (m) => warnings.push(m)), DEFAULT_SERVICE_URL, bad);
    }
    assert.equal(warnings.length, 5);
    assert.match(warnings[0] ?? '', /stockMedia\.serviceUrl is not an https address/);
  });

  it('makes the higher-limit page below it, query and fragment dropped', () => {
    assert.equal(higherLimitPage('https://www.pexels.com'), 'https://www.pexels.com/api/');
    assert.equal(higherLimitPage('https://media.example/home/?q=1#x'), 'https://media.example/home/api/');
    assert.equal(higherLimitPage('command:x'), 'https://www.pexels.com/api/');
  });
});
