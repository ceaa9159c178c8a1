import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { ACTORS, buildWorld, pendingRequest, type Actor, type World } from './world.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';

/**
 * The security matrix: every API route x {signed out, user, non-friend, friend, creator,
 * admin} -> the status each must get. It is one table, checked against the routes the app
 * really registers, so a new route without an entry fails this test.
 */

type Expected = Record<Actor, number>;
interface Row {
  /** Builds the request for one actor; may create what that actor needs (a fresh bet...). */
  request: (w: World, actor: Actor) => Promise<{ url: string; body?: unknown }> | { url: string; body?: unknown };
  expect: Expected;
}

const all = (status: number): Expected => ({ anon: status, user: status, nonFriend: status, friend: status, creator: status, admin: status });
const signedIn = (status: number): Expected => ({ ...all(status), anon: 401 });
const adminOnly = (status: number): Expected => ({ anon: 401, user: 403, nonFriend: 403, friend: 403, creator: 403, admin: status });
/** Visible to the creator, their friend and admins; 404 to everyone else. */
const betAudience = (ok: number, admin = ok, creator = ok): Expected => ({ anon: 401, user: 404, nonFriend: 404, friend: ok, creator, admin });
const conversationMembers = (ok: number): Expected => ({ anon: 401, user: 404, nonFriend: 404, friend: ok, creator: ok, admin: 404 });

const userOf = (w: World, actor: Actor) => (actor === 'anon' ? w.users.user : w.users[actor]);

