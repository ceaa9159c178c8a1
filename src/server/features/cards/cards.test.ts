import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createdInviteSchema } from '../../../shared/schemas/invites.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const PUBLIC_URL = 'https://betbro.example';
const INDEX = '<!doctype html><html><head><title>Betbro</title></head><body><div id="root"></div></body></html>';

/** The crawlers of the chat apps a link is pasted in, each by its user agent. */
const CHAT_APPS = {
  WhatsApp: 'WhatsApp/2.23.20.0 A',
  Discordbot: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  TelegramBot: 'TelegramBot (like TwitterBot)',
  Slackbot: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  facebookexternalhit: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
};

/** The content of each Open Graph and Twitter tag of a page, by property or name. */
function tagsOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)" \/>/g)) {
    tags[match[1]!] = match[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return tags;
}

/** A PNG's chunks, by type, and its size from IHDR. */
function pngOf(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    chunks.push({ type: bytes.toString('latin1', at + 4, at + 8), data: bytes.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  const ihdr = chunks[0]!;
  expect(ihdr.type).toBe('IHDR');
  return { width: ihdr.data.readUInt32BE(0), height: ihdr.data.readUInt32BE(4), chunks };
}

describe(`link cards on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let clientDir: string;
  let counter = 0;
  const newUser = (prefix: string) => createUser(app, `${prefix}${(counter += 1)}`);
  const crawler = (agent: string) => new HttpAgent(app, { 'user-agent': agent });
  const anon = () => crawler(CHAT_APPS.WhatsApp);

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-cards-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    app = await createTestApp({ publicUrl: PUBLIC_URL }, { clientDir });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  async function page(url: string, agent = anon()) {
    const response = await agent.get(url);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    return { status: response.statusCode, html: response.body, tags: tagsOf(response.body) };
  }
  /** The card image a page names: fetched from its address, answered and checked as a PNG. */
  async function cardOf(tags: Record<string, string>, agent = anon()) {
    const image = tags['og:image']!;
    expect(image.startsWith(`${PUBLIC_URL}/api/cards/`), image).toBe(true);
    const response = await agent.get(image.slice(PUBLIC_URL.length));
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    return { response, bytes: response.rawPayload, png: pngOf(response.rawPayload) };
  }
  async function invite(user: TestUser, body?: unknown) {
    const response = await user.agent.post('/api/invites', body);
    expect(response.statusCode, response.body).toBe(201);
    return createdInviteSchema.parse(response.json());
  }

  it('puts Open Graph and Twitter Card tags on every page, with absolute addresses, beside the page’s own head', async () => {
    for (const url of ['/', '/friends', '/bets/1', '/settings?tab=x', '/no-such-page']) {
      const { status, html, tags } = await page(url);
      expect(status).toBe(200);
      expect(tags).toMatchObject({
        'og:type': 'website',
        'og:site_name': 'Betbro',
        'og:title': 'Betbro: betting among friends',
        'og:url': `${PUBLIC_URL}${url.split('?')[0]}`,
        'og:image:width': '1200',
        'og:image:height': '630',
        'twitter:card': 'summary_large_image',
      });
      expect(tags['og:description']).toMatch(/bets with your friends/);
      expect(tags['twitter:image']).toBe(tags['og:image']);
      expect(tags['og:image']).toMatch(new RegExp(`^${PUBLIC_URL}/api/cards/betbro/[0-9a-f]{16}\\.png$`));
      // The rest of the page is index.html as built.
      expect(html.replace(/<meta (?:property|name)="(?:og|twitter):[^>]*>/g, '')).toBe(INDEX);
    }
  });

  it('draws the generic card as a PNG of 1200×630, at most 300 KB, kept for good at its address', async () => {
    const { tags } = await page('/');
    const { response, bytes, png } = await cardOf(tags);
    expect(png).toMatchObject({ width: 1200, height: 630 });
    expect(bytes.length).toBeLessThanOrEqual(300 * 1024);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // An address naming another state is sent on to the current one.
    const stale = await anon().get('/api/cards/betbro/0123456789abcdef.png');
    expect(stale.statusCode).toBe(302);
    expect(stale.headers.location).toBe(tags['og:image']!.slice(PUBLIC_URL.length));
    expect(errorBodySchema.parse((await anon().get('/api/cards/betbro/nope.png')).json()).code).toBe('invalid_input');
  });

  it('previews a friend invite with its inviter, and a crew invite with the crew’s name, its inviter and size', async () => {
    const ann = await newUser('Ann');
    const { token } = await invite(ann);
    const friendPage = await page(`/invite/${token}`, crawler(CHAT_APPS.Discordbot));
    expect(friendPage.tags).toMatchObject({ 'og:title': `${ann.username} invites you to Betbro`, 'og:url': `${PUBLIC_URL}/invite/${token}` });
    expect(friendPage.tags['og:image']).toMatch(new RegExp(`/api/cards/invites/${token}/[0-9a-f]{16}\\.png$`));
    expect((await cardOf(friendPage.tags)).png).toMatchObject({ width: 1200, height: 630 });

    const crewOwner = await newUser('Owner');
    const crew = await crewOwner.agent.post('/api/crews', { name: `Poker Night ${counter}` });
    const crewId = (crew.json() as { id: number }).id;
    const crewToken = ((await crewOwner.agent.post(`/api/crews/${crewId}/invites`)).json() as { token: string }).token;
    const crewPage = await page(`/crews/join/${crewToken}`, crawler(CHAT_APPS.TelegramBot));
    expect(crewPage.tags['og:title']).toBe(`Join Poker Night ${counter} on Betbro`);
    expect(crewPage.tags['og:description']).toBe(`${crewOwner.username} invites you to Poker Night ${counter}, a crew of 1 member with its own seasons and standings.`);
    const crewCard = await cardOf(crewPage.tags);
    expect(crewCard.png).toMatchObject({ width: 1200, height: 630 });
    expect(crewCard.bytes.length).toBeLessThanOrEqual(300 * 1024);
  });

  it('previews a bet invite with its question, its options with odds and its deadline; a stake names a new card', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    await makeFriends(app, ann, bob);
    const bet = await createBetAs(ann, { title: 'Will it snow in Leeds on Sunday?', options: ['Yes', 'No', 'Sleet'], expirationType: 'time', expirationValue: '48' });
    const { token } = await invite(ann, { betId: bet.id });
    const before = await page(`/invite/${token}`, crawler(CHAT_APPS.Slackbot));
    expect(before.tags['og:title']).toBe('Will it snow in Leeds on Sunday?');
    expect(before.tags['og:description']).toMatch(new RegExp(`^${ann.username} invites you to bet: Yes 1\\.0:1 · No 1\\.0:1 · Sleet 1\\.0:1\\. Pot \\$0\\.00\\. Ends \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC\\.$`));
    const first = await cardOf(before.tags);
    expect(first.png).toMatchObject({ width: 1200, height: 630 });
    expect(first.bytes.length).toBeLessThanOrEqual(300 * 1024);

    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 30 })).statusCode).toBe(200);
    const after = await page(`/invite/${token}`, crawler(CHAT_APPS.facebookexternalhit));
    expect(after.tags['og:description']).toMatch(/Yes 1\.0:1 · No ∞ · Sleet ∞\. Pot \$30\.00\./);
    expect(after.tags['og:image']).not.toBe(before.tags['og:image']);
    const second = await cardOf(after.tags);
    expect(second.bytes.equals(first.bytes)).toBe(false);
    // A message posted before the stake names the old address: it is sent on to the card as it is now.
    const old = await anon().get(before.tags['og:image']!.slice(PUBLIC_URL.length));
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(after.tags['og:image']!.slice(PUBLIC_URL.length));
  });

  it('escapes a player’s words in the tags', async () => {
    const ann = await newUser('Ann');
    const bet = await createBetAs(ann, { title: 'Is "5 > 3" & <b>bold</b>?', options: ['Yes', 'No'] });
    const { token } = await invite(ann, { betId: bet.id });
    const { html, tags } = await page(`/invite/${token}`);
    expect(tags['og:title']).toBe('Is "5 > 3" & <b>bold</b>?');
    expect(html).toContain('content="Is &quot;5 &gt; 3&quot; &amp; &lt;b&gt;bold&lt;/b&gt;?"');
    expect(html).not.toContain('<b>bold</b>');
  });

  it('answers 404, with the generic card, for an invite page whose link does not open; and has no card for it', async () => {
    const ann = await newUser('Ann');
    const revoked = await invite(ann);
    expect((await ann.agent.delete(`/api/invites/${revoked.token}`)).statusCode).toBe(200);
    for (const url of ['/invite/not-a-real-token', `/invite/${revoked.token}`, '/crews/join/not-a-real-token', '/invite/bad%20token']) {
      const { status, tags } = await page(url);
      expect(status, url).toBe(404);
      expect(tags['og:title']).toBe('Betbro: betting among friends');
      expect(tags['og:image']).toMatch(/\/api\/cards\/betbro\//);
    }
    for (const url of [`/api/cards/invites/${revoked.token}/0123456789abcdef.png`, '/api/cards/invites/not-a-real-token/0123456789abcdef.png', '/api/cards/crews/join/nope/0123456789abcdef.png']) {
      const response = await anon().get(url);
      expect(response.statusCode, url).toBe(404);
      expect(errorBodySchema.parse(response.json()).code).toBe('invite_not_found');
    }
  });

  it('never shows a crawler the words of a friends-only or a crew bet, on any of their pages or images', async () => {
    const cora = await newUser('Cora');
    const finn = await newUser('Finn');
    await makeFriends(app, cora, finn);
    const secrets = ['Secret derby between friends', 'Hushed home side', 'Quiet away side', 'Crew-only poker river', 'Hidden heart', 'Hidden spade'];
    const friendsBet = await createBetAs(cora, { title: secrets[0], description: 'Not for strangers.', options: [secrets[1]!, secrets[2]!] });
    const crew = (await cora.agent.post('/api/crews', { name: `Hush crew ${counter}` })).json() as { id: number };
    const crewBet = await createBetAs(cora, { title: secrets[3], description: 'Crew only.', options: [secrets[4]!, secrets[5]!], crewId: crew.id });
    expect((await finn.agent.post(`/api/bets/${friendsBet.id}/participate`, { option: 0, amount: 10 })).statusCode).toBe(200);
    // Even a bet its creator shares by an invite keeps its own page generic.
    await invite(cora, { betId: friendsBet.id });

    const pages = [friendsBet.id, crewBet.id].flatMap((id) => [`/bets/${id}`, `/bets/${id}/`, `/bets/${id}?from=chat`]);
    pages.push(`/crews/${crew.id}`, '/', '/my-bets', '/activities');
    for (const [name, userAgent] of Object.entries(CHAT_APPS)) {
      const agent = crawler(userAgent);
      for (const url of pages) {
        const { status, html, tags } = await page(url, agent);
        expect(status, `${name} ${url}`).toBe(200);
        expect(secrets.filter((secret) => html.includes(secret)), `${name} ${url}`).toEqual([]);
        expect(tags['og:title']).toBe('Betbro: betting among friends');
        const { bytes, png } = await cardOf(tags, agent);
        const text = bytes.toString('latin1');
        expect(secrets.filter((secret) => text.includes(secret)), `${name} ${url}: image`).toEqual([]);
        // No text chunk at all: the image's metadata says nothing either.
        expect(png.chunks.map((c) => c.type).filter((type) => /^[tiz]TXt$/.test(type))).toEqual([]);
      }
    }
  });
});
