import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import { TOO_MANY_SOCKETS } from '../features/live/service.ts';
import { createUser, type TestUser } from '../test/fixtures.ts';
import { TestSocket, listeningConfig, settle, socketFor } from '../test/sockets.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';

const READS_PER_MINUTE = 40;
const WRITES_PER_MINUTE = 10;

describe(`read limits and socket limits on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let flooder: TestUser;
  let neighbour: TestUser;
  const logLines: Record<string, unknown>[] = [];
  let logBytes = 0;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    app = await createTestApp(
      { ...(await listeningConfig()), logLevel: 'warn', rateLimits: { ...DEFAULT_RATE_LIMITS, readsPerMinute: READS_PER_MINUTE, writesPerMinute: WRITES_PER_MINUTE } },
      {
        logStream: {
          write: (line) => {
            logBytes += Buffer.byteLength(line);
            logLines.push(JSON.parse(line) as Record<string, unknown>);
          },
        },
      },
    );
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
    flooder = await createUser(app, 'Flooder');
    neighbour = await createUser(app, 'Neighbour');
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await app?.close();
  });

  it("answers one user's flood of reads with 429s and Retry-After, while another user's reads keep answering 200", async () => {
    const [flood, neighbourReads] = await Promise.all([
      Promise.all(Array.from({ length: 3 * READS_PER_MINUTE }, () => flooder.agent.get('/api/bets'))),
      (async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i += 1) statuses.push((await neighbour.agent.get('/api/bets')).statusCode);
        return statuses;
      })(),
    ]);
    const served = flood.filter((r) => r.statusCode === 200);
    const refused = flood.filter((r) => r.statusCode === 429);
    expect(served.length).toBeLessThanOrEqual(READS_PER_MINUTE);
    expect(served.length + refused.length).toBe(flood.length);
    expect(refused.length).toBeGreaterThanOrEqual(2 * READS_PER_MINUTE);
    for (const response of refused) {
      expect(errorBodySchema.parse(response.json())).toEqual({ error: 'Too many requests, please slow down', code: 'rate_limited' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(neighbourReads).toEqual(Array(10).fill(200));
  });

  it('counts writes apart from reads, per user', async () => {
    const writer = await createUser(app, 'Writer');
    // A refused body is still a write attempt: the limit comes before the validation.
    const writes = await Promise.all(Array.from({ length: WRITES_PER_MINUTE + 5 }, () => writer.agent.post('/api/complete-profile', { username: '!' })));
    expect(writes.filter((r) => r.statusCode === 400)).toHaveLength(WRITES_PER_MINUTE);
    const refused = writes.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(errorBodySchema.parse(refused[0]!.json()).code).toBe('rate_limited');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Reads still answer, and so do the writes of others.
    expect((await writer.agent.get('/api/bets')).statusCode).toBe(200);
    expect((await neighbour.agent.post('/api/complete-profile', { username: '!' })).statusCode).toBe(400);
  });

  it('keeps at most 20 sockets per user: of 60, the 40 beyond are closed with a clear code', async () => {
    const user = await createUser(app, 'Many_Tabs');
    const url = `${app.config.publicUrl.replace(/^http/, 'ws')}/ws`;
    const headers = { cookie: `betbro_session=${user.agent.cookie('betbro_session')}`, origin: app.config.publicUrl };
    const closes: { code: number; reason: string }[] = [];
    const sockets = await Promise.all(
      Array.from({ length: 60 }, async () => {
        const socket = await TestSocket.open(url, headers);
        socket.ws.once('close', (code, reason) => closes.push({ code, reason: reason.toString() }));
        return socket;
      }),
    );
    open.push(...sockets);
    await settle();
    expect(closes).toHaveLength(40);
    expect(new Set(closes.map((c) => JSON.stringify(c)))).toEqual(new Set([JSON.stringify(TOO_MANY_SOCKETS)]));
    const stillOpen = sockets.filter((s) => s.ws.readyState === WebSocket.OPEN);
    expect(stillOpen).toHaveLength(DEFAULT_RATE_LIMITS.socketsPerUser);
    for (const socket of stillOpen) {
      socket.send({ type: 'ping' });
      await socket.waitFor((m) => m.type === 'pong');
    }

    // Closing one frees a place.
    await stillOpen[0]!.close();
    await settle();
    const replacement = await socketFor(app, user);
    open.push(replacement);
    await settle();
    expect(replacement.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('logs a frame the protocol refuses as one warn line without a stack, and drops the socket', async () => {
    const socket = await socketFor(app, neighbour);
    open.push(socket);
    const closed = new Promise<void>((resolve) => socket.ws.once('close', () => resolve()));
    logLines.length = 0;
    // A text frame that is not UTF-8.
    socket.ws.send(Buffer.from([0xff, 0xfe, 0xfd]), { binary: false });
    await closed;
    await settle();
    const lines = logLines.filter((line) => line.msg === 'dropped a socket: bad frame');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, userId: neighbour.id, code: 'WS_ERR_INVALID_UTF8' });
    expect(JSON.stringify(lines[0])).not.toContain('stack');
    expect(logLines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it("serves frames at the app's pace, closes a socket that floods with 1008, and logs a few short lines for it", async () => {
    const socket = await socketFor(app, flooder);
    open.push(socket);
    // The app's client sends one frame per socket; a burst of ten is still served.
    for (let i = 0; i < 10; i += 1) socket.send({ type: 'ping' });
    await socket.waitFor(() => socket.received.filter((m) => m.type === 'pong').length === 10);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);

    const closed = Promise.race([
      new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code))),
      new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 5000)),
    ]);
    const claim = 'x'.repeat(4000);
    const bytesBefore = logBytes;
    const linesBefore = logLines.length;
    for (let i = 0; i < 300; i += 1) socket.send({ type: 'auth', userId: claim });
    expect(await closed).toBe(1008);
    await settle();
    const written = logLines.slice(linesBefore);
    expect(logBytes - bytesBefore, JSON.stringify(written).slice(0, 500)).toBeLessThan(2048);
    expect(written.some((line) => JSON.stringify(line).includes(claim.slice(0, 100)))).toBe(false);
  });
});
