import type { FastifyInstance } from 'fastify';
import { friendships } from '../db/schema.ts';
import { createSession } from '../features/auth/sessions.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../test/fixtures.ts';
import { HttpAgent } from '../test/http-agent.ts';

/**
 * The cast of the security tests: a bet's creator, their friend, a friend of that friend who
 * is a stranger to the creator, an unrelated user, and an admin.
 */
export const ACTORS = ['anon', 'user', 'nonFriend', 'friend', 'creator', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

export interface World {
  app: FastifyInstance;
  users: Record<Exclude<Actor, 'anon'>, TestUser>;
  betId: number;
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

/** Makes `requester` ask `addressee` for friendship, directly in the database. */
export async function pendingRequest(app: FastifyInstance, requesterId: number, addresseeId: number) {
  await app.db.insert(friendships).values({ requesterId, addresseeId });
}
