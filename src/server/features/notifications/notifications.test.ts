import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../../shared/schemas/notifications.ts';
import type { ServerMessage } from '../../../shared/ws-events.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { listeningConfig, settle, socketFor, type TestSocket } from '../../test/sockets.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

/**
 * A notification that names a bet reaches its owner only while they may see that bet
 * (docs/decisions/018-one-rule-for-who-sees-a-bet.md): a deleted bet, nobody.
 */
describe(`notifications about bets on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let carol: TestUser; // creates the bets
  let bob: TestUser; // Carol's friend, stakes
  let ada: TestUser; // an admin
  const open: TestSocket[] = [];

  const pageOf = async (user: TestUser) => {
    const response = await user.agent.get('/api/notifications?limit=100');
    expect(response.statusCode, response.body).toBe(200);
    return notificationPageSchema.parse(response.json());
  };
  const unreadOf = async (user: TestUser) => (await user.agent.get('/api/notifications/unread-count')).json() as { unreadCount: number };

  beforeAll(async () => {
    app = await createTestApp(await listeningConfig());
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
    carol = await createUser(app, 'Carol');
    bob = await createUser(app, 'Bob');
    ada = await createUser(app, 'Ada', { admin: true });
    await makeFriends(app, carol, bob);
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await app?.close();
  });

  it("drops a deleted bet's notifications from the list and the unread count, for its staker and its creator", async () => {
    const kept = await createBetAs(carol, { title: 'Kept bet', options: ['Yes', 'No'] });
    expect((await bob.agent.post(`/api/bets/${kept.id}/participate`, { option: 0, amount: 3 })).statusCode).toBe(200);
    const gone = await createBetAs(carol, { title: 'Lunch before noon?', options: ['Early', 'Late'] });
    expect((await bob.agent.post(`/api/bets/${gone.id}/participate`, { option: 0, amount: 2 })).statusCode).toBe(200);
    const before = { bob: await pageOf(bob), carol: await pageOf(carol) };
    // The stake on the bet about to go told Carol; Bob has nothing yet.
    expect(before.carol.notifications.filter((n) => n.betId === gone.id)).toHaveLength(1);

    expect((await ada.agent.delete(`/api/admin/bets/${gone.id}`)).statusCode).toBe(200);

    for (const [user, earlier] of [
      [bob, before.bob],
      [carol, before.carol],
    ] as const) {
      const page = await pageOf(user);
      expect(page.notifications.filter((n) => n.betId === gone.id)).toEqual([]);
      expect(JSON.stringify(page)).not.toContain('Lunch before noon?');
      expect(page.notifications.map((n) => n.id)).toEqual(earlier.notifications.filter((n) => n.betId !== gone.id).map((n) => n.id));
      expect(page.unreadCount).toBe(page.notifications.filter((n) => !n.read).length);
      expect(await unreadOf(user)).toEqual({ unreadCount: page.unreadCount });
    }
    // What the bets they still see told them stays.
    expect((await pageOf(carol)).notifications.filter((n) => n.betId === kept.id)).toHaveLength(1);
  });

  it("does not send the refund of a deleted bet over the socket, and sends a visible bet's settlement", async () => {
    const socket = await socketFor(app, bob);
    open.push(socket);
    const gone = await createBetAs(carol, { title: 'Secret deleted bet', options: ['Early', 'Late'] });
    expect((await bob.agent.post(`/api/bets/${gone.id}/participate`, { option: 0, amount: 2 })).statusCode).toBe(200);
    expect((await ada.agent.delete(`/api/admin/bets/${gone.id}`)).statusCode).toBe(200);

    const settled = await createBetAs(carol, { title: 'Settled in the open', options: ['Yes', 'No'] });
    expect((await bob.agent.post(`/api/bets/${settled.id}/participate`, { option: 1, amount: 5 })).statusCode).toBe(200);
    expect((await carol.agent.post(`/api/bets/${settled.id}/resolve`, { winningOption: 1 })).statusCode).toBe(200);
    // Events go out in order, so once the later bet's notification arrived, the earlier would have.
    await socket.waitFor((m) => m.type === 'notification' && m.notification.betId === settled.id);
    await settle();
    const aboutGone = socket.received.filter(
      (m: ServerMessage) => m.type === 'notification' && (m.notification.betId === gone.id || m.notification.body.includes('Secret deleted bet')),
    );
    expect(aboutGone).toEqual([]);
  });
});
