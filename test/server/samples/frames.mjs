// Cuts the pictures of each sample video (its first frame, the poster, then six frames spread
// over its length, the preview pictures) with Chromium's own decoder, small (64 px on the long
// side: the samples are smooth gradients, so the server scales them up without loss), and
// writes them as one PNG strip per sample (`<name>.frames.png`, the frames one below the
// other), which media-routes.ts serves. Run once after changing a sample:
//   node test/server/samples/frames.mjs
/* global document */
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
export const SAMPLES = ['sunset-320x180.mp4', 'sea-320x180.mp4', 'forest-180x320.mp4'];
export const FRAMES = 7;

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGB PNG (filter 0 on every row) from RGBA pixels. */
function png(width, height, rgba) {
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) rows[y * (1 + width * 3) + 1 + x * 3 + c] = rgba[(y * width + x) * 4 + c];
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  for (const name of SAMPLES) {
    const b64 = readFileSync(join(here, name)).toString('base64');
    const portrait = /-(\d+)x(\d+)\./.exec(name).slice(1).map(Number).reduce((w, h) => h > w);
    const { w, h, frames } = await page.evaluate(async ({ b64, portrait, count }) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = `data:video/mp4;base64,${b64}`;
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve;
        video.onerror = () => reject(new Error('Chromium cannot decode the sample'));
      });
      const [w, h] = portrait ? [36, 64] : [64, 36];
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      const frames = [];
      const times = [0, ...Array.from({ length: count - 1 }, (_, n) => ((n + 0.5) * video.duration) / (count - 1))];
      for (const time of times) {
        video.currentTime = Math.min(time, video.duration - 0.05);
        await new Promise((resolve) => (video.onseeked = resolve));
        context.drawImage(video, 0, 0, w, h);
        frames.push(...context.getImageData(0, 0, w, h).data);
      }
      return { w, h, frames };
    }, { b64, portrait, count: FRAMES });
    const file = join(here, name.replace(/\.mp4$/, '.frames.png'));
    writeFileSync(file, png(w, h * FRAMES, frames));
    console.log(`${file}: ${FRAMES} frames of ${w}x${h}`);
  }
} finally {
  await browser.close();
}
