import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clockTimeIn } from '../../../shared/quiet-hours.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { pushPayloadSchema, type PushPayload } from '../../../shared/schemas/push.ts';
import { notifications, notify } from '../notifications/service.ts';
import { pushSubscriptions } from './tables.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { baseTestConfig, createTestApp, testDbKind } from '../../test/test-app.ts';
import { isPublicAddress, publicOnlyLookup } from './endpoint.ts';
import { loadVapidKeys } from './vapid-keys.ts';

const refusal = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, ...errorBodySchema.parse(JSON.parse(r.body)) });

/** A browser's side of a subscription: its P-256 key pair and authentication secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authText: auth.toString('base64url') };
}
type BrowserKeys = ReturnType<typeof browserKeys>;

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) the way a browser does. */
function decryptPush(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);

  const ecdhSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then optional zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): signed by the server's key, for the endpoint's origin. */
function checkVapid(headers: IncomingHttpHeaders, publicKey: string, origin: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(headers.authorization ?? '');
  expect(match, headers.authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
  const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(decoded.aud).toBe(origin);
  expect(decoded.sub).toBe('mailto:push@betbro.test');
  expect(decoded.exp * 1000).toBeGreaterThan(Date.now());
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1: records each request and answers with what `answer` says. */
async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received) => number | Promise<number> = () => 201;
  const waiting: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(entry);
      void Promise.resolve(answer(entry)).then((status) => {
        res.writeHead(status).end();
        for (const wake of waiting.splice(0)) wake();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
    /** Resolves once `count` requests have been answered. */
    async waitFor(count: number, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

describe(`push subscriptions on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser;
  const keys = browserKeys();
  const subscription = (endpoint: string, overrides: Record<string, unknown> = {}) => ({
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.authText },
    ...overrides,
  });

  beforeAll(async () => {
    app = await createTestApp({ push: { ...baseTestConfig().push, endpointAllow: ['http://127.0.0.1:9'] } });
    ann = await createUser(app, 'Ann');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('gives anyone the public key', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/push/public-key' });
    expect(response.json()).toEqual({ publicKey: app.config.push.vapidKeys!.publicKey });
  });

  it.each([
    ['http://push.example.com/send/1', 'must use https'],
    ['ftp://push.example.com/send/1', 'must use https'],
    ['not a url', 'not a URL'],
    ['https://user:secret@push.example.com/send/1', 'credentials'],
    ['https://127.0.0.1/send/1', 'public internet'],
    ['https://127.8.9.10/send/1', 'public internet'],
    ['https://93.184.215.14:8443/send/1', 'port 443'],
    ['https://push.example.com:444/send/1', 'port 443'],
    ['https://10.1.2.3/send/1', 'public internet'],
    ['https://172.20.0.1/send/1', 'public internet'],
    ['https://192.168.1.20/send/1', 'public internet'],
    ['https://169.254.169.254/latest/meta-data', 'public internet'],
    ['https://100.64.0.1/send/1', 'public internet'],
    ['https://0.0.0.0/send/1', 'public internet'],
    ['https://[::1]/send/1', 'public internet'],
    ['https://[fe80::1]/send/1', 'public internet'],
    ['https://[fd12:3456::1]/send/1', 'public internet'],
    ['https://[::ffff:127.0.0.1]/send/1', 'public internet'],
    ['https://[::ffff:a9fe:a9fe]/send/1', 'public internet'],
    ['https://[::ffff:8.8.8.8]/send/1', 'public internet'],
    ['https://[::127.0.0.1]/send/1', 'public internet'],
    ['https://[::ffff:0:7f00:1]/send/1', 'public internet'],
    ['https://[64:ff9b::7f00:1]/send/1', 'public internet'],
    ['https://[64:ff9b:1::a00:1]/send/1', 'public internet'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/send/1', 'public internet'],
    ['https://[2002:7f00:1::1]/send/1', 'public internet'],
    ['https://localhost/send/1', 'public internet'],
    ['https://push.betbro.invalid/send/1', 'could not be resolved'],
    ['http://127.0.0.1:10/send/1', 'must use https'],
  ])('refuses %s with 400 and stores nothing', async (endpoint, message) => {
    const response = await ann.agent.post('/api/push/subscriptions', subscription(endpoint));
    expect(refusal(response)).toMatchObject({ status: 400, code: 'invalid_push_endpoint' });
    expect(refusal(response).error).toContain(message);
    expect(await app.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('refuses malformed keys and bodies with 400', async () => {
    const endpoint = 'https://93.184.215.14/send/keys';
    for (const body of [
      subscription(endpoint, { keys: { p256dh: keys.p256dh.slice(1), auth: keys.authText } }),
      subscription(endpoint, { keys: { p256dh: keys.p256dh, auth: `${keys.authText}AA` } }),
      subscription(endpoint, { keys: { p256dh: `A${keys.p256dh.slice(1)}`, auth: keys.authText } }),
      subscription(endpoint, { keys: undefined }),
      { keys: { p256dh: keys.p256dh, auth: keys.authText } },
      subscription('x'.repeat(3000)),
    ]) {
      expect(refusal(await ann.agent.post('/api/push/subscriptions', body))).toMatchObject({ status: 400, code: 'invalid_input' });
    }
    expect(await app.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('accepts public https on port 443 and allowed origins; one row per endpoint; the caller deletes their own', async () => {
    const bob = await createUser(app, 'Bob');
    expect((await ann.agent.post('/api/push/subscriptions', subscription('https://93.184.215.14/send/a'))).statusCode).toBe(201);
    expect((await ann.agent.post('/api/push/subscriptions', subscription('https://[2606:4700::1111]:443/send/b'))).statusCode).toBe(201);
    expect((await ann.agent.post('/api/push/subscriptions', subscription('http://127.0.0.1:9/send/c'))).statusCode).toBe(201);
    // Ann subscribing her own browser again is fine; Bob cannot take it over.
    expect((await ann.agent.post('/api/push/subscriptions', subscription('https://93.184.215.14/send/a'))).statusCode).toBe(201);
    expect(refusal(await bob.agent.post('/api/push/subscriptions', subscription('https://93.184.215.14/send/a')))).toMatchObject({
      status: 409,
      code: 'push_endpoint_taken',
    });
    const rows = await app.db.select().from(pushSubscriptions);
    expect(rows.map((r) => [r.endpoint, r.userId]).sort()).toEqual(
      [
        ['http://127.0.0.1:9/send/c', ann.id],
        ['https://93.184.215.14/send/a', ann.id],
        ['https://[2606:4700::1111]:443/send/b', ann.id],
      ].sort(),
    );
    expect(refusal(await bob.agent.request('DELETE', '/api/push/subscriptions', { json: { endpoint: 'https://93.184.215.14/send/a' } }))).toMatchObject({
      status: 404,
      code: 'subscription_not_found',
    });
    const deleted = await ann.agent.request('DELETE', '/api/push/subscriptions', { json: { endpoint: 'http://127.0.0.1:9/send/c' } });
    expect(deleted.statusCode).toBe(200);
    expect(refusal(await ann.agent.request('DELETE', '/api/push/subscriptions', { json: {} }))).toMatchObject({ status: 400 });
    expect((await app.db.select().from(pushSubscriptions)).map((r) => r.endpoint).sort()).toEqual([
      'https://93.184.215.14/send/a',
      'https://[2606:4700::1111]:443/send/b',
    ]);
    await app.db.delete(pushSubscriptions);
  });

  it('keeps the newest 5 subscriptions of a user', async () => {
    for (let i = 0; i < 7; i += 1) {
      expect((await ann.agent.post('/api/push/subscriptions', subscription(`https://93.184.215.14/send/n${i}`))).statusCode).toBe(201);
    }
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ann.id));
    expect(rows.map((r) => r.endpoint).sort()).toEqual([2, 3, 4, 5, 6].map((i) => `https://93.184.215.14/send/n${i}`));
    await app.db.delete(pushSubscriptions);
  });

  it('asks the signed-out to sign in', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: subscription('https://93.184.215.14/send/z') });
    expect(refusal(response)).toMatchObject({ status: 401 });
  });
});

