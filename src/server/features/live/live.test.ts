import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../../shared/ws-events.ts';
import { PRESENCE_GRACE_MS } from './presence.ts';
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
  const authAnswers = async (socket: TestSocket, count: number) => {
    await socket.waitFor(() => socket.received.filter(ofType('auth_ok')).length >= count);
    return socket.received.filter(ofType('auth_ok'));
  };
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
    const socket = await connect(cat); // answered its own auth message already
    socket.send({ type: 'auth', userId: ann.id });
    const answers = await authAnswers(socket, 2);
    expect(answers.map(({ type, userId }) => ({ type, userId }))).toEqual([
      { type: 'auth_ok', userId: cat.id },
      { type: 'auth_ok', userId: cat.id },
    ]);
  });

  it('tells a socket going live how long nothing but presence has been sent to anyone', async () => {
    const quietOf = (socket: TestSocket) => socket.received.find(ofType('auth_ok'))!.quietForMs!;
    const beforeBet = Date.now();
    await createBetAs(ann, { title: 'The quiet clock' }); // new_bet, to Ann's friends
    await app.backgroundWork.drain(5_000);
    const sent = Date.now();
    await settle(400);
    // Bob coming online is presence, for his friends: it leaves the clock alone.
    await connect(bob);
    await settle(50);
    const cats = await connect(cat);
    expect(quietOf(cats)).toBeGreaterThanOrEqual(400);
    expect(quietOf(cats)).toBeLessThanOrEqual(Date.now() - beforeBet);
    expect(quietOf(cats)).toBeGreaterThanOrEqual(Date.now() - sent - 1_000);

    const beforeStake = Date.now();
    const bet = await createBetAs(ann, { title: 'The clock ticks again' });
    expect((await dan.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
    await app.backgroundWork.drain(5_000);
    expect(quietOf(await connect(cat))).toBeLessThanOrEqual(Date.now() - beforeStake);
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
        crewId: null,
      },
      // A stake moves the pools alone: the client patches them in, and reads no list again.
      poolsOnly: true,
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
    // Both are friends of Ann and stakers: each hears it once.
    await settle();
    for (const socket of [danSocket, bobSocket]) {
      expect(socket.received.filter((m) => m.type === 'bet_resolved' && m.bet.betId === bet.id)).toHaveLength(1);
    }
    expect(await danSocket.waitFor((m) => m.type === 'notification' && m.notification.betId === bet.id)).toMatchObject({
      notification: { type: 'bet_settled', title: 'You won $10.00 — $5.00 profit' },
    });
  });

  it('finds the audience among connected users as friendships and stakes change', async () => {
    const kim = await createUser(app, 'Kim'); // creates the bet
    const lou = await createUser(app, 'Lou'); // stakes, then stops being Kim's friend
    const max = await createUser(app, 'Max'); // stops being Kim's friend without a stake
    const ned = await createUser(app, 'Ned'); // becomes Kim's friend while connected
    const pat = await createUser(app, 'Pat'); // stakes while connected
    const sam = await createUser(app, 'Sam'); // stakes to move the odds
    for (const friend of [lou, max, pat, sam]) await makeFriends(app, kim, friend);
    const bet = await createBetAs(kim, { title: 'Changing audience' });
    expect((await lou.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 1 })).statusCode).toBe(200);
    const [kimS, louS, maxS, nedS, patS, catS] = [await connect(kim), await connect(lou), await connect(max), await connect(ned), await connect(pat), await connect(cat)];

    expect((await pat.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 1 })).statusCode).toBe(200);
    expect((await kim.agent.delete(`/api/friends/${lou.id}`)).statusCode).toBe(200);
    expect((await kim.agent.delete(`/api/friends/${max.id}`)).statusCode).toBe(200);
    expect((await ned.agent.post('/api/friends', { addresseeId: kim.id })).statusCode).toBe(201);
    expect((await kim.agent.post(`/api/friends/${ned.id}/accept`)).statusCode).toBe(200);
    await nedS.waitFor(ofType('friend_accepted'));
    await maxS.waitFor(ofType('friend_removed'));
    await settle();

    expect((await sam.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 1 })).statusCode).toBe(200);
    const third = (m: ServerMessage) => m.type === 'bet_updated' && m.bet.betId === bet.id && m.bet.participants === 3;
    // The creator, a staker who is no longer a friend, a new friend, a staker who was one.
    for (const socket of [kimS, louS, nedS, patS]) await socket.waitFor(third);
    await settle();
    // A former friend who never staked, and a stranger, hear nothing of it.
    expect(maxS.received.some(third)).toBe(false);
    expect(catS.received.some((m) => 'bet' in m && m.bet.betId === bet.id)).toBe(false);
    expect(nedS.received.some((m) => m.type === 'bet_updated' && m.bet.betId === bet.id && m.bet.participants === 2)).toBe(false);
  });

  it('lets an admin hear about every bet from the moment of the promotion, no longer once demoted, nothing once deactivated', async () => {
    const boss = await createUser(app, 'Boss', { admin: true });
    const quinn = await createUser(app, 'Quinn'); // a stranger to Ann
    const bet = await createBetAs(ann, { title: 'Admins watch' });
    const quinnS = await connect(quinn);
    const stakeBy = async (user: TestUser, participants: number) => {
      expect((await user.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 1 })).statusCode).toBe(200);
      return (m: ServerMessage) => m.type === 'bet_updated' && m.bet.betId === bet.id && m.bet.participants === participants;
    };
    const staker = async (name: string) => {
      const user = await createUser(app, name);
      await makeFriends(app, ann, user);
      return user;
    };

    const first = await stakeBy(await staker('Ray'), 1);
    await settle();
    expect(quinnS.received.some(first)).toBe(false);

    expect((await boss.agent.put(`/api/admin/users/${quinn.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    await settle();
    await quinnS.waitFor(await stakeBy(await staker('Rex'), 2));

    expect((await boss.agent.put(`/api/admin/users/${quinn.id}/role`, { role: 'user' })).statusCode).toBe(200);
    await settle();
    const third = await stakeBy(await staker('Roy'), 3);
    await settle();
    expect(quinnS.received.some(third)).toBe(false);

    // A deactivated account's sessions are revoked, and its open sockets closed.
    const closed = new Promise<number>((resolve) => quinnS.ws.once('close', (code) => resolve(code)));
    expect((await boss.agent.delete(`/api/admin/users/${quinn.id}`)).statusCode).toBe(200);
    expect(await closed).toBe(1008);
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

  it('flips presence on the first socket and once the last one has been closed for a few seconds', async () => {
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
    await watcher.waitFor((m) => m.type === 'presence' && m.userId === eve.id && !m.isOnline, PRESENCE_GRACE_MS + 3000);
    expect((await bob.agent.get('/api/friends')).json().find((f: { id: number }) => f.id === eve.id).isOnline).toBe(false);
  });

  it('tells friends nothing of a reconnect: a close and a connect within seconds send no offline or online frame', async () => {
    const fay = await createUser(app, 'Fay');
    await makeFriends(app, fay, bob);
    const watcher = await connect(bob);
    const presenceOfFay = () => watcher.received.filter(ofType('presence')).filter((m) => m.userId === fay.id);
    const first = await socketFor(app, fay);
    await watcher.waitFor((m) => m.type === 'presence' && m.userId === fay.id && m.isOnline);

    // A reload, or a dropped connection the client restores after its first delay.
    await first.close();
    await settle(1000);
    const second = await socketFor(app, fay);
    open.push(second);
    // Past the grace that began when the first socket closed: still nothing, and Fay is online.
    await settle(PRESENCE_GRACE_MS + 500);
    expect(presenceOfFay().map((m) => m.isOnline)).toEqual([true]);
    expect((await bob.agent.get('/api/friends')).json().find((f: { id: number }) => f.id === fay.id).isOnline).toBe(true);

    // Leaving for good is told once the grace has passed.
    await second.close();
    await watcher.waitFor((m) => m.type === 'presence' && m.userId === fay.id && !m.isOnline, PRESENCE_GRACE_MS + 3000);
    expect(presenceOfFay().map((m) => m.isOnline)).toEqual([true, false]);
  });

  it('drops malformed and oversized frames, and closes the socket after repeated abuse', async () => {
    const socket = await connect(cat);
    socket.send('not json');
    socket.send({ type: 'auth', userId: cat.id });
    expect(await authAnswers(socket, 2)).toHaveLength(2);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    socket.send({ type: 'subscribe_everything' });
    socket.send('x'.repeat(5000));
    socket.send('{');
    socket.send({ nope: true });
    expect(await closed).toBe(1008);
  });
});
