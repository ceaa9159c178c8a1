import { crc32, deflateSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import type * as QrCodeModule from 'qrcode';

/**
 * QR codes of invite links (docs/product.md §6.2, §6.7), for the friend standing next to you: a
 * PNG a phone's camera reads back to the link. The encoder loads at the first code asked for.
 */

let encoder: Promise<typeof QrCodeModule> | null = null;
const loadEncoder = () => (encoder ??= import('qrcode'));

/** Error correction M, a quiet zone of 4 modules, 8 pixels a module. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4, scale: 8 } as const;

/**
 * The PNG of a QR code of `text`, written here as black and white, one bit a pixel
 * (docs/decisions/037-qr-codes-written-one-bit-a-pixel.md): the library's own PNG is the same
 * picture in 32 bits a pixel, filtered and compressed at its slowest, about 15 ms a code against
 * well under 1 ms. `qrCodePngByTheLibrary` stays as the tests' reference.
 */
export async function qrCodePng(text: string): Promise<Buffer> {
  const { modules } = (await loadEncoder()).create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const { margin, scale } = QR_OPTIONS;
  const side = (modules.size + 2 * margin) * scale;
  // Each row of pixels: a filter byte (0, none), then a bit a pixel, 1 white and 0 black; `side`
  // is a multiple of 8, so no row ends in a partial byte.
  const rowBytes = 1 + side / 8;
  const pixels = Buffer.alloc(rowBytes * side, 0xff);
  for (let y = 0; y < modules.size; y += 1) {
    const first = (y + margin) * scale;
    const row = pixels.subarray(first * rowBytes, (first + 1) * rowBytes);
    for (let x = 0; x < modules.size; x += 1) {
      // Eight pixels a module: one whole byte, black.
      if (modules.get(y, x)) row[1 + x + margin] = 0;
    }
    for (let copy = 1; copy < scale; copy += 1) row.copy(pixels, (first + copy) * rowBytes);
  }
  for (let y = 0; y < side; y += 1) pixels[y * rowBytes] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale; compression, filter and interlace methods 0
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(pixels)), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: its length, its type, its data and the CRC-32 of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([length, typed, crc]);
}

/** The same code as the library writes it (the reference qrCodePng is tested against). */
export async function qrCodePngByTheLibrary(text: string): Promise<Buffer> {
  return (await loadEncoder()).toBuffer(text, { type: 'png', ...QR_OPTIONS });
}

/**
 * Sends the QR code of a link. The link lasts as long as its invite, which may be revoked: the
 * browser asks again each time, and no shared cache keeps it (it names a secret link).
 */
export async function sendQrCode(reply: FastifyReply, link: string): Promise<FastifyReply> {
  return reply.header('cache-control', 'private, no-cache').type('image/png').send(await qrCodePng(link));
}
