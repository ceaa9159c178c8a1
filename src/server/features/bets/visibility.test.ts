import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, betListSchema } from '../../../shared/schemas/bets.ts';
import { rowsOf } from '../../db/client.ts';
import { users } from '../users/service.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { audienceOfBet } from '../live/service.ts';
import { plainBetPage } from './plain-feed.ts';
import { listBets, type BetFilter } from './queries.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';

/**
 * Who sees a bet is stated once, by the view bet_viewers (visibility.sql). Every reader is held
 * to it here: the lists (whose pages are found from the viewer's side for speed, queries.ts, and
 * read plainly, plain-feed.ts), the detail, the stake and the live audience.
 */
describe(`one rule for who sees a bet on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let people: TestUser[];
  let admin: TestUser;
  const betIds: number[] = [];
  const crewIds: number[] = [];

  beforeAll(async () => {
    app = await createTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: 100, loginPerEmailAndIp: 100, writesPerMinute: 1_000_000, readsPerMinute: 1_000_000 } });
    admin = await createUser(app, 'Boss', { admin: true });
    people = [];
    for (let i = 0; i < 7; i += 1) people.push(await createUser(app, `V${i}`));
    // A world drawn at random, the same on every run: friendships, bets, two crews (docs/product.md
    // §6.7) with bets of their own, stakes, a member removed after staking, a deleted bet.
    const world = fc.sample(
      fc.record({
        friendships: fc.uniqueArray(fc.tuple(fc.nat(6), fc.nat(6)), { minLength: 6, maxLength: 12, selector: ([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}` }),
        bets: fc.array(fc.nat(6), { minLength: 12, maxLength: 12 }),
        crews: fc.array(fc.uniqueArray(fc.nat(6), { minLength: 3, maxLength: 5 }), { minLength: 2, maxLength: 2 }),
        crewBets: fc.array(fc.tuple(fc.nat(1), fc.nat(4)), { minLength: 6, maxLength: 6 }),
        stakes: fc.array(fc.tuple(fc.nat(6), fc.nat(17)), { minLength: 16, maxLength: 30 }),
      }),
      { numRuns: 1, seed: 7 },
    )[0]!;
    for (const [a, b] of world.friendships) if (a !== b) await makeFriends(app, people[a]!, people[b]!);
    for (const creator of world.bets) betIds.push((await createBetAs(people[creator]!, { title: 'Seen or not' })).id);
    for (const [owner, ...members] of world.crews) {
      // Crew names are unique by their look-alike skeleton (docs/product.md §6.7).
      const crewId = (await people[owner!]!.agent.post('/api/crews', { name: `Seen crew ${crewIds.length + 1}` })).json().id as number;
      const { token } = (await people[owner!]!.agent.post(`/api/crews/${crewId}/invites`)).json() as { token: string };
      for (const member of members) expect((await people[member]!.agent.post(`/api/crews/join/${token}`)).statusCode).toBe(200);
      crewIds.push(crewId);
    }
    for (const [crew, member] of world.crewBets) {
      const members = world.crews[crew]!;
      const creator = people[members[member % members.length]!]!;
      betIds.push((await createBetAs(creator, { title: 'Seen in the crew or not', crewId: crewIds[crew]! })).id);
    }
    for (const [who, bet] of world.stakes) {
      await people[who]!.agent.post(`/api/bets/${betIds[bet]!}/participate`, { option: 0, amount: 1 });
    }
    // The first crew's owner removes its last member, who keeps seeing the crew bets they staked on.
    const firstCrew = world.crews[0]!;
    const removed = await people[firstCrew[0]!]!.agent.delete(`/api/crews/${crewIds[0]!}/members/${people[firstCrew.at(-1)!]!.id}`);
    expect(removed.statusCode).toBe(204);
    // A stake on a bet its staker can no longer see through its creator: it still shows to them.
    const [lonely, stranger] = [await createUser(app, 'Lonely'), await createUser(app, 'Stranger')];
    await makeFriends(app, lonely, stranger);
    const kept = await createBetAs(stranger, { title: 'Staked, then unfriended' });
    await lonely.agent.post(`/api/bets/${kept.id}/participate`, { option: 1, amount: 1 });
    await app.database.withConnection((q) => q('delete from friendships where requester_id = $1', [lonely.id]));
    people.push(lonely, stranger);
    betIds.push(kept.id);
    // A disputed jury bet (§4.6): its seated jurors keep seeing it, even one its creator unfriends.
    const judge = await createUser(app, 'Judge');
    const bench = [await createUser(app, 'Bench1'), await createUser(app, 'Bench2'), await createUser(app, 'Bench3'), await createUser(app, 'Bench4')];
    for (const member of bench) await makeFriends(app, judge, member);
    const jury = await createBetAs(judge, { title: 'Seen by its jury', resolution: { mode: 'jury' } });
    expect((await bench[3]!.agent.post(`/api/bets/${jury.id}/participate`, { option: 1, amount: 1 })).statusCode).toBe(200);
    expect((await judge.agent.post(`/api/bets/${jury.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    expect((await bench[3]!.agent.post(`/api/bets/${jury.id}/dispute`, { reason: 'No' })).statusCode).toBe(200);
    expect((await judge.agent.delete(`/api/friends/${bench[0]!.id}`)).statusCode).toBe(200);
    people.push(judge, ...bench);
    betIds.push(jury.id);
    expect((await admin.agent.delete(`/api/admin/bets/${betIds[3]!}`)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  const seenBy = async (userId: number): Promise<number[]> =>
    rowsOf<{ bet_id: number }>(
      await app.db.execute(sql`select distinct bet_id from bet_viewers where viewer_id = ${userId} order by bet_id desc`),
    ).map((r) => Number(r.bet_id));

  /**
   * docs/product.md §5.1 in words, from the raw rows: the creator, their friends (a crew bet: the
   * crew's members instead), the jurors its dispute seated, the stakers, the admins; deleted bets,
   * nobody.
   */
  const byTheRule = async (betId: number): Promise<number[]> => {
    const [bet] = rowsOf<{ creator_id: number; deleted: boolean; crew_id: number | null }>(
      await app.db.execute(sql`select creator_id, deleted_at is not null as deleted, crew_id from bets where id = ${betId}`),
    );
    if (!bet || bet.deleted) return [];
    const circle =
      bet.crew_id === null
        ? sql`select case when requester_id = ${bet.creator_id} then addressee_id else requester_id end from friendships
            where status = 'accepted' and ${bet.creator_id} in (requester_id, addressee_id)`
        : sql`select user_id from crew_memberships where crew_id = ${bet.crew_id}`;
    const ids = rowsOf<{ id: number }>(
      await app.db.execute(sql`select ${bet.creator_id}::int as id
        union ${circle}
        union select user_id from bet_jurors where bet_id = ${betId}
        union select user_id from stakes where bet_id = ${betId}
        union select id from users where role = 'admin' and deactivated_at is null`),
    );
    return ids.map((r) => Number(r.id)).sort((a, b) => a - b);
  };

  it('is the rule of docs/product.md §5.1', async () => {
    for (const id of betIds) {
      const viewers = [...people, admin];
      const seen = (await Promise.all(viewers.map(async (p) => ((await seenBy(p.id)).includes(id) ? [p.id] : [])))).flat();
      expect(seen.sort((a, b) => a - b), `bet ${id}`).toEqual(await byTheRule(id));
    }
  });

  it('lists, page by page, exactly the bets the rule lets each viewer see', async () => {
    for (const viewer of [...people, admin]) {
      const expected = await seenBy(viewer.id);
      const listed: number[] = [];
      let before = 0;
      for (;;) {
        const page = betListSchema.parse((await viewer.agent.get(`/api/bets?limit=3${before ? `&before=${before}` : ''}`)).json());
        listed.push(...page.map((b) => b.id));
        if (page.length < 3) break;
        before = page.at(-1)!.id;
      }
      expect(listed, viewer.username).toEqual(expected);
    }
  });

  it('answers every feed page exactly as the plain reading does, stakes and all', async () => {
    const feeds: [string, (viewer: TestUser) => BetFilter][] = [
      ['/api/bets', () => ({ kind: 'visible' })],
      ['/api/bets/friends', () => ({ kind: 'friends' })],
      ['/api/my-bets', () => ({ kind: 'mine' })],
      [`/api/bets/user/${people[0]!.id}`, () => ({ kind: 'creator', creatorId: people[0]!.id })],
      ...crewIds.map((crewId): [string, () => BetFilter] => [`/api/bets?crewId=${crewId}`, () => ({ kind: 'crew', crewId })]),
    ];
    const now = new Date();
    let compared = 0;
    for (const viewer of [...people, admin]) {
      const [row] = await app.db.select().from(users).where(eq(users.id, viewer.id));
      for (const [route, filter] of feeds) {
        let before = 0;
        for (;;) {
          const response = await viewer.agent.get(`${route}${route.includes('?') ? '&' : '?'}limit=4${before ? `&before=${before}` : ''}`);
          expect(response.statusCode, response.body).toBe(200);
          const page = betListSchema.parse(response.json());
          const plain = await plainBetPage(app.db, row!, filter(viewer), { limit: 4, ...(before ? { before } : {}) }, now);
          // Expiry is worked out at each read; these bets never expire, so the two reads agree.
          expect(page, `${viewer.username} ${route} before ${before}`).toEqual(plain);
          compared += page.length;
          if (page.length < 4) break;
          before = page.at(-1)!.id;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it(`holds a page to at most ${MAX_PAGE_SIZE} bets, which the page ids walk no further than`, async () => {
    const seen = await seenBy(admin.id);
    const whole = betListSchema.parse((await admin.agent.get(`/api/bets?limit=${MAX_PAGE_SIZE}`)).json());
    expect(whole.map((b) => b.id)).toEqual(seen.slice(0, MAX_PAGE_SIZE));
    const tooMany = await admin.agent.get(`/api/bets?limit=${MAX_PAGE_SIZE + 1}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'invalid_input' });
    const [row] = await app.db.select().from(users).where(eq(users.id, admin.id));
    await expect(listBets(app.db, row!, { kind: 'visible' }, { limit: MAX_PAGE_SIZE + 1 })).rejects.toThrow(RangeError);
  });

  it('shows the detail of those bets and answers 404 for every other', async () => {
    for (const viewer of people) {
      const seen = new Set(await seenBy(viewer.id));
      for (const id of betIds) {
        expect((await viewer.agent.get(`/api/bets/${id}`)).statusCode, `${viewer.username} on bet ${id}`).toBe(seen.has(id) ? 200 : 404);
      }
    }
  });

  it('refuses a stake on a bet the staker may not see as if it did not exist', async () => {
    for (const viewer of people) {
      const seen = new Set(await seenBy(viewer.id));
      for (const id of betIds.filter((bet) => !seen.has(bet))) {
        const response = await viewer.agent.post(`/api/bets/${id}/participate`, { option: 0, amount: 1 });
        expect(response.json(), `${viewer.username} on bet ${id}`).toMatchObject({ code: 'bet_not_found' });
      }
    }
  });

  it('sends a bet live to the same people', async () => {
    for (const id of betIds) expect((await audienceOfBet(app, id)).sort((a, b) => a - b), `bet ${id}`).toEqual(await byTheRule(id));
  });
});