const MATRIX: Record<string, Row> = {
  'GET /api/login': { request: () => ({ url: '/api/login' }), expect: all(302) },
  'POST /api/oauth/exchange': { request: () => ({ url: '/api/oauth/exchange', body: { code: 'c', state: 's' } }), expect: all(400) },
  'GET /api/auth/user': { request: () => ({ url: '/api/auth/user' }), expect: signedIn(200) },
  'GET /api/auth/welcome': { request: () => ({ url: '/api/auth/welcome' }), expect: all(200) },
  'POST /api/logout': { request: () => ({ url: '/api/logout', body: {} }), expect: all(200) },
  'POST /api/complete-profile': { request: () => ({ url: '/api/complete-profile', body: { username: 'Another_Name' } }), expect: signedIn(409) },

  'GET /api/bets': { request: () => ({ url: '/api/bets' }), expect: signedIn(200) },
  'GET /api/bets/friends': { request: () => ({ url: '/api/bets/friends' }), expect: signedIn(200) },
  'GET /api/bets/user/:id': { request: (w) => ({ url: `/api/bets/user/${w.users.creator.id}` }), expect: signedIn(200) },
  'GET /api/my-bets': { request: () => ({ url: '/api/my-bets' }), expect: signedIn(200) },
  'GET /api/bets/:id': { request: (w) => ({ url: `/api/bets/${w.betId}` }), expect: betAudience(200) },
  'POST /api/bets': {
    request: () => ({ url: '/api/bets', body: { title: 'Mine', description: 'Mine too', options: ['A', 'B'] } }),
    expect: signedIn(201),
  },
  'POST /api/bets/:id/participate': {
    request: async (w) => ({ url: `/api/bets/${await w.freshBet()}/participate`, body: { option: 0, amount: 1 } }),
    expect: betAudience(200, 200, 403),
  },
  'POST /api/bets/:id/resolve': {
    request: async (w) => ({ url: `/api/bets/${await w.freshBet()}/resolve`, body: { winningOption: 0 } }),
    expect: betAudience(403, 403, 200),
  },
  'PUT /api/bets/:id': {
    request: async (w) => ({ url: `/api/bets/${await w.freshBet()}`, body: { title: 'Renamed', description: 'Again' } }),
    expect: betAudience(403, 403, 200),
  },
  'PUT /api/admin/bets/:id': {
    request: async (w) => ({ url: `/api/admin/bets/${await w.freshBet()}`, body: { title: 'Renamed', description: 'Again' } }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/bets/:id': { request: async (w) => ({ url: `/api/admin/bets/${await w.freshBet()}` }), expect: adminOnly(200) },
  'POST /api/admin/bets/:id/resolve': {
    request: async (w) => ({ url: `/api/admin/bets/${await w.freshBet()}/resolve`, body: { winningOption: 1 } }),
    expect: adminOnly(200),
  },
  'GET /api/wallet/ledger': { request: () => ({ url: '/api/wallet/ledger' }), expect: signedIn(200) },

  'GET /api/users/search': { request: () => ({ url: '/api/users/search?q=c' }), expect: signedIn(200) },
  'POST /api/friends': {
    request: async (w) => ({ url: '/api/friends', body: { addresseeId: (await w.freshUser('Target')).id } }),
    expect: signedIn(201),
  },
  'GET /api/friend-requests': { request: () => ({ url: '/api/friend-requests' }), expect: signedIn(200) },
  'PUT /api/friends/:id/accept': {
    request: async (w, actor) => {
      const asker = await w.freshUser('Asker');
      await pendingRequest(w.app, asker.id, userOf(w, actor).id);
      return { url: `/api/friends/${asker.id}/accept` };
    },
    expect: signedIn(200),
  },
  'POST /api/friends/:id/accept': {
    request: async (w, actor) => {
      const asker = await w.freshUser('Asker');
      await pendingRequest(w.app, asker.id, userOf(w, actor).id);
      return { url: `/api/friends/${asker.id}/accept` };
    },
    expect: signedIn(200),
  },
  'DELETE /api/friends/:id/reject': {
    request: async (w, actor) => {
      const asker = await w.freshUser('Asker');
      await pendingRequest(w.app, asker.id, userOf(w, actor).id);
      return { url: `/api/friends/${asker.id}/reject` };
    },
    expect: signedIn(200),
  },
  'DELETE /api/friends/:id': {
    request: async (w, actor) => {
      const pal = await w.freshUser('Pal');
      await pendingRequest(w.app, userOf(w, actor).id, pal.id);
      return { url: `/api/friends/${pal.id}` };
    },
    expect: signedIn(200),
  },
  'GET /api/friends': { request: () => ({ url: '/api/friends' }), expect: signedIn(200) },

  'GET /api/users/profile': { request: () => ({ url: '/api/users/profile' }), expect: signedIn(200) },
  'POST /api/users/profile': { request: () => ({ url: '/api/users/profile', body: { bio: 'Hello' } }), expect: signedIn(200) },
  'GET /api/users/preferences': { request: () => ({ url: '/api/users/preferences' }), expect: signedIn(200) },
  'PUT /api/users/preferences': { request: () => ({ url: '/api/users/preferences', body: { theme: 'dark' } }), expect: signedIn(200) },
  'GET /api/users/:id/profile': { request: (w) => ({ url: `/api/users/${w.users.creator.id}/profile` }), expect: betAudience(200) },
  'GET /api/leaderboard': { request: () => ({ url: '/api/leaderboard' }), expect: signedIn(200) },
  'GET /api/activities': { request: () => ({ url: '/api/activities' }), expect: signedIn(200) },

  'GET /api/notifications': { request: () => ({ url: '/api/notifications' }), expect: signedIn(200) },
  'GET /api/notifications/unread-count': { request: () => ({ url: '/api/notifications/unread-count' }), expect: signedIn(200) },
  'POST /api/notifications/:id/read': {
    request: async (w) => {
      const [row] = await w.app.db
        .insert(notifications)
        .values({ userId: w.users.creator.id, type: 'message', title: 'For the creator', body: 'Only theirs' })
        .returning({ id: notifications.id });
      return { url: `/api/notifications/${row!.id}/read` };
    },
    expect: { anon: 401, user: 404, nonFriend: 404, friend: 404, creator: 200, admin: 404 },
  },
  'POST /api/notifications/read-all': { request: () => ({ url: '/api/notifications/read-all' }), expect: signedIn(200) },

  'GET /api/conversations': { request: () => ({ url: '/api/conversations' }), expect: signedIn(200) },
  'POST /api/conversations': {
    request: (w) => ({ url: '/api/conversations', body: { userId: w.users.creator.id } }),
    expect: { anon: 401, user: 403, nonFriend: 403, friend: 200, creator: 403, admin: 403 },
  },
  'GET /api/conversations/:id/messages': { request: (w) => ({ url: `/api/conversations/${w.conversationId}/messages` }), expect: conversationMembers(200) },
  'POST /api/conversations/:id/messages': {
    request: (w) => ({ url: `/api/conversations/${w.conversationId}/messages`, body: { text: 'Hi' } }),
    expect: conversationMembers(201),
  },
  'POST /api/conversations/:id/read': { request: (w) => ({ url: `/api/conversations/${w.conversationId}/read` }), expect: conversationMembers(200) },
  'GET /api/bets/:id/comments': { request: (w) => ({ url: `/api/bets/${w.betId}/comments` }), expect: betAudience(200) },
  'POST /api/bets/:id/comments': { request: (w) => ({ url: `/api/bets/${w.betId}/comments`, body: { text: 'Nice' } }), expect: betAudience(201) },

  'GET /api/statistics': { request: () => ({ url: '/api/statistics' }), expect: signedIn(200) },
  'GET /api/insights': { request: () => ({ url: '/api/insights' }), expect: signedIn(200) },
  'GET /api/events': { request: () => ({ url: '/api/events' }), expect: signedIn(200) },

  'GET /api/account': { request: () => ({ url: '/api/account' }), expect: signedIn(200) },
  'POST /api/account/password': {
    // The cast signs in through a test issuer, not the built-in provider: no password to change here.
    request: () => ({ url: '/api/account/password', body: { currentPassword: 'whatever-1', newPassword: 'something-new-1' } }),
    expect: signedIn(409),
  },

  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users' }), expect: adminOnly(200) },
  'GET /api/admin/users/:id': { request: (w) => ({ url: `/api/admin/users/${w.users.user.id}` }), expect: adminOnly(200) },
  'POST /api/admin/users': {
    request: (_w, actor) => ({
      url: '/api/admin/users',
      body: { username: `Made_${actor}`, email: `made_${actor}@betbro.test`, password: 'made-password-1' },
    }),
    expect: adminOnly(201),
  },
  'DELETE /api/admin/users/:id': { request: async (w) => ({ url: `/api/admin/users/${(await w.freshUser('Gone')).id}` }), expect: adminOnly(200) },
  'PUT /api/admin/users/:id/role': {
    request: async (w) => ({ url: `/api/admin/users/${(await w.freshUser('Promoted')).id}/role`, body: { role: 'admin' } }),
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:id/adjust': {
    request: (w) => ({ url: `/api/admin/users/${w.users.user.id}/adjust`, body: { amount: '1.00', reason: 'Matrix' } }),
    expect: adminOnly(200),
  },
  'GET /api/admin/audit-log': { request: () => ({ url: '/api/admin/audit-log' }), expect: adminOnly(200) },
  'GET /api/reports': { request: () => ({ url: '/api/reports' }), expect: adminOnly(200) },
  'GET /api/admin/moderation': { request: () => ({ url: '/api/admin/moderation' }), expect: adminOnly(200) },
  'POST /api/admin/moderation/:id/resolve': {
    request: async (w) => ({ url: `/api/admin/moderation/${await freshReport(w)}/resolve`, body: {} }),
    expect: adminOnly(200),
  },
  'POST /api/admin/moderation/:id/dismiss': {
    request: async (w) => ({ url: `/api/admin/moderation/${await freshReport(w)}/dismiss`, body: {} }),
    expect: adminOnly(200),
  },
  'POST /api/reports/content': {
    request: async (w) => ({ url: '/api/reports/content', body: { kind: 'bet', id: w.betId, reason: 'Looks rigged' } }),
    expect: { anon: 401, user: 404, nonFriend: 404, friend: 201, creator: 201, admin: 201 },
  },
  'GET /api/docs': { request: () => ({ url: '/api/docs' }), expect: all(200) },
  'GET /api/docs/ui': { request: () => ({ url: '/api/docs/ui' }), expect: all(200) },
  'GET /api/docs/ui/:file': { request: () => ({ url: '/api/docs/ui/start.js' }), expect: all(200) },
};

/** A fresh open content report (filed by the friend about a fresh bet). */
async function freshReport(w: World): Promise<number> {
  const betId = await w.freshBet();
  const response = await w.users.friend.agent.post('/api/reports/content', { kind: 'bet', id: betId, reason: 'Suspicious' });
  return (response.json() as { id: number }).id;
}

describe(`security matrix on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let world: World;

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 1000, loginPerEmailAndIp: 1000, writesPerMinute: 100_000, readsPerMinute: 100_000 } });
    world = await buildWorld(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has exactly one entry for every registered API route', () => {
    const registered = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  it.each(Object.entries(MATRIX))('%s answers each actor as expected', async (route, row) => {
    const [method] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
    const got: Partial<Expected> = {};
    for (const actor of ACTORS) {
      const { url, body } = await row.request(world, actor);
      const agent = await world.agentFor(actor);
      const response = await agent.request(method, url, body === undefined ? {} : { json: body });
      got[actor] = response.statusCode;
    }
    expect(got).toEqual(row.expect);
  });
});
