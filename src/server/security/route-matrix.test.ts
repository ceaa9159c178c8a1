import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../features/notifications/service.ts';
import { pushSubscriptions } from '../features/push/service.ts';
import type { TestUser } from '../test/fixtures.ts';
import { createBetAs, makeFriends } from '../test/fixtures.ts';
import { listeningConfig, settle, socketFor } from '../test/sockets.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { ACTORS, buildWorld, pendingRequest, type Actor, type World } from '../test/world.ts';
import { DEFAULT_RATE_LIMITS } from '../config.ts';

/**
 * The security matrix: every API route x {signed out, user, non-friend, friend, creator,
 * admin, friend of a staker, member and former member of the creator's crew} -> the status each
 * must get. It is one table, checked against the
 * routes the app really registers, so a new route without an entry fails this test. Then every
 * route that reads is asked, as the staker's friend, about bets they may not see: no answer and
 * no socket message may carry anything of them.
 */

type Expected = Record<Actor, number>;
interface Row {
  /** Builds the request for one actor; may create what that actor needs (a fresh bet...). */
  request: (w: World, actor: Actor) => Promise<{ url: string; body?: unknown }> | { url: string; body?: unknown };
  expect: Expected;
}

const all = (status: number): Expected => ({
  anon: status,
  user: status,
  nonFriend: status,
  friend: status,
  creator: status,
  admin: status,
  stakersFriend: status,
  member: status,
  formerMember: status,
});
const signedIn = (status: number): Expected => ({ ...all(status), anon: 401 });
const adminOnly = (status: number): Expected => ({ ...all(403), anon: 401, admin: status });
/** Visible to the creator, their friend and admins; 404 to everyone else. */
const betAudience = (ok: number, admin = ok, creator = ok): Expected => ({ ...all(404), anon: 401, friend: ok, creator, admin });
const conversationMembers = (ok: number): Expected => ({ ...all(404), anon: 401, friend: ok, creator: ok });
/** Only the creator, who owns the thing the request names. */
const creatorOnly = (ok: number): Expected => ({ ...all(404), anon: 401, creator: ok });
/** The creator's crew (docs/product.md §6.7): its owner (the creator) and member, and admins, who see everything; 404 to anyone else. */
const crewAudience = (ok: number): Expected => ({ ...all(404), anon: 401, creator: ok, member: ok, admin: ok });
/** What only the crew's members do: its owner and its member. */
const crewMembersOnly = (ok: number, member = ok): Expected => ({ ...all(404), anon: 401, creator: ok, member });

const userOf = (w: World, actor: Actor) => (actor === 'anon' ? w.users.user : w.users[actor]);

/**
 * A fresh jury bet by the creator whose result is proposed, with a stake by `staker` (docs/product.md
 * §4.6); `disputed`, the staker has disputed it too.
 */
