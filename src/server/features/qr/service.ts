import type { FastifyReply } from 'fastify';
import type * as QrCodeModule from 'qrcode';

/**
 * QR codes of invite links (docs/product.md §6.2, §6.7), for the friend standing next to you: a
 * PNG a phone's camera reads back to the link. The encoder loads at the first code asked for.
 */

let encoder: Promise<typeof QrCodeModule> | null = null;

/** The PNG of a QR code of `text`: error correction M, a quiet zone of 4 modules, 8 pixels a module. */
export async function qrCodePng(text: string): Promise<Buffer> {
  encoder ??= import('qrcode');
  const qrcode = await encoder;
  return qrcode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
}

/**
 * Sends the QR code of a link. The link lasts as long as its invite, which may be revoked: the
 * browser asks again each time, and no shared cache keeps it (it names a secret link).
 */
export async function sendQrCode(reply: FastifyReply, link: string): Promise<FastifyReply> {
  return reply.header('cache-control', 'private, no-cache').type('image/png').send(await qrCodePng(link));
}
