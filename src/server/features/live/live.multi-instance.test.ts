import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { PRESENCE_GRACE_MS } from './presence.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { listeningConfig, settle, socketFor, type TestSocket } from '../../test/sockets.ts';
import { baseTestConfig, createTestDatabase } from '../../test/test-app.ts';

// Two instances on different ports sharing one PostgreSQL database and one Redis, as behind a
// load balancer. This file runs only in the server-postgres project (vitest.config.ts): PGlite
// cannot be shared by two instances.
describe('live events across two instances', () => {
  let one: FastifyInstance;
  let two: FastifyInstance;
  let drop: () => Promise<void>;
  let ann: TestUser;
  let bob: TestUser;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) throw new Error('the multi-instance test needs TEST_REDIS_URL');
    const created = await createTestDatabase({ migrated: true });
    drop = created.drop;
    const shared = baseTestConfig({ database: created.database, redisUrl });
    one = await buildApp({ ...shared, ...(await listeningConfig()) });
    two = await buildApp({ ...shared, ...(await listeningConfig()) });
    await one.listen({ port: one.config.port, host: '127.0.0.1' });
    await two.listen({ port: two.config.port, host: '127.0.0.1' });
    ann = await createUser(one, 'Ann');
    bob = await createUser(one, 'Bob');
    await makeFriends(one, ann, bob);
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await one?.close();
    await two?.close();
    await drop?.();
  });

  it('delivers events and presence from one instance to sockets on the other', async () => {
    const bobOnTwo = await socketFor(two, bob);
    sockets.push(bobOnTwo);
    const annOnOne = await socketFor(one, ann);
    sockets.push(annOnOne);
    // Ann came online on instance 1; Bob hears it on instance 2, and instance 2 knows it.
    await bobOnTwo.waitFor((m) => m.type === 'presence' && m.userId === ann.id && m.isOnline);
    const twoSees = await two.inject({
      method: 'GET',
      url: '/api/friends',
      cookies: { betbro_session: bob.agent.cookie('betbro_session')! },
    });
    expect(twoSees.json()).toEqual([expect.objectContaining({ id: ann.id, isOnline: true })]);

    // A bet created and staked through instance 1 reaches Bob's socket on instance 2.
    const bet = await createBetAs(ann, { title: 'Across instances' });
    await bobOnTwo.waitFor((m) => m.type === 'new_bet' && m.bet.betId === bet.id);

    // Bob replies through instance 2: Ann hears it on instance 1.
    const conversation = await two.inject({
      method: 'POST',
      url: '/api/conversations',
      cookies: { betbro_session: bob.agent.cookie('betbro_session')! },
      payload: { userId: ann.id },
    });
    await two.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.json().id}/messages`,
      cookies: { betbro_session: bob.agent.cookie('betbro_session')! },
      payload: { text: 'Hello from instance two' },
    });
    const message = await annOnOne.waitFor((m) => m.type === 'message');
    expect(message).toMatchObject({ message: { text: 'Hello from instance two', senderId: bob.id } });

    await annOnOne.close();
    await bobOnTwo.waitFor((m) => m.type === 'presence' && m.userId === ann.id && !m.isOnline, PRESENCE_GRACE_MS + 3000);
  });

  it('closes at once, on the other instance too, the socket of a session that logs out', async () => {
    const cy = await createUser(one, 'Cy');
    const onTwo = await socketFor(two, cy);
    sockets.push(onTwo);
    const closed = Promise.race([
      new Promise<number>((resolve) => onTwo.ws.once('close', (code) => resolve(code))),
      new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 5000)),
    ]);
    // Through instance 1.
    expect((await cy.agent.post('/api/logout')).statusCode).toBe(200);
    expect(await closed).toBe(1008);
  });

  it('tells friends nothing when a socket closes on one instance and its user reconnects on the other', async () => {
    const dee = await createUser(one, 'Dee');
    await makeFriends(one, dee, bob);
    const bobOnTwo = await socketFor(two, bob);
    sockets.push(bobOnTwo);
    const presenceOfDee = () => bobOnTwo.received.filter((m) => m.type === 'presence' && m.userId === dee.id);
    const onOne = await socketFor(one, dee);
    await bobOnTwo.waitFor((m) => m.type === 'presence' && m.userId === dee.id && m.isOnline);

    await onOne.close();
    await settle(1000);
    const onTwo = await socketFor(two, dee);
    sockets.push(onTwo);
    await settle(PRESENCE_GRACE_MS + 500);
    expect(presenceOfDee()).toHaveLength(1);

    await onTwo.close();
    await bobOnTwo.waitFor((m) => m.type === 'presence' && m.userId === dee.id && !m.isOnline, PRESENCE_GRACE_MS + 3000);
    expect(presenceOfDee()).toHaveLength(2);
  });

  it('brings each instance only the deliveries for users it holds sockets of', async () => {
    const received = async (app: FastifyInstance) => {
      const text = await app.metrics.getSingleMetricAsString('betbro_live_deliveries_received_total');
      return Number(/ (\d+)$/m.exec(text)![1]);
    };
    const forNobody = async (app: FastifyInstance) => {
      const text = await app.metrics.getSingleMetricAsString('betbro_live_deliveries_for_nobody_here_total');
      return Number(/ (\d+)$/m.exec(text)![1]);
    };
    const eve = await createUser(one, 'Eve');
    const fay = await createUser(one, 'Fay');
    await makeFriends(one, eve, fay);
    const fayOnOne = await socketFor(one, fay);
    sockets.push(fayOnOne);
    await settle(300);
    const before = { one: await received(one), two: await received(two), nobodyOne: await forNobody(one), nobodyTwo: await forNobody(two) };
    // Eve creates a bet through instance two: only instance one, where her friend Fay listens, hears of it.
    const bet = await two.inject({
      method: 'POST',
      url: '/api/bets',
      cookies: { betbro_session: eve.agent.cookie('betbro_session')! },
      payload: { title: 'Routed', description: 'Which way?', category: 'Sports', options: ['Yes', 'No'], expirationType: 'indefinite', expirationValue: '' },
    });
    expect(bet.statusCode, bet.body).toBe(201);
    await fayOnOne.waitFor((m) => m.type === 'new_bet' && m.bet.betId === bet.json().id);
    await settle(300);
    expect(await received(one)).toBe(before.one + 1);
    expect(await received(two)).toBe(before.two);
    expect(await forNobody(one)).toBe(before.nobodyOne);
    expect(await forNobody(two)).toBe(before.nobodyTwo);
  });

  it("tells a socket on one instance how long ago the other sent anything but presence", async () => {
    const gus = await createUser(one, 'Gus');
    const quietOf = (socket: TestSocket) => {
      const answer = socket.received.find((m) => m.type === 'auth_ok');
      return answer?.type === 'auth_ok' ? answer.quietForMs : undefined;
    };
    const beforeBet = Date.now();
    expect((await createBetAs(ann, { title: 'A tick on instance one' })).id).toBeGreaterThan(0);
    await one.backgroundWork.drain(5_000);
    await settle(300);
    // Presence on instance one, for Gus's friends (none): no tick.
    sockets.push(await socketFor(one, gus));
    const onTwo = await socketFor(two, bob);
    sockets.push(onTwo);
    const quietForMs = quietOf(onTwo);
    expect(quietForMs).toBeGreaterThanOrEqual(300);
    expect(quietForMs).toBeLessThanOrEqual(Date.now() - beforeBet);
  });
});
