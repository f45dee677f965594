// The grid's HTML and its Content-Security-Policy.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { contentSecurityPolicy, jsonForScript, renderGridHtml } from '../../src/host/grid/gridHtml';
import type { GridHtmlOptions } from '../../src/host/grid/gridHtml';
import { defaultForm } from '../../src/core/searchForm';
import type { GridStrings } from '../../src/shared/strings';
import { GRID_STRING_KEYS, isGridStrings } from '../../src/shared/strings';

/** Every text filled with its own key, so the test needs no copy of the texts. */
function fakeStrings(overrides: Partial<GridStrings> = {}): GridStrings {
  const texts = Object.fromEntries(GRID_STRING_KEYS.map((k) => [k, k])) as Omit<GridStrings, 'colorNames'>;
  return { ...texts, colorNames: { red: 'Red' }, ...overrides };
}

const nonce = randomBytes(16).toString('base64');
const cspSource = "'self' https://*.vscode-cdn.net";

function options(overrides: Partial<GridHtmlOptions> = {}): GridHtmlOptions {
  return {
    cspSource,
    nonce,
    scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/main.js',
    styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/grid.css',
    strings: fakeStrings(),
    initialState: { v: 1, form: defaultForm('en-US'), spec: null, scrollTop: 0, focusKey: null },
    lang: 'en',
    ...overrides,
  };
}

function cspOf(html: string): string {
  const match = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(match, 'a CSP meta tag');
  return (match[1] ?? '').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

function directive(csp: string, name: string): string[] {
  const found = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
  assert.ok(found, `directive ${name} in ${csp}`);
  return found.split(/\s+/).slice(1);
}

describe('renderGridHtml', () => {
  const html = renderGridHtml(options());
  const csp = cspOf(html);

  it('denies everything by default', () => assert.deepEqual(directive(csp, 'default-src'), ["'none'"]));

  it('allows scripts only by the nonce', () => {
    assert.deepEqual(directive(csp, 'script-src'), [`'nonce-${nonce}'`]);
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    assert.equal(scripts.length, 2, 'the boot data block and the bundle');
    for (const attrs of scripts) assert.match(attrs, new RegExp(`nonce="${nonce.replace(/[+/=]/g, '\\$&')}"`));
    assert.match(html, /<script nonce="[^"]+" src="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/ext\/dist\/webview\/main\.js"><\/script>/);
  });

  it('allows styles only from the extension, and no fonts (the codicons are inline SVGs)', () => {
    assert.deepEqual(directive(csp, 'style-src'), cspSource.split(' '));
    assert.ok(!csp.split(';').some((d) => d.trim().startsWith('font-src')), 'no font-src: fonts fall back to default-src');
    assert.deepEqual(directive(csp, 'default-src'), ["'none'"]);
  });

  it('allows images and media from the extension, any https address and http only to this computer', () => {
    const expected = [...cspSource.split(' '), 'https:', 'http://localhost:*', 'http://127.0.0.1:*', 'http://127.0.0.2:*'];
    assert.deepEqual(directive(csp, 'img-src'), expected);
    assert.deepEqual(directive(csp, 'media-src'), expected);
  });

  it('has no unsafe-inline, unsafe-eval or wildcards of its own beyond a loopback port', () => {
    assert.doesNotMatch(csp, /unsafe-/);
    const own = directive(csp, 'img-src').filter((t) => !cspSource.split(' ').includes(t));
    for (const token of own) assert.match(token, /^https:$|^http:\/\/(localhost|127\.0\.0\.\d{1,3}):\*$/, token);
    // A CSP host cannot be an IPv6 literal: Chromium drops `http://[::1]:*` with a console error.
    assert.doesNotMatch(csp, /\[/);
    assert.ok(!directive(csp, 'img-src').some((t) => t === '*' || t === 'http:' || t === 'data:' || t === 'blob:'), 'no bare wildcard, plain http or data');
    assert.match(csp, /base-uri 'none'/);
    assert.match(csp, /form-action 'none'/);
  });

  it('has no inline styles or event handlers in its markup', () => {
    assert.doesNotMatch(html, /\sstyle=/);
    assert.doesNotMatch(html, /\son[a-z]+=/i);
    assert.doesNotMatch(html, /<style/);
  });

  it('links the grid style sheet only (no codicon font or style sheet)', () => {
    assert.deepEqual([...html.matchAll(/<link rel="stylesheet" href="([^"]*)">/g)].map((m) => m[1]), [
      'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/grid.css',
    ]);
  });

  it('keeps API text inside the boot block, whatever it holds', () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const page = renderGridHtml(options({
      initialState: { v: 1, form: { ...defaultForm('en-US'), query: hostile }, spec: { mode: 'photos', query: hostile }, scrollTop: 0, focusKey: null },
    }));
    assert.equal(page.match(/<\/script>/g)?.length, 2, 'only the two real closing tags');
    assert.doesNotMatch(page, /<script>alert/);
    const block = /<script type="application\/json" id="stock-media-boot" nonce="[^"]+">([\s\S]*?)<\/script>/.exec(page);
    assert.ok(block);
    const boot = JSON.parse(block[1] ?? '') as { initialState: { form: { query: string } } };
    assert.equal(boot.initialState.form.query, hostile, 'the text survives exactly');
  });

  it('escapes the title and language', () => {
    const page = renderGridHtml(options({ strings: fakeStrings({ panelTitle: '<b>x</b>' }), lang: '"><script>' }));
    assert.match(page, /<title>&lt;b&gt;x&lt;\/b&gt;<\/title>/);
    assert.match(page, /<html lang="en">/);
  });

  it('refuses a missing or short nonce and a CSP source that could add a directive', () => {
    assert.throws(() => renderGridHtml(options({ nonce: '' })));
    assert.throws(() => renderGridHtml(options({ nonce: 'abc' })));
    assert.throws(() => contentSecurityPolicy({ ...options(), cspSource: "https://x; script-src 'unsafe-inline'" }));
    assert.throws(() => contentSecurityPolicy({ ...options(), cspSource: "'self' 'unsafe-inline'" }));
    assert.throws(() => contentSecurityPolicy({ ...options(), cspSource: '' }));
    assert.doesNotThrow(() => contentSecurityPolicy({ ...options(), cspSource: 'vscode-webview://abc123' }));
  });

});

describe('jsonForScript', () => {
  it('escapes what could end the block or confuse the parser, and still parses', () => {
    const value = { a: '</script>', b: '<!--', c: 'a & b', d: '\u2028\u2029' };
    const text = jsonForScript(value);
    assert.doesNotMatch(text, /[<>&\u2028\u2029]/);
    assert.deepEqual(JSON.parse(text), value);
  });
});

describe('grid strings guard', () => {
  it('accepts a complete set', () => assert.equal(isGridStrings(fakeStrings()), true));
  it('refuses an object with missing texts', () => {
    assert.equal(isGridStrings({ panelTitle: 'x' }), false);
    assert.equal(isGridStrings(null), false);
  });
});
