import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_PAGE_MODULES, DASHBOARD_MODULES, READ_PATHS } from '../../shared/first-screen.ts';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../features/auth/service.ts';
import { createUser } from '../test/fixtures.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { LANDING_DIR, landingFile } from '../../shared/landing-pages.ts';
import { welcomeSchema } from '../../shared/schemas/auth.ts';
import { BUILD_MANIFEST, catalogueChunks, chunksOf, pageEncoding, withHeadTags, withLandingPage } from './spa.ts';

// A build as `vite build` leaves it: text files with the .br and .gz siblings the build's
// precompress step writes, except where compressing would not have helped.
const INDEX = `<!doctype html><html><head><title>Betbro</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(40)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('Betbro '.repeat(200))});`;
const STYLE = 'body{margin:0}';

// Which chunks the build made of the dashboard's modules, as Vite's manifest says it.
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true, css: ['assets/index-abc123.css'], imports: ['_shared-abc123.js'] },
  '_shared-abc123.js': { file: 'assets/shared-abc123.js', imports: ['index.html'] },
  'mobile/mobile-app.tsx': { file: 'assets/mobile-app-abc123.js', imports: ['index.html', '_shared-abc123.js'], css: ['assets/mobile-app-abc123.css'] },
  'features/dashboard/components/dashboard-narrow.tsx': { file: 'assets/dashboard-narrow-abc123.js', imports: ['_shared-abc123.js', 'index.html'] },
  'app/app-layout.tsx': { file: 'assets/app-layout-abc123.js', imports: ['_shared-abc123.js', 'index.html'] },
  'features/dashboard/components/dashboard-page.tsx': { file: 'assets/dashboard-page-abc123.js', imports: ['_shared-abc123.js', 'index.html'] },
  'features/bets/components/bet-detail-page.tsx': { file: 'assets/bet-detail-page-abc123.js', imports: ['_shared-abc123.js', 'index.html'] },
  'features/crews/components/crew-page.tsx': { file: 'assets/crew-page-abc123.js', imports: ['_shared-abc123.js', 'index.html'] },
};
const module = (file: string) => `</assets/${file}>; rel=modulepreload`;
const read = (apiPath: string) => `<${apiPath}>; rel=preload; as=fetch; crossorigin`;
const SHARED = module('shared-abc123.js');
const PHONE = [module('mobile-app-abc123.js'), '</assets/mobile-app-abc123.css>; rel=preload; as=style; crossorigin', SHARED, module('dashboard-narrow-abc123.js')];
const DESKTOP = [module('app-layout-abc123.js'), SHARED, module('dashboard-page-abc123.js')];
const FRAME_READS = [READ_PATHS.friendRequests, READ_PATHS.notifications, READ_PATHS.preferences].map(read);
const COMMON_READS = [read(READ_PATHS.bets.friends), read(READ_PATHS.myCrews), ...FRAME_READS];
const BET_PAGE = module('bet-detail-page-abc123.js');
const CREW_PAGE = module('crew-page-abc123.js');
const WHO_AM_I = '</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials';
const links = (header: unknown) => (typeof header === 'string' ? header.split(', ') : []);
/** A page as built, without the link card's tags the server adds to its head (features/cards). */
const pageOf = (html: string) => html.replace(/<meta (?:property="og:|name="twitter:)[^>]*>/g, '');