describe(`push delivery on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let receiver: Receiver;
  let ann: TestUser;
  let bob: TestUser;
  let counter = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await createTestApp({
      publicUrl: 'https://betbro.example',
      push: { ...baseTestConfig().push, endpointAllow: [receiver.origin], perUserPerMinute: 4 },
    });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
  });
  afterEach(async () => {
    await app.backgroundWork.drain(5_000);
    receiver.received.length = 0;
    receiver.answerWith(() => 201);
    await app.db.delete(pushSubscriptions);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  async function subscribeAs(user: TestUser): Promise<{ keys: BrowserKeys; path: string }> {
    const keys = browserKeys();
    const path = `/push/${(counter += 1)}`;
    const response = await user.agent.post('/api/push/subscriptions', {
      endpoint: `${receiver.origin}${path}`,
      expirationTime: null,
      keys: { p256dh: keys.p256dh, auth: keys.authText },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { keys, path };
  }
  const opened = (r: Received, keys: BrowserKeys): PushPayload => pushPayloadSchema.unwrap().strict().parse(JSON.parse(decryptPush(r.body, keys)));

  it('pushes a notification to each subscribed browser, encrypted for it and signed with VAPID', async () => {
    const phone = await subscribeAs(ann);
    const laptop = await subscribeAs(ann);
    expect((await bob.agent.post('/api/friends', { addresseeId: ann.id })).statusCode).toBe(201);
    await receiver.waitFor(2);
    const publicKey = ((await ann.agent.get('/api/push/public-key')).json() as { publicKey: string }).publicKey;
    for (const { keys, path } of [phone, laptop]) {
      const request = receiver.received.find((r) => r.path === path)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(request.headers.ttl)).toBeGreaterThan(0);
      checkVapid(request.headers, publicKey, receiver.origin);
      expect(opened(request, keys)).toEqual({
        title: 'New friend request',
        body: 'Bob wants to be your friend',
        url: 'https://betbro.example/friends',
      });
    }
  });

  it('pushes the notifications created in SQL too (a stake on my bet), with the bet as URL', async () => {
    const hal = await createUser(app, 'Hal');
    await makeFriends(app, ann, hal);
    const { keys } = await subscribeAs(ann);
    const bet = await createBetAs(ann, { title: 'Pushed bet' });
    expect((await hal.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
    await receiver.waitFor(1);
    expect(opened(receiver.received[0]!, keys)).toMatchObject({ title: 'New stake on your bet', url: `https://betbro.example/bets/${bet.id}` });
  });

  it("words a pushed deadline on the player's clock as it is sent", async () => {
    const kai = await createUser(app, 'Kai');
    expect((await kai.agent.put('/api/users/preferences', { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    const { keys } = await subscribeAs(kai);
    const stored = await notify(app.db, { userId: kai.id, type: 'bet_disputed', params: { by: 'Bob', option: 'Yes', bet: 'Derby', until: '2026-11-28T23:07:00.000Z' } });
    app.domainEvents.emit({ type: 'notification', userId: kai.id, notificationId: stored!.id });
    await receiver.waitFor(1);
    // 23:07 UTC is 08:07 the next morning in Tokyo.
    expect(opened(receiver.received[0]!, keys)).toMatchObject({ title: 'You are on the jury', body: 'Bob disputes "Yes" in "Derby". Vote until Nov 29, 08:07 AM.' });
  });

  it('sends nothing for a type the user switched off', async () => {
    const cat = await createUser(app, 'Cat');
    await subscribeAs(cat);
    expect((await cat.agent.put('/api/users/preferences', { notifications: { friend_request: false } })).statusCode).toBe(200);
    expect((await bob.agent.post('/api/friends', { addresseeId: cat.id })).statusCode).toBe(201);
    await app.backgroundWork.drain(5_000);
    expect(receiver.received).toEqual([]);
  });

  it('sends nothing in quiet hours on the player\'s clock, and pushes again outside them', async () => {
    const eve = await createUser(app, 'Quinn');
    await subscribeAs(eve);
    const zone = 'Asia/Tokyo';
    const now = clockTimeIn(zone, new Date());
    const hour = Number(now.slice(0, 2));
    const pad = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    // Quiet from an hour ago to two hours ahead on Tokyo's clock: now is inside.
    let put = await eve.agent.put('/api/users/preferences', { quietHours: { from: pad(hour - 1), to: pad(hour + 2) }, timeZone: zone });
    expect(put.statusCode, put.body).toBe(200);
    expect((await bob.agent.post('/api/friends', { addresseeId: eve.id })).statusCode).toBe(201);
    await app.backgroundWork.drain(5_000);
    expect(receiver.received).toEqual([]);
    // The notification itself is stored and listed: only the push waits out the quiet hours.
    expect(((await eve.agent.get('/api/notifications')).json() as { unreadCount: number }).unreadCount).toBe(1);
    // Quiet hours that end before now: pushed.
    put = await eve.agent.put('/api/users/preferences', { quietHours: { from: pad(hour + 2), to: pad(hour) } });
    expect(put.statusCode, put.body).toBe(200);
    const frank = await createUser(app, 'Quiet2');
    expect((await frank.agent.post('/api/friends', { addresseeId: eve.id })).statusCode).toBe(201);
    await receiver.waitFor(1);
    expect(receiver.received).toHaveLength(1);
  });

  it.each([410, 404])('removes the subscription when the push service answers %i', async (status) => {
    const dan = await createUser(app, `Dan${status}`);
    await subscribeAs(dan);
    const kept = await subscribeAs(dan);
    receiver.answerWith((r) => (r.path === kept.path ? 201 : status));
    expect((await bob.agent.post('/api/friends', { addresseeId: dan.id })).statusCode).toBe(201);
    await receiver.waitFor(2);
    await app.backgroundWork.drain(5_000);
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, dan.id));
    expect(rows.map((r) => r.endpoint)).toEqual([`${receiver.origin}${kept.path}`]);
    expect(receiver.received).toHaveLength(2);
  });

  it('tries once more after a failure', async () => {
    const eve = await createUser(app, 'Eve');
    const { keys } = await subscribeAs(eve);
    let tries = 0;
    receiver.answerWith(() => ((tries += 1) < 2 ? 503 : 201));
    expect((await bob.agent.post('/api/friends', { addresseeId: eve.id })).statusCode).toBe(201);
    await receiver.waitFor(2);
    expect(opened(receiver.received[1]!, keys)).toMatchObject({ title: 'New friend request' });
    await app.backgroundWork.drain(5_000);
    expect(receiver.received).toHaveLength(2);
  });

  it('sends a notification at most twice to each of at most 5 subscriptions while the push service fails', async () => {
    receiver.answerWith(() => 500);
    const gus = await createUser(app, 'Gus');
    const paths: string[] = [];
    for (let i = 0; i < 7; i += 1) paths.push((await subscribeAs(gus)).path);
    expect((await bob.agent.post('/api/friends', { addresseeId: gus.id })).statusCode).toBe(201);
    await app.backgroundWork.drain(5_000);
    const perPath = new Map<string, number>();
    for (const r of receiver.received) perPath.set(r.path, (perPath.get(r.path) ?? 0) + 1);
    // The two oldest subscriptions were replaced; each of the others got the first try and one more.
    expect(Object.fromEntries(perPath)).toEqual(Object.fromEntries(paths.slice(2).map((p) => [p, 2])));
    // A failing push service does not cost the subscriptions.
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gus.id))).toHaveLength(5);
  });

  it('pushes at most the per-user rate of notifications; the others are still stored', async () => {
    const ida = await createUser(app, 'Ida');
    const jon = await createUser(app, 'Jon');
    await makeFriends(app, ida, jon);
    await subscribeAs(ida);
    const conversation = (await jon.agent.post('/api/conversations', { userId: ida.id })).json() as { id: number };
    for (let i = 0; i < 7; i += 1) {
      expect((await jon.agent.post(`/api/conversations/${conversation.id}/messages`, { text: `ping ${i}` })).statusCode).toBe(201);
    }
    await app.backgroundWork.drain(5_000);
    expect(receiver.received).toHaveLength(app.config.push.perUserPerMinute);
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, ida.id))).toHaveLength(7);
  });

  it("refuses another user's endpoint with 409, and its owner keeps receiving", async () => {
    const kim = await createUser(app, 'Kim');
    const lou = await createUser(app, 'Lou');
    const { keys, path } = await subscribeAs(kim);
    const intruder = browserKeys();
    const taken = await lou.agent.post('/api/push/subscriptions', {
      endpoint: `${receiver.origin}${path}`,
      expirationTime: null,
      keys: { p256dh: intruder.p256dh, auth: intruder.authText },
    });
    expect(refusal(taken)).toMatchObject({ status: 409, code: 'push_endpoint_taken' });
    expect((await bob.agent.post('/api/friends', { addresseeId: lou.id })).statusCode).toBe(201);
    expect((await bob.agent.post('/api/friends', { addresseeId: kim.id })).statusCode).toBe(201);
    await app.backgroundWork.drain(5_000);
    expect(receiver.received).toHaveLength(1);
    expect(opened(receiver.received[0]!, keys)).toMatchObject({ body: 'Bob wants to be your friend' });
  });

  it('pushes nothing about a bet the user may no longer see', async () => {
    const [max, ned, root] = [await createUser(app, 'Max'), await createUser(app, 'Ned'), await createUser(app, 'Root', { admin: true })];
    await makeFriends(app, max, ned);
    const resolved = await createBetAs(ned, { title: 'Resolved' });
    const deleted = await createBetAs(ned, { title: 'Deleted' });
    for (const bet of [resolved, deleted]) {
      expect((await max.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
    }
    const { keys } = await subscribeAs(max);
    expect((await ned.agent.post(`/api/bets/${resolved.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    // Deleting voids the bet and refunds Max, who is told so; nobody sees a deleted bet any more.
    expect((await root.agent.request('DELETE', `/api/admin/bets/${deleted.id}`)).statusCode).toBe(200);
    await app.backgroundWork.drain(5_000);
    const stored = await app.db.select().from(notifications).where(eq(notifications.userId, max.id));
    expect(stored.map((n) => n.betId).sort()).toEqual([resolved.id, deleted.id].sort());
    expect(receiver.received.map((r) => opened(r, keys).url)).toEqual([`https://betbro.example/bets/${resolved.id}`]);
  });

  it('does not try again once the user may no longer see the bet', async () => {
    const [oli, pam, root] = [await createUser(app, 'Oli'), await createUser(app, 'Pam'), await createUser(app, 'Root2', { admin: true })];
    await makeFriends(app, oli, pam);
    const bet = await createBetAs(pam, { title: 'Hidden soon' });
    expect((await oli.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
    await subscribeAs(oli);
    // The push service fails the first try, after an admin deleted the bet.
    let deletion: Promise<number> | null = null;
    receiver.answerWith(async () => {
      deletion ??= root.agent.request('DELETE', `/api/admin/bets/${bet.id}`).then((r) => r.statusCode);
      await deletion;
      return 503;
    });
    expect((await pam.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    await receiver.waitFor(1);
    await app.backgroundWork.drain(5_000);
    expect(await deletion).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });

  it('never makes the request that caused the notification wait for the push service', async () => {
    const fay = await createUser(app, 'Fay');
    await subscribeAs(fay);
    let release!: () => void;
    const held = new Promise<number>((resolve) => {
      release = () => resolve(201);
    });
    receiver.answerWith(() => held);
    // The request is answered while the push service holds its answer back.
    expect((await bob.agent.post('/api/friends', { addresseeId: fay.id })).statusCode).toBe(201);
    const deadline = Date.now() + 3_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(receiver.received).toHaveLength(1);
    release();
    await app.backgroundWork.drain(5_000);
  });
});

describe('push endpoint addresses', () => {
  it('takes global unicast addresses only', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001::1', '2001:4860:4860::8888', '2620:fe::fe']) {
      expect(isPublicAddress(a), a).toBe(true);
    }
    for (const a of [
      ...['0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '100.127.0.1', '127.0.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255'],
      ...['192.0.0.9', '192.0.0.170', '192.0.2.1', '192.88.99.1', '192.168.0.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9'],
      ...['224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255'],
      ...['::', '::1', 'fe80::1', 'fec0::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'ff0e::1', '100::1', '5f00::1'],
      ...['2001:2::1', '2001:10::1', '2001:20::1', '2001:db8::1', '3fff::1', 'not-an-address', ''],
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('refuses every IPv6 form that carries an IPv4 address, even a public one', () => {
    for (const a of [
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:7f00:1',
      '::ffff:8.8.8.8',
      '::127.0.0.1', // IPv4-compatible
      '::808:808',
      '::ffff:0:7f00:1', // IPv4-translated
      '::ffff:0:808:808',
      '64:ff9b::7f00:1', // NAT64
      '64:ff9b::808:808',
      '64:ff9b:1::a00:1', // NAT64, local use
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2002:7f00:1::1', // 6to4
      '2002:808:808::1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });

  it('refuses to connect to a name that resolves to a private address', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => publicOnlyLookup('localhost', {}, (e) => resolve(e)));
    expect(error?.code).toBe('ENONPUBLIC');
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and read from there after', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'betbro-vapid-'));
    try {
      const config = { dataDir: join(dataDir, 'nested'), push: { ...baseTestConfig().push, vapidKeys: null } };
      const [first, second] = await Promise.all([loadVapidKeys(config), loadVapidKeys(config)]);
      expect(second).toEqual(first);
      expect(await loadVapidKeys(config)).toEqual(first);
      const file = join(config.dataDir, 'vapid-keys.json');
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('come from the environment when set there', async () => {
    const keys = baseTestConfig().push.vapidKeys!;
    expect(await loadVapidKeys({ dataDir: '/nonexistent', push: { ...baseTestConfig().push, vapidKeys: keys } })).toBe(keys);
  });
});
