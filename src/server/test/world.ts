import type { FastifyInstance } from 'fastify';
import { friendships } from '../features/friends/service.ts';
import { createSession } from '../features/auth/service.ts';
import { expect } from 'vitest';
import { createBetAs, createUser, makeFriends, type TestUser } from './fixtures.ts';
import { HttpAgent } from './http-agent.ts';

/**
 * The cast of the security tests: a bet's creator, their friend, a friend of that friend who
 * is a stranger to the creator, an unrelated user, an admin, and a friend of someone who staked
 * on the creator's bets (a stranger to the creator too, who must learn nothing of those bets).
 * The creator also owns a crew (docs/product.md §6.7), with a member and a former member, neither
 * of them the creator's friend; the creator's friend is outside it.
 */
export const ACTORS = ['anon', 'user', 'nonFriend', 'friend', 'creator', 'admin', 'stakersFriend', 'member', 'formerMember'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The creator's bets a staker (the creator's friend, not an actor) staked on, which the staker's
 * friend may never see: one the staker won, one they lost (both resolved by the creator), one an
 * admin deleted after the stake. Every title, label and amount is unique to them.
 */
export interface StakersBets {
  staker: TestUser;
  betIds: number[];
  /** Texts that appear nowhere else in the world: titles, option labels, the staker's amounts. */
  secrets: string[];
}

/**
 * The creator's crew: its bets and chat, which nobody outside it may learn of. The former member
 * staked on `stakedBeforeLeaving` (resolved) and then was removed: they keep seeing that bet, as a
 * staker, and nothing else of the crew; `secrets` are the texts of everything else.
 */
export interface WorldCrew {
  id: number;
  betIds: number[];
  stakedBeforeLeaving: number;
  /** Texts that appear nowhere else: the crew's name, its bets' titles and labels, its chat. */
  secrets: string[];
  /** Of those, the ones the former member saw as a member: the bet they staked on. */
  formerMembersOwn: string[];
}

export interface World {
  app: FastifyInstance;
  users: Record<Exclude<Actor, 'anon'>, TestUser>;
  crew: WorldCrew;
  betId: number;
  stakersBets: StakersBets;
  conversationId: number;
  /** A fresh user with a name unique to this world. */
  freshUser(prefix: string): Promise<TestUser>;
  /** A fresh bet by the creator. */
  freshBet(): Promise<number>;
  /** An agent for the actor with a session of its own (so logging out hurts nobody else). */
  agentFor(actor: Actor): Promise<HttpAgent>;
}

let counter = 0;

export async function buildWorld(app: FastifyInstance): Promise<World> {
  const users = {
    user: await createUser(app, 'Uma'),
    nonFriend: await createUser(app, 'Nils'),
    friend: await createUser(app, 'Finn'),
    creator: await createUser(app, 'Cora'),
    admin: await createUser(app, 'Ada', { admin: true }),
    stakersFriend: await createUser(app, 'Sami'),
    member: await createUser(app, 'Mona'),
    formerMember: await createUser(app, 'Fred'),
  };
  await makeFriends(app, users.creator, users.friend);
  await makeFriends(app, users.nonFriend, users.friend);
  const betId = (await createBetAs(users.creator, { title: 'The matrix bet' })).id;
  const conversation = await users.friend.agent.post('/api/conversations', { userId: users.creator.id });
  const conversationId = (conversation.json() as { id: number }).id;

  return {
    app,
    users,
    betId,
    stakersBets: await placeStakersBets(app, users),
    crew: await buildCrew(users),
    conversationId,
    freshUser: (prefix) => createUser(app, `${prefix}${(counter += 1)}`),
    freshBet: async () => (await createBetAs(users.creator, { title: `Matrix bet ${(counter += 1)}` })).id,
    agentFor: async (actor) => {
      const agent = new HttpAgent(app);
      if (actor !== 'anon') agent.setCookie('betbro_session', (await createSession(app.db, { userId: users[actor].id })).token);
      return agent;
    },
  };
}

