// Draws the app's PNG icons (public/icons/): the favicon's mortarboard, white on blue, by hand
// (no image tool needed). `node scripts/draw-icons.mjs` writes them again.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [0x21, 0x42, 0xc4];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG of size × size; `pixel(x, y)` in units of 32 (the favicon's viewBox) gives [r, g, b, a]. */
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(((x + 0.5) * 32) / size, ((y + 0.5) * 32) / size), 1 + x * 4);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The mortarboard: a diamond (the board) and a cap below it, in the favicon's coordinates. */
function onCap(x, y) {
  const board = Math.abs(x - 16) / 11 + Math.abs(y - 13.5) / 5.5 <= 1;
  const cap = x >= 10 && x <= 22 && y >= 17 && y <= 23 && !(Math.abs(x - 16) / 11 + Math.abs(y - 13.5) / 5.5 <= 1.25 && y < 20);
  const tassel = x >= 25 && x <= 27 && y >= 13.5 && y <= 21;
  return board || cap || tassel;
}

/** Inside a rounded square of radius r (favicon: 7 of 32). */
const inRounded = (x, y, r) => {
  const dx = Math.max(r - x, 0, x - (32 - r));
  const dy = Math.max(r - y, 0, y - (32 - r));
  return dx * dx + dy * dy <= r * r;
};

const regular = (x, y) => (inRounded(x, y, 7) ? [...(onCap(x, y) ? WHITE : BLUE), 255] : [0, 0, 0, 0]);
// Maskable: full bleed, the drawing shrunk into the 80% safe zone.
const maskable = (x, y) => [...(onCap(16 + (x - 16) / 0.7, 16 + (y - 16) / 0.7) ? WHITE : BLUE), 255];

for (const size of [192, 512]) writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), png(size, regular));
writeFileSync(new URL("../public/icons/maskable-512.png", import.meta.url), png(512, maskable));
console.info("wrote public/icons/icon-192.png, icon-512.png, maskable-512.png");