describe(`static client serving on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-spa-'));
    mkdirSync(path.join(clientDir, 'assets'));
    const write = (file: string, content: string, compressed: boolean) => {
      writeFileSync(path.join(clientDir, file), content);
      if (!compressed) return;
      writeFileSync(path.join(clientDir, `${file}.br`), brotliCompressSync(content));
      writeFileSync(path.join(clientDir, `${file}.gz`), gzipSync(content));
    };
    write('index.html', INDEX, true);
    write('assets/index-abc123.js', SCRIPT, true);
    write('assets/tiny-abc123.css', STYLE, false);
    write('robots.txt', 'User-agent: *\nDisallow: /api/\n', false);
    mkdirSync(path.join(clientDir, '.vite'));
    write(BUILD_MANIFEST, JSON.stringify(MANIFEST), false);
    app = await createTestApp({}, { clientDir });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed asset as its .br when the browser takes brotli, cached for a year', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the .gz to a browser that takes gzip only, and the file itself to one that takes neither', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const plain of [await get('/assets/index-abc123.js'), await get('/assets/index-abc123.js', 'identity')]) {
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
    }
  });

  it('sends a file without compressed siblings as it is', async () => {
    const res = await get('/assets/tiny-abc123.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toBe(STYLE);
  });

  it('answers page routes with index.html, compressed when accepted and never kept without asking', async () => {
    for (const url of ['/', '/friends', '/bets/42?tab=comments']) {
      const br = await get(url, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['cache-control']).toBe('private, no-cache');
      expect(pageOf(brotliDecompressSync(br.rawPayload).toString())).toBe(INDEX);

      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(pageOf(gunzipSync(gz.rawPayload).toString())).toBe(INDEX);

      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('private, no-cache');
      expect(pageOf(plain.body)).toBe(INDEX);
      expect(plain.body).toContain('<meta name="twitter:card" content="summary_large_image" />');
    }
  });

  it("names the phone dashboard's chunks and reads in the Link header of / for a signed-in player", async () => {
    const player = await createUser(app, 'hinted_phone');
    const res = await player.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(res.statusCode).toBe(200);
    expect(pageOf(res.body)).toBe(INDEX);
    expect(links(res.headers.link)).toEqual([WHO_AM_I, ...PHONE, ...COMMON_READS]);
  });

  it("names the desktop dashboard's chunks when the browser says it is not a phone, and an admin's bets", async () => {
    const player = await createUser(app, 'hinted_desk');
    const desk = await player.agent.request('GET', '/?welcome=1', { headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(links(desk.headers.link)).toEqual([WHO_AM_I, ...DESKTOP, ...COMMON_READS]);

    const admin = await createUser(app, 'hinted_admin', { admin: true });
    const adminPage = await admin.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(links(adminPage.headers.link)).toContain(read(READ_PATHS.bets.all));
    expect(links(adminPage.headers.link)).not.toContain(read(READ_PATHS.bets.friends));
  });

  it("names a bet page's chunks, its detail, timeline and discussion beside the frame's reads, where a shared link lands", async () => {
    const player = await createUser(app, 'hinted_bet');
    const BET_READS = [READ_PATHS.bet(42), READ_PATHS.betTimeline(42), READ_PATHS.betComments(42)].map(read);
    const phone = await player.agent.request('GET', '/bets/42?from=chat', { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(links(phone.headers.link)).toEqual([WHO_AM_I, ...PHONE.slice(0, 3), BET_PAGE, ...BET_READS, ...FRAME_READS]);
    const desk = await player.agent.request('GET', '/bets/42', { headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(links(desk.headers.link)).toEqual([WHO_AM_I, module('app-layout-abc123.js'), SHARED, BET_PAGE, ...BET_READS, ...FRAME_READS]);
    const any = await player.agent.request('GET', '/bets/42');
    expect(links(any.headers.link)).toEqual([WHO_AM_I, SHARED, BET_PAGE, ...BET_READS, ...FRAME_READS]);
  });

  it("names a crew page's chunks and reads, by tab, where an invite or a friend's message lands", async () => {
    const player = await createUser(app, 'hinted_crew');
    const crewReads = (...more: string[]) => [read(READ_PATHS.crew(9)), read(READ_PATHS.myCrews), ...more.map(read), ...FRAME_READS];
    const standings = await player.agent.request('GET', '/crews/9/standings', { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(links(standings.headers.link)).toEqual([
      WHO_AM_I,
      ...PHONE.slice(0, 3),
      CREW_PAGE,
      ...crewReads(READ_PATHS.crew(9, '/standings'), READ_PATHS.crew(9, '/seasons')),
    ]);
    const bets = await player.agent.request('GET', '/crews/9', { headers: { 'sec-ch-ua-mobile': '?0' } });
    expect(links(bets.headers.link)).toEqual([WHO_AM_I, module('app-layout-abc123.js'), SHARED, CREW_PAGE, ...crewReads(READ_PATHS.bets.crew(9))]);
    const chat = await player.agent.request('GET', '/crews/9/chat');
    expect(links(chat.headers.link)).toEqual([WHO_AM_I, SHARED, CREW_PAGE, ...crewReads()]);
  });

  it('names only what both layouts need when the browser does not say which it has', async () => {
    const player = await createUser(app, 'hinted_any');
    const res = await player.agent.request('GET', '/');
    expect(links(res.headers.link)).toEqual([WHO_AM_I, SHARED, ...COMMON_READS]);
  });

  it("names nothing for a visitor without a session cookie, and only \"who am I?\" for another page, a stale cookie or a player still to choose a name", async () => {
    const visitor = await get('/');
    expect(visitor.headers.link).toBeUndefined();
    expect(visitor.headers['set-cookie']).toBeUndefined();
    const stale = await app.inject({ method: 'GET', url: '/', headers: { cookie: `betbro_session=${'x'.repeat(43)}`, 'sec-ch-ua-mobile': '?1' } });
    expect(stale.statusCode).toBe(200);
    expect(links(stale.headers.link)).toEqual([WHO_AM_I]);

    const player = await createUser(app, 'hinted_elsewhere');
    for (const url of ['/friends', '/bets/0', '/bets/42/edit', '/crews/42/elsewhere', '/crews/0']) {
      expect(links((await player.agent.request('GET', url, { headers: { 'sec-ch-ua-mobile': '?1' } })).headers.link)).toEqual([WHO_AM_I]);
    }
    const newcomer = await createUser(app, 'user_0a1b2c3d4e');
    expect(links((await newcomer.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } })).headers.link)).toEqual([WHO_AM_I]);
  });

  it("tells the page's scripts whether a session cookie is there, so a signed-out page asks nothing", async () => {
    const hint = (res: { cookies: { name: string; value: string; httpOnly?: boolean; expires?: Date }[] }) => res.cookies.find((c) => c.name === 'betbro_signed_in');
    const player = await createUser(app, 'hinted_hint');
    const signedIn = hint(await player.agent.request('GET', '/friends'));
    expect(signedIn).toMatchObject({ value: '1' });
    expect(signedIn!.httpOnly).toBeFalsy();

    // Signed out elsewhere, the page takes the hint back.
    const away = await app.inject({ method: 'GET', url: '/', headers: { cookie: 'betbro_signed_in=1' } });
    expect(hint(away)!.expires!.getTime()).toBeLessThan(Date.now());
    expect(away.headers.link).toBeUndefined();
  });

  it('sends the page whole every time, private, and varying with who asks', async () => {
    const player = await createUser(app, 'hinted_cache');
    const first = await player.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(first.headers.etag).toBeUndefined();
    expect(first.headers['last-modified']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);
    expect(first.headers.vary).toMatch(/sec-ch-ua-mobile/i);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(first.headers.vary).toMatch(/accept-language/i);
    // A browser revalidating what it kept gets the whole page, with the hints of who asks now.
    const again = await get('/');
    expect(again.statusCode).toBe(200);
    expect(again.headers.link).toBeUndefined();
  });

  it("neither slides the session nor sets its cookie: the page's look at the session is only a look", async () => {
    const player = await createUser(app, 'hinted_slide');
    // A session due to slide: the API would extend it and renew the cookie.
    const dueAt = new Date(Date.now() + 60 * 60 * 1000);
    await app.db.update(sessions).set({ expiresAt: dueAt }).where(eq(sessions.userId, player.id));
    const res = await player.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } });
    expect(links(res.headers.link)).toEqual([WHO_AM_I, ...PHONE, ...COMMON_READS]);
    expect(res.cookies.map((c) => c.name)).toEqual(['betbro_signed_in']);
    const [row] = await app.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, player.id));
    expect(row!.expiresAt.getTime()).toBe(dueAt.getTime());
  });

  it('keeps the build manifest to itself', async () => {
    const res = await get('/.vite/manifest.json');
    expect(pageOf(res.body)).toBe(INDEX);
  });

  it('serves /robots.txt as text, not the index page', async () => {
    const res = await get('/robots.txt', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
  });

  it('keeps unknown API routes a JSON 404, uncompressed', async () => {
    const res = await get('/api/nope', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(errorBodySchema.parse(res.json()).code).toBe('not_found');
  });
});

describe(`first-screen hints on ${testDbKind}`, () => {
  it('sends none when PLAIN_PATHS switches them off', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-spa-plain-'));
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    writeFileSync(path.join(clientDir, BUILD_MANIFEST), JSON.stringify(MANIFEST));
    const app = await createTestApp({ plainPaths: new Set(['first-screen-hints']) }, { clientDir });
    try {
      const player = await createUser(app, 'plain_player');
      const res = await player.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } });
      expect(res.statusCode).toBe(200);
      expect(links(res.headers.link)).toEqual([WHO_AM_I]);
    } finally {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it("names the catalogue of the reader's language for every page: the device's choice, else the browser's, else English; the rest of its words when signed in", async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-spa-words-'));
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    const manifest = {
      ...MANIFEST,
      '../shared/i18n/catalogues/en.json?first': { file: 'assets/en-first1.js', imports: [] },
      '../shared/i18n/catalogues/en.json?rest': { file: 'assets/en-rest1.js', imports: [] },
      '../shared/i18n/catalogues/de.json?first': { file: 'assets/de-first1.js', imports: [] },
      '../shared/i18n/catalogues/de.json?rest': { file: 'assets/de-rest1.js', imports: [] },
      '../shared/i18n/catalogues/ar.json?rest': { file: 'assets/ar-rest1.js', imports: [] },
      '../shared/i18n/catalogues/ar.json?first': { file: 'assets/ar-first1.js', imports: [] },
      // Half a language is none: its pages load its words as they come.
      '../shared/i18n/catalogues/fr.json?first': { file: 'assets/fr-first1.js', imports: [] },
    };
    writeFileSync(path.join(clientDir, BUILD_MANIFEST), JSON.stringify(manifest));
    expect([...catalogueChunks(manifest)]).toEqual([
      ['en', { first: 'assets/en-first1.js', rest: 'assets/en-rest1.js' }],
      ['de', { first: 'assets/de-first1.js', rest: 'assets/de-rest1.js' }],
      ['ar', { first: 'assets/ar-first1.js', rest: 'assets/ar-rest1.js' }],
    ]);
    const app = await createTestApp({}, { clientDir });
    try {
      const page = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/bets/7', headers });
      expect(links((await page({})).headers.link)).toEqual([module('en-first1.js')]);
      expect(links((await page({ 'accept-language': 'de-AT,de;q=0.9' })).headers.link)).toEqual([module('de-first1.js')]);
      expect(links((await page({ 'accept-language': 'de', cookie: 'betbro_locale=ar' })).headers.link)).toEqual([module('ar-first1.js')]);
      expect(links((await page({ 'accept-language': 'ja' })).headers.link)).toEqual([module('en-first1.js')]);
      expect(links((await page({ 'accept-language': 'fr' })).headers.link)).toEqual([]);
      const player = await createUser(app, 'worded_player');
      const signedIn = await player.agent.request('GET', '/crews', { headers: { 'accept-language': 'de' } });
      expect(links(signedIn.headers.link).slice(0, 2)).toEqual([module('de-first1.js'), module('de-rest1.js')]);
    } finally {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('still sends the page, without hints, when the session cannot be read', async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-spa-nodb-'));
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    writeFileSync(path.join(clientDir, BUILD_MANIFEST), JSON.stringify(MANIFEST));
    const app = await createTestApp({}, { clientDir });
    try {
      const player = await createUser(app, 'unlucky_player');
      await app.db.execute(sql`alter table sessions rename to sessions_away`);
      const res = await player.agent.request('GET', '/', { headers: { 'sec-ch-ua-mobile': '?1' } });
      expect(res.statusCode).toBe(200);
      expect(pageOf(res.body)).toBe(INDEX);
      expect(links(res.headers.link)).toEqual([WHO_AM_I]);
      await app.db.execute(sql`alter table sessions_away rename to sessions`);
    } finally {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });

  it('finds no chunks for a module the build does not know', () => {
    expect(chunksOf(MANIFEST, ['mobile/mobile-app.tsx'])).toEqual(['assets/mobile-app-abc123.js', 'assets/mobile-app-abc123.css', 'assets/shared-abc123.js']);
    expect(chunksOf(MANIFEST, ['mobile/mobile-app.tsx', 'features/gone.tsx'])).toBeNull();
  });

  it("names the modules the client's router loads for the dashboard and a bet's page", () => {
    // The router's choice (preloadScreenFor) and the screen catalogue's entries.
    const router = readFileSync('src/client/app/router.tsx', 'utf8');
    const screens = readFileSync('src/client/app/screens.ts', 'utf8');
    for (const layout of ['mobile', 'desktop'] as const) {
      for (const file of [...DASHBOARD_MODULES[layout], ...BET_PAGE_MODULES[layout]]) {
        expect(existsSync(path.join('src/client', file))).toBe(true);
        const name = path.basename(file);
        expect(router.includes(`/${name}')`) || screens.includes(`/${name}')`)).toBe(true);
      }
    }
  });
});

describe(`the landing page in a signed-out visitor's page on ${testDbKind}`, () => {
  // index.html as built: the loader in the root until the app draws its first screen.
  const LOADER = '<main role="status"><p>Loading Betbro...</p></main>';
  const BUILT = `<!doctype html>\n<html lang="en">\n  <head><title>Betbro</title></head>\n  <body>\n    <div id="root">${LOADER}</div>\n  </body>\n</html>\n`;
  const WELCOMES = [true, false].flatMap((builtInProvider) =>
    [true, false].flatMap((openSignup) => [true, false].map((firstRun) => ({ builtInProvider, openSignup, firstRun }))),
  );
  // What the build writes (scripts/lib/landing-pages.ts): one page per language and answer.
  const landing = (locale: string, welcome: (typeof WELCOMES)[number]) => `<main><h1>Landing ${landingFile(locale, welcome)}</h1></main>`;
  let clientDir: string;
  let open: FastifyInstance;
  let closed: FastifyInstance;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'betbro-spa-landing-'));
    writeFileSync(path.join(clientDir, 'index.html'), BUILT);
    mkdirSync(path.join(clientDir, LANDING_DIR));
    for (const locale of ['en', 'fr', 'ar']) {
      for (const welcome of WELCOMES) writeFileSync(path.join(clientDir, LANDING_DIR, landingFile(locale, welcome)), landing(locale, welcome));
    }
    [open, closed] = await Promise.all([createTestApp({}, { clientDir }), createTestApp({ openSignup: false }, { clientDir })]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), closed?.close()]);
    rmSync(clientDir, { recursive: true, force: true });
  });

  const welcomeOf = async (app: FastifyInstance) => welcomeSchema.parse((await app.inject({ method: 'GET', url: '/api/auth/welcome' })).json());
  const rootOf = (html: string) => /<div id="root"[^>]*>[\s\S]*?<\/main><\/div>/.exec(html)?.[0];

  it("carries the page written for the browser's language and this installation's answer, with both said on the page", async () => {
    for (const [app, language, locale, dir] of [
      [open, 'fr-CA,fr;q=0.9', 'fr', 'ltr'],
      [open, 'ar', 'ar', 'rtl'],
      [closed, 'ja', 'en', 'ltr'],
    ] as const) {
      const welcome = await welcomeOf(app);
      const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-language': language } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toContain('accept-language');
      const attribute = JSON.stringify(welcome).replaceAll('"', '&quot;');
      expect(pageOf(res.body)).toBe(
        BUILT.replace('<html lang="en">', `<html lang="${locale}" dir="${dir}">`).replace(
          `<div id="root">${LOADER}</div>`,
          `<div id="root" data-welcome="${attribute}">${landing(locale, welcome)}</div>`,
        ),
      );
    }
    // Sign-up closed is said as such: the page written for that answer.
    expect((await welcomeOf(closed)).openSignup).toBe(false);
    const closedPage = (await closed.inject({ method: 'GET', url: '/' })).body;
    expect(rootOf(closedPage)).toContain(landing('en', await welcomeOf(closed)));
  });

  it('follows the answer as it changes: the first page of a new installation, then one with players', async () => {
    const before = await welcomeOf(open);
    const player = await createUser(open, 'first_landing_player');
    const after = await welcomeOf(open);
    expect(after.firstRun).toBe(false);
    expect(rootOf((await open.inject({ method: 'GET', url: '/' })).body)).toContain(landing('en', after));
    if (before.firstRun) expect(landing('en', before)).not.toBe(landing('en', after));
    // The player's own page is the loader, as every signed-in page: the app decides their screen.
    const signedIn = await player.agent.request('GET', '/');
    expect(rootOf(signedIn.body)).toBe(`<div id="root">${LOADER}</div>`);
    expect(signedIn.body).toContain('<html lang="en">');
  });

  it('leaves every other address with the loader, and serves none of the pages as a file', async () => {
    for (const url of ['/bets/7', '/crews', '/?ref=chat', `/${LANDING_DIR}/${landingFile('en', await welcomeOf(open))}`]) {
      const res = await open.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });
      expect(res.statusCode, url).toBe(200);
      if (url.startsWith('/?')) {
        expect(rootOf(res.body), url).toContain('Landing fr.');
        continue;
      }
      expect(rootOf(res.body), url).toBe(`<div id="root">${LOADER}</div>`);
      expect(res.body, url).not.toContain('Landing ');
    }
  });

  it('writes the page into index.html as the build left it, or leaves a page without a root alone', () => {
    const welcome = { builtInProvider: true, openSignup: false, firstRun: false };
    expect(withLandingPage(BUILT, 'pt-BR', welcome, '<main>Olá</main>')).toBe(
      BUILT.replace('<html lang="en">', '<html lang="pt-BR" dir="ltr">').replace(
        `<div id="root">${LOADER}</div>`,
        '<div id="root" data-welcome="{&quot;builtInProvider&quot;:true,&quot;openSignup&quot;:false,&quot;firstRun&quot;:false}"><main>Olá</main></div>',
      ),
    );
    expect(withLandingPage('<html><body></body></html>', 'en', welcome, '<main></main>')).toBe('<html><body></body></html>');
  });
});

describe('the encoding a page goes out in', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['gzip;q=0', null],
  ])('for Accept-Encoding %j is %j', (header, encoding) => {
    expect(pageEncoding(header)).toBe(encoding);
  });

  it('puts tags at the end of the head, taking a player’s text as it is', () => {
    expect(withHeadTags('<html><head><title>B</title></head><body></body></html>', '<meta content="$& $1" />')).toBe(
      '<html><head><title>B</title><meta content="$& $1" /></head><body></body></html>',
    );
  });
});
