// A tiny PNG encoder (zlib deflate + CRC-32) and the seeded pattern image_generation_call returns.
import { deflateSync } from 'node:zlib';
import { hashNumber } from './ids';

export const IMAGE_SIZE_PX = 64;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Encodes 8-bit RGB pixels (row-major, 3 bytes per pixel) as a PNG. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

function colorOf(seed: number, shift: number): [number, number, number] {
  const value = (seed >>> shift) & 0xffffff;
  return [64 + ((value >> 16) & 0x7f), 64 + ((value >> 8) & 0x7f), 64 + (value & 0x7f)];
}

/**
 * Concentric rings crossed by diagonal stripes, colours from the seed. With progress < 1 only the
 * top rows are drawn (the rest is light grey): the partial images of a streamed generation.
 */
export function renderPattern(seed: string, progress = 1): Buffer {
  const size = IMAGE_SIZE_PX;
  const hash = hashNumber(seed);
  const palette = [colorOf(hash, 0), colorOf(hash, 5), colorOf(hash, 11)];
  const drawnRows = Math.ceil(size * Math.min(1, Math.max(0, progress)));
  const rgb = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const ring = Math.floor(Math.hypot(x - size / 2, y - size / 2) / 6);
      const stripe = Math.floor((x + y) / 8) % 2;
      const color = y < drawnRows ? (palette[(ring + stripe) % palette.length] ?? [0, 0, 0]) : [224, 224, 224];
      rgb.set(color, (y * size + x) * 3);
    }
  }
  return encodePng(size, size, rgb);
}

export function renderPatternBase64(seed: string, progress = 1): string {
  return renderPattern(seed, progress).toString('base64');
}