async function freshJuryBet(w: World, staker: TestUser, options: { disputed: boolean }): Promise<number> {
  const betId = (await createBetAs(w.users.creator, { title: 'Matrix jury bet', resolution: { mode: 'jury' } })).id;
  expect((await staker.agent.post(`/api/bets/${betId}/participate`, { option: 1, amount: 1 })).statusCode).toBe(200);
  expect((await w.users.creator.agent.post(`/api/bets/${betId}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
  if (options.disputed) expect((await staker.agent.post(`/api/bets/${betId}/dispute`, { reason: 'Wrong' })).statusCode).toBe(200);
  return betId;
}

let seasonCrews = 0;

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
  'GET /api/bets/:id/history': { request: (w) => ({ url: `/api/bets/${w.betId}/history` }), expect: betAudience(200) },
  'GET /api/bets/:id/timeline': { request: (w) => ({ url: `/api/bets/${w.betId}/timeline` }), expect: betAudience(200) },
  // What resolving would pay: only whoever may resolve it (its creator, an admin); a friend who sees it 403.
  'GET /api/bets/:id/payouts': { request: (w) => ({ url: `/api/bets/${w.betId}/payouts?winningOption=0` }), expect: betAudience(403, 200, 200) },
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
  // The creator's friend staked and may dispute; the creator and an admin have no stake.
  'POST /api/bets/:id/dispute': {
    request: async (w) => ({ url: `/api/bets/${await freshJuryBet(w, w.users.friend, { disputed: false })}/dispute`, body: { reason: 'Wrong' } }),
    expect: betAudience(200, 403, 403),
  },
  // Another friend of the creator staked and disputed: the creator's friend, with no stake, is a juror.
  'POST /api/bets/:id/votes': {
    request: async (w) => {
      const staker = await w.freshUser('Juror');
      await makeFriends(w.app, w.users.creator, staker);
      return { url: `/api/bets/${await freshJuryBet(w, staker, { disputed: true })}/votes`, body: { option: 0 } };
    },
    expect: betAudience(200, 403, 403),
  },
  'GET /api/admin/disputes': { request: () => ({ url: '/api/admin/disputes' }), expect: adminOnly(200) },
  // Among friends for everyone; about the creator's crew, only its members learn how many could sit on a jury.
  'GET /api/bets/jury-pool': { request: (w, actor) => ({ url: `/api/bets/jury-pool${actor === 'creator' || actor === 'member' ? `?crewId=${w.crew.id}` : ''}` }), expect: signedIn(200) },
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

  'POST /api/invites': { request: () => ({ url: '/api/invites', body: {} }), expect: signedIn(201) },
  'GET /api/invites': { request: () => ({ url: '/api/invites' }), expect: signedIn(200) },
  // A newcomer's link: the creator's own stay under their limit of active invites for the DELETE row.
  'GET /api/invites/:token': { request: async (w) => ({ url: `/api/invites/${await freshInvite(w, await w.freshUser('Linker'))}` }), expect: all(200) },
  'POST /api/invites/:token/accept': {
    // A newcomer's invite: accepting the creator's would change who sees the matrix bet.
    request: async (w) => ({ url: `/api/invites/${await freshInvite(w, await w.freshUser('Inviter'))}/accept` }),
    expect: signedIn(200),
  },
  'DELETE /api/invites/:token': {
    request: async (w) => ({ url: `/api/invites/${await freshInvite(w)}` }),
    expect: creatorOnly(200),
  },
  'GET /api/invites/:token/qr.png': { request: async (w) => ({ url: `/api/invites/${await freshInvite(w, await w.freshUser('Scanner'))}/qr.png` }), expect: all(200) },

  // Link cards, for anyone: an address naming an earlier state is sent on to the current one.
  'GET /api/cards/betbro/:image': { request: () => ({ url: `/api/cards/betbro/${STALE_CARD}` }), expect: all(302) },
  'GET /api/cards/invites/:token/:image': {
    request: async (w) => ({ url: `/api/cards/invites/${await freshInvite(w, await w.freshUser('Carder'))}/${STALE_CARD}` }),
    expect: all(302),
  },
  'GET /api/cards/crews/join/:token/:image': { request: async (w) => ({ url: `/api/cards/crews/join/${await freshCrewInvite(w)}/${STALE_CARD}` }), expect: all(302) },

  'POST /api/calendar': { request: () => ({ url: '/api/calendar' }), expect: signedIn(201) },
  'GET /api/calendar': { request: () => ({ url: '/api/calendar' }), expect: signedIn(200) },
  'DELETE /api/calendar': { request: () => ({ url: '/api/calendar' }), expect: signedIn(200) },
  // A feed's private address opens it for anyone who holds it, as calendar apps do.
  'GET /api/calendar/:file': {
    request: async (w) => {
      const { url } = (await (await w.freshUser('Planner')).agent.post('/api/calendar')).json() as { url: string };
      return { url: new URL(url).pathname };
    },
    expect: all(200),
  },

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
    expect: creatorOnly(200),
  },
  'GET /api/push/public-key': { request: () => ({ url: '/api/push/public-key' }), expect: all(200) },
  'POST /api/push/subscriptions': {
    request: (_w, actor) => ({
      url: '/api/push/subscriptions',
      body: { endpoint: `https://93.184.215.14/matrix/${actor}`, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } },
    }),
    expect: signedIn(201),
  },
  'DELETE /api/push/subscriptions': {
    request: async (w, actor) => {
      const endpoint = `https://93.184.215.14/matrix-delete/${actor}/${Math.random()}`;
      await w.app.db.insert(pushSubscriptions).values({ userId: w.users.creator.id, endpoint, p256dh: 'B', auth: 'A' });
      return { url: '/api/push/subscriptions', body: { endpoint } };
    },
    // Only the owner of the subscription removes it.
    expect: creatorOnly(200),
  },
  'POST /api/notifications/read-all': { request: () => ({ url: '/api/notifications/read-all' }), expect: signedIn(200) },

  'GET /api/conversations': { request: () => ({ url: '/api/conversations' }), expect: signedIn(200) },
  'POST /api/conversations': {
    request: (w) => ({ url: '/api/conversations', body: { userId: w.users.creator.id } }),
    expect: { ...all(403), anon: 401, friend: 200 },
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
  // A link counts only in a session of the account it was mailed for: signed out, 401; a made-up one is refused.
  'POST /api/account/verify-email': { request: () => ({ url: '/api/account/verify-email', body: { token: 'made-up' } }), expect: signedIn(400) },
  // The cast's issuer verifies their emails, not Betbro.
  'POST /api/account/verification-mail': { request: () => ({ url: '/api/account/verification-mail' }), expect: signedIn(409) },
  'POST /api/account/password-reset': {
    request: (_w, actor) => ({ url: '/api/account/password-reset', body: { email: `forgot-${actor}@betbro.test` } }),
    expect: all(202),
  },
  'POST /api/account/password-reset/confirm': {
    request: () => ({ url: '/api/account/password-reset/confirm', body: { token: 'made-up', newPassword: 'something-new-1' } }),
    expect: all(400),
  },
  'GET /api/account/export': { request: () => ({ url: '/api/account/export' }), expect: signedIn(200) },
  // A name other than the caller's deletes nothing, so the cast stays whole.
  'DELETE /api/account': { request: () => ({ url: '/api/account', body: { confirm: 'not-your-name' } }), expect: signedIn(400) },
  // Unsubscribe links are signed, not tied to a session: a forged one is refused for everyone,
  // and opened in a browser it shows a page saying so.
  'GET /api/mail/unsubscribe': {
    request: (w) => ({ url: `/api/mail/unsubscribe?u=${w.users.user.id}&topic=bet_staked&sig=${'A'.repeat(43)}` }),
    expect: all(200),
  },
  'POST /api/mail/unsubscribe': {
    request: (w) => ({ url: `/api/mail/unsubscribe?u=${w.users.user.id}&topic=bet_staked&sig=${'A'.repeat(43)}`, body: {} }),
    expect: all(400),
  },

  'GET /api/admin/users': { request: () => ({ url: '/api/admin/users' }), expect: adminOnly(200) },
  'GET /api/admin/users/:id': { request: (w) => ({ url: `/api/admin/users/${w.users.user.id}` }), expect: adminOnly(200) },
  'POST /api/admin/users': {
    request: (_w, actor) => ({
      url: '/api/admin/users',
      // Not "Made_admin": no name may hold a reserved word.
      body: { username: `Made_as_${actor.slice(0, 3)}`, email: `made_${actor}@betbro.test`, password: 'made-password-1' },
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
    expect: { ...all(404), anon: 401, friend: 201, creator: 201, admin: 201 },
  },
  // Crew names are unique by their look-alike skeleton: a name per caller.
  'POST /api/crews': { request: (_w, actor) => ({ url: '/api/crews', body: { name: `Matrix crew of ${actor}` } }), expect: signedIn(201) },
  'GET /api/crews': { request: () => ({ url: '/api/crews' }), expect: signedIn(200) },
  'GET /api/crews/:id': { request: (w) => ({ url: `/api/crews/${w.crew.id}` }), expect: crewAudience(200) },
  'GET /api/crews/:id/standings': { request: (w) => ({ url: `/api/crews/${w.crew.id}/standings` }), expect: crewAudience(200) },
  'GET /api/crews/:id/seasons': { request: (w) => ({ url: `/api/crews/${w.crew.id}/seasons` }), expect: crewAudience(200) },
  // The chat is the members' alone: an admin outside the crew gets 404 like anyone.
  'GET /api/crews/:id/messages': { request: (w) => ({ url: `/api/crews/${w.crew.id}/messages` }), expect: crewMembersOnly(200) },
  'POST /api/crews/:id/messages': {
    request: (w) => ({ url: `/api/crews/${w.crew.id}/messages`, body: { text: 'Matrix hello' } }),
    expect: crewMembersOnly(201),
  },
  'POST /api/crews/:id/invites': { request: (w) => ({ url: `/api/crews/${w.crew.id}/invites` }), expect: crewMembersOnly(201) },
  'GET /api/crews/:id/invites': { request: (w) => ({ url: `/api/crews/${w.crew.id}/invites` }), expect: crewMembersOnly(200) },
  // A fresh link of the member's: they revoke it, and so may the owner; anyone else is told no such link or crew.
  'DELETE /api/crews/:id/invites/:token': {
    request: async (w) => {
      const { token } = (await w.users.member.agent.post(`/api/crews/${w.crew.id}/invites`)).json() as { token: string };
      return { url: `/api/crews/${w.crew.id}/invites/${token}` };
    },
    expect: crewMembersOnly(204),
  },
  // A fresh crew's link: the preview names the crew to anyone holding it.
  'GET /api/crews/join/:token': { request: async (w) => ({ url: `/api/crews/join/${await freshCrewInvite(w)}` }), expect: all(200) },
  'GET /api/crews/join/:token/qr.png': { request: async (w) => ({ url: `/api/crews/join/${await freshCrewInvite(w)}/qr.png` }), expect: all(200) },
  'POST /api/crews/join/:token': { request: async (w) => ({ url: `/api/crews/join/${await freshCrewInvite(w)}` }), expect: signedIn(200) },
  // A fresh member of the creator's crew: only the owner removes them; the member is told no.
  'DELETE /api/crews/:id/members/:userId': {
    request: async (w) => {
      const joiner = await w.freshUser('Joiner');
      const { token } = (await w.users.creator.agent.post(`/api/crews/${w.crew.id}/invites`)).json() as { token: string };
      expect((await joiner.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
      return { url: `/api/crews/${w.crew.id}/members/${joiner.id}` };
    },
    expect: crewMembersOnly(204, 403),
  },
  // A fresh crew of the creator with the member in it: ending its season touches no other.
  'POST /api/crews/:id/seasons': {
    request: async (w) => {
      const crew = (await w.users.creator.agent.post('/api/crews', { name: `Matrix season crew ${(seasonCrews += 1)}` })).json() as { id: number };
      const { token } = (await w.users.creator.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string };
      expect((await w.users.member.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
      return { url: `/api/crews/${crew.id}/seasons` };
    },
    expect: crewMembersOnly(201, 403),
  },

  'GET /api/docs': { request: () => ({ url: '/api/docs' }), expect: all(200) },
  'GET /api/docs/ui': { request: () => ({ url: '/api/docs/ui' }), expect: all(200) },
  'GET /api/docs/ui/:file': { request: () => ({ url: '/api/docs/ui/start.js' }), expect: all(200) },
};

/** A card image's name for a state no card is in. */
const STALE_CARD = '0000000000000000.png';

/** A fresh invite (by the creator unless said otherwise): its token. */
async function freshInvite(w: World, inviter: TestUser = w.users.creator): Promise<string> {
  const response = await inviter.agent.post('/api/invites');
  return (response.json() as { token: string }).token;
}

/** A link to a fresh crew of a fresh owner: its token. */
async function freshCrewInvite(w: World): Promise<string> {
  const owner = await w.freshUser('CrewOwner');
  const crew = (await owner.agent.post('/api/crews', { name: `Matrix link crew of ${owner.username}` })).json() as { id: number };
  return ((await owner.agent.post(`/api/crews/${crew.id}/invites`)).json() as { token: string }).token;
}

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
    app = await createTestApp({
      ...(await listeningConfig()),
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 1000, loginPerEmailAndIp: 1000, writesPerMinute: 100_000, readsPerMinute: 100_000 },
    });
    // Listening: the staker's friend's socket needs a port.
    await app.listen({ port: app.config.port, host: '127.0.0.1' });
    world = await buildWorld(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has exactly one entry for every registered API route', () => {
    const registered = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  /** Whatever of the staker's bets `text` carries: a secret, or one of their ids as a bet's. */
  const leaksOf = (text: string) => {
    const { betIds, secrets } = world.stakersBets;
    return [
      ...secrets.filter((secret) => text.includes(secret)),
      ...betIds.flatMap((id) => [`"betId":${id}`, `/bets/${id}`].filter((mention) => text.includes(mention))),
    ];
  };

  it("tells a staker's friend nothing of the bets they may not see, on any route that reads", async () => {
    const { staker, betIds } = world.stakersBets;
    const reads = Object.entries(MATRIX).filter(([route]) => route.startsWith('GET '));
    const urls = await Promise.all(reads.map(async ([, row]) => (await row.request(world, 'stakersFriend')).url));
    // The same routes asked about the staker, their bets and their circle.
    urls.push(
      '/api/activities?limit=100',
      '/api/notifications?limit=100',
      `/api/users/${staker.id}/profile`,
      `/api/bets/user/${staker.id}`,
      `/api/bets/user/${world.users.creator.id}`,
      '/api/leaderboard?scope=friends',
      '/api/leaderboard?period=all',
      `/api/users/search?q=${staker.username}`,
      ...betIds.flatMap((id) => [`/api/bets/${id}`, `/api/bets/${id}/history`, `/api/bets/${id}/comments`]),
    );
    const agent = await world.agentFor('stakersFriend');
    const found: Record<string, string[]> = {};
    for (const url of urls) {
      const response = await agent.get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      const leaks = leaksOf(response.body);
      if (leaks.length > 0) found[url] = leaks;
    }
    expect(found).toEqual({});
    // The staker's own lines about what their friend may see still reach them.
    const ownBet = await createBetAs(staker, { title: 'Stan asks his friends' });
    const feed = (await agent.get('/api/activities')).json() as { activities: { betId: number | null; description: string }[] };
    expect(feed.activities[0]).toMatchObject({ betId: ownBet.id, description: 'Stan created the bet "Stan asks his friends"' });
  });

  it("sends a staker's friend nothing of the bets they may not see over the socket", async () => {
    const { staker } = world.stakersBets;
    const socket = await socketFor(app, world.users.stakersFriend);
    try {
      const secret = (await createBetAs(world.users.creator, { title: 'Hush: live on the socket', options: ['Hidden A', 'Hidden B'] })).id;
      expect((await staker.agent.post(`/api/bets/${secret}/participate`, { option: 0, amount: '3.17' })).statusCode).toBe(200);
      expect((await world.users.creator.agent.post(`/api/bets/${secret}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
      // Something the staker's friend may see, after all of it: once it arrived, the rest would have.
      const visible = (await createBetAs(staker, { title: 'Stan on the socket' })).id;
      await socket.waitFor((m) => m.type === 'new_bet' && m.bet.betId === visible);
      await settle();
      const heard = JSON.stringify(socket.received);
      expect([...leaksOf(heard), ...[`"betId":${secret}`].filter((m) => heard.includes(m))]).toEqual([]);
    } finally {
      await socket.close();
    }
  });

  /** Whatever of the crew `text` carries, for someone outside it (the former member: beyond the bet they staked on). */
  const crewLeaksOf = (text: string, actor: Actor) => {
    const { secrets, formerMembersOwn, betIds, stakedBeforeLeaving } = world.crew;
    const hidden = actor === 'formerMember' ? secrets.filter((secret) => !formerMembersOwn.includes(secret)) : secrets;
    const hiddenBets = actor === 'formerMember' ? betIds.filter((id) => id !== stakedBeforeLeaving) : betIds;
    return [
      ...hidden.filter((secret) => text.includes(secret)),
      ...hiddenBets.flatMap((id) => [`"betId":${id}`, `/bets/${id}`].filter((mention) => text.includes(mention))),
      ...(actor === 'formerMember' ? [] : [`"crewId":${world.crew.id}`].filter((mention) => text.includes(mention))),
    ];
  };

  it.each(['friend', 'user', 'nonFriend', 'stakersFriend', 'formerMember'] as const)(
    'tells %s, outside the crew, nothing of it on any route that reads',
    async (actor) => {
      const { creator, member } = world.users;
      const reads = Object.entries(MATRIX).filter(([route]) => route.startsWith('GET '));
      const urls = await Promise.all(reads.map(async ([, row]) => (await row.request(world, actor)).url));
      urls.push(
        '/api/activities?limit=100',
        '/api/notifications?limit=100',
        `/api/users/${creator.id}/profile`,
        `/api/users/${member.id}/profile`,
        `/api/bets/user/${creator.id}`,
        `/api/bets/user/${member.id}`,
        `/api/bets?crewId=${world.crew.id}`,
        '/api/leaderboard?scope=friends',
        '/api/leaderboard?period=all',
        `/api/users/search?q=${member.username}`,
        ...world.crew.betIds.flatMap((id) => [`/api/bets/${id}/history`, `/api/bets/${id}/comments`, `/api/bets/${id}/timeline`]),
        ...world.crew.betIds.filter((id) => actor !== 'formerMember' || id !== world.crew.stakedBeforeLeaving).map((id) => `/api/bets/${id}`),
      );
      const agent = await world.agentFor(actor);
      const found: Record<string, string[]> = {};
      for (const url of urls) {
        const response = await agent.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
        const leaks = crewLeaksOf(response.body, actor);
        if (leaks.length > 0) found[url] = leaks;
      }
      expect(found).toEqual({});
      // The former member still sees the bet they staked on, and the crew's member sees it all.
      if (actor === 'formerMember') expect((await agent.get(`/api/bets/${world.crew.stakedBeforeLeaving}`)).statusCode).toBe(200);
      const memberAgent = await world.agentFor('member');
      const memberView = (await memberAgent.get(`/api/bets?crewId=${world.crew.id}`)).body;
      expect(world.crew.secrets.filter((secret) => secret.startsWith('X') || secret.startsWith('Z')).every((s) => memberView.includes(s))).toBe(true);
    },
  );

  it('sends nobody outside the crew anything of it over the socket', async () => {
    const { creator, member, friend, formerMember } = world.users;
    const outside = await socketFor(app, friend);
    const former = await socketFor(app, formerMember);
    const inside = await socketFor(app, member);
    try {
      const secret = (await createBetAs(creator, { title: 'Xanadu: live on the socket', options: ['Xanadu A', 'Xanadu B'], crewId: world.crew.id })).id;
      expect((await member.agent.post(`/api/bets/${secret}/participate`, { option: 0, amount: '2.53' })).statusCode).toBe(200);
      expect((await member.agent.post(`/api/crews/${world.crew.id}/messages`, { text: 'Xanadu live chat' })).statusCode).toBe(201);
      expect((await creator.agent.post(`/api/bets/${secret}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
      // Something each may hear, after all of it: once it arrived, the rest would have.
      const visible = (await createBetAs(creator, { title: 'For the friends, live' })).id;
      expect((await creator.agent.post(`/api/bets/${world.crew.stakedBeforeLeaving}/comments`, { text: 'Old times' })).statusCode).toBe(201);
      await outside.waitFor((m) => m.type === 'new_bet' && m.bet.betId === visible);
      await former.waitFor((m) => m.type === 'bet_comment' && m.comment.betId === world.crew.stakedBeforeLeaving);
      await inside.waitFor((m) => m.type === 'crew_message' && m.message.text === 'Xanadu live chat');
      await inside.waitFor((m) => m.type === 'bet_resolved' && m.bet.betId === secret);
      await settle();
      expect(crewLeaksOf(JSON.stringify(outside.received), 'friend')).toEqual([]);
      expect(crewLeaksOf(JSON.stringify(former.received), 'formerMember')).toEqual([]);
      for (const heard of [JSON.stringify(outside.received), JSON.stringify(former.received)]) {
        expect(heard).not.toContain(`"betId":${secret}`);
        expect(heard).not.toContain('crew_message');
      }
    } finally {
      await Promise.all([outside.close(), former.close(), inside.close()]);
    }
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
