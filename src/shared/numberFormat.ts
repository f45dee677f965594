// Numbers written the display language's way, for the host and the webview alike.

/** A number format for `locale`; English when the runtime does not know it (VS Code's pseudo-locale qps-ploc, a malformed tag). */
export function numberFormat(locale: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale);
  } catch {
    return new Intl.NumberFormat('en');
  }
}
