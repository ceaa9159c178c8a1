import type { FastifyInstance } from 'fastify';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createBetAs, createUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { qrCodePng, qrCodePngByTheLibrary } from './service.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

/** What a phone's camera reads in a PNG: the text of the QR code in it, or null. */
function scan(png: Buffer): string | null {
  const { width, height, data } = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data ?? null;
}

describe('a QR code as Betbro writes it', () => {
  // Black or white, pixel by pixel, from any PNG.
  const picture = (png: Buffer) => {
    const { width, height, data } = PNG.sync.read(png);
    const dark: boolean[] = [];
    for (let i = 0; i < width * height; i += 1) dark.push(data[i * 4]! < 128);
    return { width, height, dark };
  };

  it('is the picture the library draws, for links of every length an invite has', async () => {
    for (const link of [
      'https://betbro.example/invite/abc',
      `https://betbro.example/invite/${'x'.repeat(43)}`,
      `http://127.0.0.1:3000/crews/join/${'Yz9_-'.repeat(9)}`,
      `https://a-rather-long-host-name.betbro.example/crews/join/${'q'.repeat(120)}`,
    ]) {
      const ours = await qrCodePng(link);
      expect(picture(ours), link).toEqual(picture(await qrCodePngByTheLibrary(link)));
      expect(scan(ours)).toBe(link);
    }
  });
});

describe(`QR codes of invite links on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let anon: HttpAgent;
  let counter = 0;
  const newUser = (prefix: string) => createUser(app, `${prefix}${(counter += 1)}`);

  beforeAll(async () => {
    app = await createTestApp({ publicUrl: 'https://betbro.example' });
    anon = new HttpAgent(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const qrOf = async (url: string) => {
    const response = await anon.get(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    return scan(response.rawPayload);
  };

  it('reads back to the link of a friend invite, a bet invite and a crew invite', async () => {
    const ann = await newUser('Ann');
    const friendInvite = (await ann.agent.post('/api/invites')).json() as { token: string; url: string };
    expect(await qrOf(`/api/invites/${friendInvite.token}/qr.png`)).toBe(friendInvite.url);

    const bet = await createBetAs(ann, { title: 'Scan me' });
    const betInvite = (await ann.agent.post('/api/invites', { betId: bet.id })).json() as { token: string; url: string };
    expect(betInvite.url).toBe(`https://betbro.example/invite/${betInvite.token}`);
    expect(await qrOf(`/api/invites/${betInvite.token}/qr.png`)).toBe(betInvite.url);

    const crew = (await ann.agent.post('/api/crews', { name: `QR crew ${counter}` })).json() as { id: number };
    const crewInvite = (await ann.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string; url: string };
    expect(await qrOf(`/api/crews/join/${crewInvite.token}/qr.png`)).toBe(crewInvite.url);
  });

  it('is 404 for a link that does not open: unknown, or revoked', async () => {
    const ann = await newUser('Ann');
    const invite = (await ann.agent.post('/api/invites')).json() as { token: string };
    expect((await ann.agent.delete(`/api/invites/${invite.token}`)).statusCode).toBe(200);
    const crew = (await ann.agent.post('/api/crews', { name: `Gone crew ${counter}` })).json() as { id: number };
    const crewInvite = (await ann.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string };
    expect((await ann.agent.delete(`/api/crews/${crew.id}/invites/${crewInvite.token}`)).statusCode).toBe(204);
    for (const url of [
      `/api/invites/${invite.token}/qr.png`,
      '/api/invites/not-a-real-token/qr.png',
      `/api/crews/join/${crewInvite.token}/qr.png`,
      '/api/crews/join/not-a-real-token/qr.png',
    ]) {
      const response = await anon.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('invite_not_found');
    }
  });
});
