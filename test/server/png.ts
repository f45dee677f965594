// A minimal PNG encoder (8-bit RGB, one IDAT, compressed by Node's zlib) for the local
// library's placeholder pictures.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** Bytes of one scanline: the filter type byte, then R, G, B per pixel. */
export function rowBytes(width: number): number {
  return 1 + width * 3;
}

/**
 * A width x height RGB PNG from its scanlines (`height` rows of rowBytes(width), each
 * starting with its filter type byte; 0 = None). Flat runs of one colour, which the
 * pictures are made of, compress well as they are, so no filter is needed.
 */
export function encodePng(width: number, height: number, scanlines: Buffer): Buffer {
  if (scanlines.length !== height * rowBytes(width)) throw new Error(`${scanlines.length} bytes of scanlines for ${width}x${height}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  // Level 3: nearly the size of the default level's output in half the time on these pictures.
  const idat = deflateSync(scanlines, { level: 3 });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height from a PNG's IHDR chunk, or null if it is not a PNG. */
export function readPngSize(png: Uint8Array): { width: number; height: number } | null {
  const buf = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buf.length < 24 || !buf.subarray(0, 8).equals(SIGNATURE) || buf.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}
