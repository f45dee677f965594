// A minimal PNG encoder (8-bit RGB, one IDAT) on node:zlib: a vertical gradient around a
// colour, which is all a placeholder image needs and compresses to almost nothing.
import { createDeflate } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = (CRC_TABLE[(c ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** Rows batched per write so a 30 MP image never needs its whole raw form in memory. */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Encodes a width x height PNG whose rows fade from `top` to `bottom`. Each row uses the
 * Sub filter, so it is one pixel followed by zeros.
 */
export function encodeGradientPng(width: number, height: number, top: Rgb, bottom: Rgb): Promise<Buffer> {
  const rowBytes = width * 3 + 1;
  const rowsPerBatch = Math.max(1, Math.floor(BATCH_BYTES / rowBytes));
  const deflate = createDeflate({ level: width * height > 4_000_000 ? 1 : 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise<Buffer>((resolve, reject) => {
    deflate.on('error', reject);
    deflate.on('end', () => resolve(Buffer.concat(parts)));
  });
  const writeBatches = async (): Promise<void> => {
    for (let y0 = 0; y0 < height; y0 += rowsPerBatch) {
      const rows = Math.min(rowsPerBatch, height - y0);
      const batch = Buffer.alloc(rows * rowBytes);
      for (let r = 0; r < rows; r++) {
        const t = height > 1 ? (y0 + r) / (height - 1) : 0.5;
        const offset = r * rowBytes;
        batch[offset] = 1;
        for (let c = 0; c < 3; c++) batch[offset + 1 + c] = Math.round(top[c] + (bottom[c] - top[c]) * t);
      }
      if (!deflate.write(batch)) await new Promise<void>((resolve) => deflate.once('drain', () => resolve()));
    }
    deflate.end();
  };
  void writeBatches().catch((error: unknown) => deflate.destroy(error instanceof Error ? error : new Error(String(error))));
  return done.then((compressed) => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: RGB
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', compressed), chunk('IEND', Buffer.alloc(0))]);
  });
}

/** Width and height from a PNG's IHDR chunk, or null if it is not a PNG. */
export function readPngSize(png: Uint8Array): { width: number; height: number } | null {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
