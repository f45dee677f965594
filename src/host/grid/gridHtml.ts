// The grid webview's HTML, from one pure function so its Content-Security-Policy is
// unit-tested. Nothing from the API is written into this HTML except inside the JSON
// boot block, where `<`, `>` and `&` are escaped so no text can close the block.
//
// CSP, as simple as the built-in Markdown preview's: nothing by default; the one script
// only by nonce; styles only from the extension (webview.cspSource; no fonts at all: the
// codicons are inline SVGs, src/webview/codicons.ts); images and videos from any https
// address and from this computer over http (MEDIA_SOURCES). No inline styles or scripts,
// no eval.
import type { GridBoot, GridViewState } from '../../shared/protocol';
import { GRID_BOOT_ELEMENT_ID } from '../../shared/protocol';
import type { GridStrings } from '../../shared/strings';

export interface GridHtmlOptions {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  styleUri: string;
  strings: GridStrings;
  initialState: GridViewState;
  /** BCP 47 language of the UI (vscode.env.language), for `<html lang>`. */
  lang?: string;
  /**
   * Shown when the boot block cannot be read, so it cannot travel inside it: an attribute
   * of the app's element instead (the webview falls back to English without it).
   */
  startFailedText?: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** JSON that can sit inside `<script type="application/json">` whatever its strings hold. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Where pictures and videos may come from, besides the webview's own resources: any https
 * address, and http only to this computer (the local library, on any port; its second
 * address 127.0.0.2 serves the "other origin" of its results). A CSP cannot name all of
 * 127.0.0.0/8, so the addresses in use are named. Nor can it name IPv6's loopback: a CSP host
 * is a name or IPv4 address, and Chromium drops `http://[::1]:*` as an invalid source (with an
 * error in the console), so a library on [::1] shows its pictures when reached as localhost.
 */
const MEDIA_SOURCES = ['https:', 'http://localhost:*', 'http://127.0.0.1:*', 'http://127.0.0.2:*'] as const;

/**
 * webview.cspSource is VS Code's own value (e.g. `'self' https://*.vscode-cdn.net`);
 * still, accept only source expressions, so nothing can add a directive or a keyword
 * such as 'unsafe-inline'.
 */
function checkedCspSource(value: string): string {
  const tokens = value.trim().split(/\s+/).filter(Boolean);
  const ok = (t: string): boolean =>
    t === "'self'" || /^[a-z][a-z0-9+.-]*:(\/\/(\*\.)?[a-z0-9.-]+(:(\d+|\*))?(\/[\w./-]*)?)?$/i.test(t);
  if (tokens.length === 0 || !tokens.every(ok)) throw new Error(`Unexpected webview CSP source: ${value}`);
  return tokens.join(' ');
}

function checkedNonce(value: string): string {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(value)) throw new Error('The nonce must be at least 16 base64 characters.');
  return value;
}

export function contentSecurityPolicy(options: Pick<GridHtmlOptions, 'cspSource' | 'nonce'>): string {
  const source = checkedCspSource(options.cspSource);
  const nonce = checkedNonce(options.nonce);
  const media = [source, ...MEDIA_SOURCES].join(' ');
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${source}`,
    `img-src ${media}`,
    `media-src ${media}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function renderGridHtml(options: GridHtmlOptions): string {
  const csp = contentSecurityPolicy(options);
  const boot: GridBoot = { strings: options.strings, initialState: options.initialState, lang: options.lang ?? 'en' };
  const lang = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(options.lang ?? '') ? (options.lang as string) : 'en';
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(options.styleUri)}">
<title>${escapeHtml(options.strings.panelTitle)}</title>
</head>
<body>
<div id="app" class="app" aria-busy="true"${options.startFailedText ? ` data-start-failed="${escapeHtml(options.startFailedText)}"` : ''}></div>
<script type="application/json" id="${GRID_BOOT_ELEMENT_ID}" nonce="${escapeHtml(options.nonce)}">${jsonForScript(boot)}</script>
<script nonce="${escapeHtml(options.nonce)}" src="${escapeHtml(options.scriptUri)}"></script>
</body>
</html>
`;
}
