// Error bodies come as JSON ({"error": ...} or {"status":404,"error":"Not Found"}), plain
// text or HTML. Whatever the form, one short plain line comes out, or undefined, without
// invisible and direction-changing characters (as all service text).
import { cleanServerText } from '../core/errors';
import { stripInvisible } from '../core/invisible';

export function errorBodyText(body: string, contentType: string | null): string | undefined {
  const line = bodyLine(body, contentType);
  const visible = line === undefined ? '' : stripInvisible(line).trim();
  return visible === '' ? undefined : visible;
}

function bodyLine(body: string, contentType: string | null): string | undefined {
  const text = body.trim();
  if (text === '') return undefined;
  const looksJson = (contentType ?? '').includes('json') || text.startsWith('{');
  if (looksJson) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) {
        const record = parsed as Record<string, unknown>;
        for (const key of ['error', 'message', 'detail', 'code']) {
          const value = record[key];
          if (typeof value === 'string' && value.trim() !== '') return cleanServerText(value);
        }
        return undefined;
      }
      if (typeof parsed === 'string') return cleanServerText(parsed);
    } catch {
      // Not JSON after all: fall through to text handling.
    }
  }
  if ((contentType ?? '').includes('html') || /^<(!doctype|html|head|body)/i.test(text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1];
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text)?.[1];
    const picked = cleanServerText(title ?? h1 ?? text);
    return picked === '' ? undefined : picked;
  }
  const plain = cleanServerText(text);
  return plain === '' ? undefined : plain;
}
