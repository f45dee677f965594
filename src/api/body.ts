// Reads an answer's body as a stream, up to a number of bytes, and stops when a signal
// aborts: a body that is too large is not held in memory, and one that stalls cannot
// outlive the request's deadline (the stream is cancelled, the read rejects).
import { concatBytes } from '../core/bytes';

export interface CappedText {
  /** The body decoded as UTF-8 (a leading BOM dropped); only its first `max` bytes when truncated. */
  text: string;
  /** More than `max` bytes were declared or sent; reading stopped there. */
  truncated: boolean;
}

function abortError(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  if (reason !== undefined) return reason;
  const error = new Error('The operation was aborted.');
  error.name = 'AbortError';
  return error;
}

export async function readCappedText(response: Response, max: number, signal: AbortSignal): Promise<CappedText> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => undefined);
    return { text: '', truncated: true };
  }
  const body = response.body;
  if (!body) return { text: '', truncated: false };
  if (signal.aborted) {
    await body.cancel().catch(() => undefined);
    throw abortError(signal);
  }
  const reader = body.getReader();
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => {
      reject(abortError(signal));
      reader.cancel().catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // Only rejects; never left unhandled when no abort comes.
  aborted.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      // A cancel on abort also ends the read: that end is not the body's.
      if (signal.aborted) throw abortError(signal);
      if (done) break;
      if (total + value.byteLength > max) {
        chunks.push(value.subarray(0, max - total));
        total = max;
        truncated = true;
        await reader.cancel().catch(() => undefined);
        break;
      }
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    try {
      reader.releaseLock();
    } catch {
      // A read still pending after a cancel: the stream is done with either way.
    }
  }
  return { text: new TextDecoder('utf-8').decode(concatBytes(chunks, total)), truncated };
}