async function placeStakersBets(app: FastifyInstance, users: World['users']): Promise<StakersBets> {
  const staker = await createUser(app, 'Stan');
  // The other side of each resolved bet, so that the staker's stake wins or loses rather than comes back.
  const rival = await createUser(app, 'Rhea');
  await makeFriends(app, users.creator, staker);
  await makeFriends(app, users.creator, rival);
  await makeFriends(app, staker, users.stakersFriend);
  const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const stake = (user: TestUser, betId: number, option: number, amount: string) =>
    ok(user.agent.post(`/api/bets/${betId}/participate`, { option, amount }));

  const won = (await createBetAs(users.creator, { title: 'Hush: is Quentin leaving?', options: ['Quietly yes', 'Quietly no'] })).id;
  await stake(staker, won, 0, '3.17');
  await stake(rival, won, 1, '1.00');
  await ok(users.creator.agent.post(`/api/bets/${won}/resolve`, { winningOption: 0 }));
  const lost = (await createBetAs(users.creator, { title: 'Hush: the merger date', options: ['Hidden May', 'Hidden June'] })).id;
  await stake(staker, lost, 0, '2.29');
  await stake(rival, lost, 1, '1.00');
  await ok(users.creator.agent.post(`/api/bets/${lost}/resolve`, { winningOption: 1 }));
  const deleted = (await createBetAs(users.creator, { title: 'Hush: the deleted one', options: ['Gone early', 'Gone late'] })).id;
  await stake(staker, deleted, 0, '1.13');
  await ok(users.admin.agent.delete(`/api/admin/bets/${deleted}`));
  return {
    staker,
    betIds: [won, lost, deleted],
    // Amounts as a line words them and as JSON carries them (a bare "1.13" could be a time's seconds).
    secrets: ['Hush', 'Quietly', 'Hidden', 'Gone early', 'Gone late', ...['3.17', '4.17', '2.29', '1.13'].flatMap((a) => [`$${a}`, `"${a}"`])],
  };
}

async function buildCrew(users: World['users']): Promise<WorldCrew> {
  const { creator, member, formerMember } = users;
  const ok = async (response: Promise<{ statusCode: number; body: string }>, status = 200) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer;
  };
  const crew = JSON.parse((await ok(creator.agent.post('/api/crews', { name: 'Quokka crew' }), 201)).body) as { id: number };
  const { token } = JSON.parse((await ok(creator.agent.post(`/api/crews/${crew.id}/invites`), 201)).body) as { token: string };
  await ok(member.agent.post(`/api/crews/join/${token}`));
  await ok(formerMember.agent.post(`/api/crews/join/${token}`));
  const staked = (await createBetAs(creator, { title: 'Zephyr: who folds first?', options: ['Zephyr Mona', 'Zephyr Fred'], crewId: crew.id })).id;
  await ok(member.agent.post(`/api/bets/${staked}/participate`, { option: 0, amount: '2.41' }));
  await ok(formerMember.agent.post(`/api/bets/${staked}/participate`, { option: 1, amount: '1.37' }));
  await ok(creator.agent.post(`/api/bets/${staked}/resolve`, { winningOption: 0 }));
  await ok(creator.agent.delete(`/api/crews/${crew.id}/members/${formerMember.id}`), 204);
  const open = (await createBetAs(creator, { title: 'Xanadu: the open crew bet', options: ['Xanadu in', 'Xanadu out'], crewId: crew.id })).id;
  await ok(member.agent.post(`/api/bets/${open}/participate`, { option: 0, amount: '2.53' }));
  await ok(member.agent.post(`/api/crews/${crew.id}/messages`, { text: 'Xanadu chat: bring snacks' }), 201);
  return {
    id: crew.id,
    betIds: [staked, open],
    stakedBeforeLeaving: staked,
    secrets: ['Quokka', 'Zephyr', 'Xanadu', ...['2.41', '3.78', '1.37', '2.53'].flatMap((a) => [`$${a}`, `"${a}"`])],
    formerMembersOwn: ['Zephyr', ...['2.41', '3.78', '1.37'].flatMap((a) => [`$${a}`, `"${a}"`])],
  };
}

/** Makes `requester` ask `addressee` for friendship, directly in the database. */
export async function pendingRequest(app: FastifyInstance, requesterId: number, addresseeId: number) {
  await app.db.insert(friendships).values({ requesterId, addresseeId });
}
