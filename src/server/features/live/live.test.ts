import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../shared/ws-events.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { listeningConfig, settle, socketFor, type TestSocket } from '../../test/sockets.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const ofType =
  <K extends ServerMessage['type']>(type: K) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: K }> =>
    m.type === type;

describe(`live events over /ws on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let ann: TestUser; // creates the bets
  let bob: TestUser; // Ann's friend
  let cat: TestUser; // a stranger to Ann
  let dan: TestUser; // Ann's friend, stakes
  const open: TestSocket[] = [];
  const connect = async (user: TestUser) => {
    const socket = await socketFor(app, user);
    open.push(socket);
    return socket;
  };

  beforeAll(async () => {
    app = await createTestApp(await listeningConfig());
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    dan = await createUser(app, 'Dan');
    await makeFriends(app, ann, bob);
    await makeFriends(app, ann, dan);
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await app?.close();
  });

  it('refuses an upgrade without a session or from another origin', async () => {
    const url = `${app.config.publicUrl.replace('http', 'ws')}/ws`;
    const refused = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url, { headers });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('open', () => reject(new Error('the upgrade was accepted')));
        ws.once('error', () => {});
      });
    expect(await refused({ origin: app.config.publicUrl })).toBe(401);
    expect(await refused({ origin: app.config.publicUrl, cookie: 'betbro_session=forged-session-value-123456' })).toBe(401);
    expect(await refused({ origin: 'https://evil.example', cookie: `betbro_session=${ann.agent.cookie('betbro_session')}` })).toBe(403);
  });

  it('answers the auth message with the session user, whatever userId it claims', async () => {
    const socket = await connect(cat);
    socket.send({ type: 'auth', userId: ann.id });
    expect(await socket.waitFor(ofType('auth_ok'))).toEqual({ type: 'auth_ok', userId: cat.id });
  });

  it("sends a stake's new odds to the creator's friends, not to strangers", async () => {
    const [bobSocket, catSocket] = [await connect(bob), await connect(cat)];
    const bet = await createBetAs(ann, { title: 'Live odds' });
    expect((await bobSocket.waitFor(ofType('new_bet'))).bet.betId).toBe(bet.id);

    expect((await dan.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 30 })).statusCode).toBe(200);
    const update = await bobSocket.waitFor((m) => m.type === 'bet_updated' && m.bet.betId === bet.id);
    expect(update).toEqual({
      type: 'bet_updated',
      bet: {
        betId: bet.id,
        status: 'active',
        optionAmounts: ['30.00', '0.00'],
        odds: [1, null],
        optionStakeCounts: [1, 0],
        totalPot: '30.00',
        participants: 1,
        winningOption: null,
      },
    });
    await settle();
    expect(catSocket.received.some((m) => (m.type === 'bet_updated' || m.type === 'new_bet') && m.bet.betId === bet.id)).toBe(false);
  });

  it('sends the resolution to every participant, and their notifications', async () => {
    const bet = await createBetAs(ann, { title: 'Resolve live' });
    await dan.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 5 });
    await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 });
    const [danSocket, bobSocket] = [await connect(dan), await connect(bob)];
    await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 });
    for (const socket of [danSocket, bobSocket]) {
      const resolved = await socket.waitFor((m) => m.type === 'bet_resolved' && m.bet.betId === bet.id);
      expect(resolved).toMatchObject({ bet: { status: 'resolved', winningOption: 1, totalPot: '10.00' } });
    }
    // Both are friends of Ann and stakers, so bet_audience lists them twice: each hears it once.
    await settle();
    for (const socket of [danSocket, bobSocket]) {
      expect(socket.received.filter((m) => m.type === 'bet_resolved' && m.bet.betId === bet.id)).toHaveLength(1);
    }
    expect(await danSocket.waitFor((m) => m.type === 'notification' && m.notification.betId === bet.id)).toMatchObject({
      notification: { type: 'bet_settled', title: 'You won $10.00!' },
    });
  });

  it('delivers once to a user listed twice, as the release before migration 0009 publishes a staker who is a friend', async () => {
    const bet = await createBetAs(ann, { title: 'Listed twice' });
    const bobSocket = await connect(bob);
    const pools = { betId: bet.id, status: 'active' as const, optionAmounts: ['0.00', '0.00'], odds: [null, null], optionStakeCounts: [0, 0], totalPot: '0.00', participants: 0, winningOption: null };
    app.domainEvents.emit({
      type: 'bet_updated',
      betId: bet.id,
      actorId: dan.id,
      snapshot: { pools, title: bet.title, creatorId: ann.id, audience: [ann.id, bob.id, bob.id, dan.id] },
    });
    await bobSocket.waitFor((m) => m.type === 'bet_updated' && m.bet.betId === bet.id);
    await settle();
    expect(bobSocket.received.filter((m) => m.type === 'bet_updated' && m.bet.betId === bet.id)).toHaveLength(1);
  });

  it('delivers a chat message to the other member only', async () => {
    const conversation = (await ann.agent.post('/api/conversations', { userId: bob.id })).json() as { id: number };
    const [bobSocket, catSocket] = [await connect(bob), await connect(cat)];
    await ann.agent.post(`/api/conversations/${conversation.id}/messages`, { text: 'Psst, Bob' });
    const delivered = await bobSocket.waitFor(ofType('message'));
    expect(delivered.message).toMatchObject({ conversationId: conversation.id, senderId: ann.id, text: 'Psst, Bob' });
    await settle();
    expect(catSocket.received.some((m) => m.type === 'message')).toBe(false);
  });

  it('flips presence on the first socket and after the last one closes', async () => {
    const eve = await createUser(app, 'Eve');
    await makeFriends(app, eve, bob);
    const watcher = await connect(bob);
    expect((await bob.agent.get('/api/friends')).json().find((f: { id: number }) => f.id === eve.id).isOnline).toBe(false);

    const first = await socketFor(app, eve);
    const second = await socketFor(app, eve);
    await watcher.waitFor((m) => m.type === 'presence' && m.userId === eve.id && m.isOnline);
    expect((await bob.agent.get('/api/friends')).json().find((f: { id: number }) => f.id === eve.id).isOnline).toBe(true);

    await first.close();
    await settle();
    expect(watcher.received.some((m) => m.type === 'presence' && m.userId === eve.id && !m.isOnline)).toBe(false);
    await second.close();
    await watcher.waitFor((m) => m.type === 'presence' && m.userId === eve.id && !m.isOnline);
    expect((await bob.agent.get('/api/friends')).json().find((f: { id: number }) => f.id === eve.id).isOnline).toBe(false);
  });

  it('drops malformed and oversized frames, and closes the socket after repeated abuse', async () => {
    const socket = await connect(cat);
    socket.send('not json');
    socket.send({ type: 'auth', userId: cat.id });
    expect(await socket.waitFor(ofType('auth_ok'))).toEqual({ type: 'auth_ok', userId: cat.id });
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    socket.send({ type: 'subscribe_everything' });
    socket.send('x'.repeat(5000));
    socket.send('{');
    socket.send({ nope: true });
    expect(await closed).toBe(1008);
  });
});
