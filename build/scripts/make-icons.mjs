#!/usr/bin/env node
// Draws the app icon (a price tag on a rounded blue square) into build/icon.png (512×512) and
// build/icons/<n>x<n>.png for Linux, as real RGBA PNGs, with no image library: shapes are signed
// distance functions, antialiased over one pixel, encoded with zlib.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const buildDir = fileURLToPath(new URL('..', import.meta.url));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1); negative distance = inside.
const roundedBox = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;
function rotate(x, y, cx, cy, angle) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [cx + (x - cx) * c - (y - cy) * s, cy + (x - cx) * s + (y - cy) * c];
}
function tag(x, y) {
  const [u, v] = rotate(x, y, 0.5, 0.5, Math.PI / 4);
  const body = roundedBox(u, v, 0.5, 0.56, 0.17, 0.24, 0.04);
  // The pointed top of the tag: a square rotated 45°, merged with the body.
  const [pu, pv] = rotate(u, v, 0.5, 0.32, Math.PI / 4);
  const point = roundedBox(pu, pv, 0.5, 0.32, 0.12, 0.12, 0.03);
  const hole = circle(u, v, 0.5, 0.33, 0.045);
  return Math.max(Math.min(body, point), -hole);
}

function draw(size) {
  const rgba = Buffer.alloc(size * size * 4);
  const aa = 1 / size;
  const coverage = (d) => Math.min(1, Math.max(0, 0.5 - d / aa));
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = (px + 0.5) / size;
      const y = (py + 0.5) / size;
      const bg = coverage(roundedBox(x, y, 0.5, 0.5, 0.44, 0.44, 0.1));
      const t = (x + y) / 2;
      let r = 30 + 20 * t;
      let g = 99 + 40 * t;
      let b = 235 - 30 * t;
      const fg = coverage(tag(x, y));
      r += (250 - r) * fg;
      g += (204 - g) * fg;
      b += (21 - b) * fg;
      const i = (py * size + px) * 4;
      rgba[i] = Math.round(r);
      rgba[i + 1] = Math.round(g);
      rgba[i + 2] = Math.round(b);
      rgba[i + 3] = Math.round(255 * bg);
    }
  }
  return encodePng(size, rgba);
}

mkdirSync(join(buildDir, 'icons'), { recursive: true });
writeFileSync(join(buildDir, 'icon.png'), draw(512));
for (const size of [512, 256, 128, 64, 32, 16]) {
  writeFileSync(join(buildDir, 'icons', `${size}x${size}.png`), draw(size));
}
console.log('Wrote build/icon.png and build/icons/*.png');
