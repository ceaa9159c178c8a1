import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { betDetailSchema, type BetDetail, type CreateBetBody } from '../../shared/schemas/bets.ts';
import { friendships } from '../features/friends/service.ts';
import { users } from '../features/users/service.ts';
import { createSession, signInWithIdentity } from '../features/auth/service.ts';
import { HttpAgent } from './http-agent.ts';

/**
 * Quick test users: created by the same service a real sign-in uses (so each gets the 1,000.00
 * grant in the ledger), with a real session cookie, but without the provider round trip.
 */
export interface TestUser {
  id: number;
  username: string;
  agent: HttpAgent;
}

export async function createUser(app: FastifyInstance, username: string, options: { admin?: boolean; locale?: string } = {}): Promise<TestUser> {
  const email = `${username.toLowerCase()}@betbro.test`;
  const user = await signInWithIdentity(
    app.db,
    { issuer: 'https://fixtures.betbro.test', subject: username, email, emailVerified: true, name: null },
    options.admin ? [email] : [],
    options.locale ?? 'en',
  );
  await app.db.update(users).set({ username }).where(eq(users.id, user.id));
  const session = await createSession(app.db, { userId: user.id });
  const agent = new HttpAgent(app);
  agent.setCookie('betbro_session', session.token);
  return { id: user.id, username, agent };
}

export async function makeFriends(app: FastifyInstance, a: TestUser, b: TestUser): Promise<void> {
  await app.db.insert(friendships).values({ requesterId: a.id, addresseeId: b.id, status: 'accepted', respondedAt: new Date() });
}

export async function createBetAs(user: TestUser, body: Partial<CreateBetBody> = {}): Promise<BetDetail> {
  const response = await user.agent.post('/api/bets', {
    title: 'Who wins the derby?',
    description: 'Saturday, kick-off at three.',
    category: 'Sports',
    options: ['Home', 'Away'],
    expirationType: 'indefinite',
    expirationValue: '',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return betDetailSchema.parse(response.json());
}

export async function balanceOf(app: FastifyInstance, userId: number): Promise<number> {
  const [row] = await app.db.select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row?.balance ?? Number.NaN;
}
