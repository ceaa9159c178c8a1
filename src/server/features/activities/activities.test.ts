import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPageSchema, type Activity } from '../../../shared/schemas/activities.ts';
import { rowsOf } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createBetAs, createUser, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { recordActivity } from './service.ts';

/**
 * The activity feed: every line that names a bet reaches only who may see that bet now
 * (docs/decisions/018-one-rule-for-who-sees-a-bet.md), and each line reads right to its reader.
 */
describe(`activity feed on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let carol: TestUser; // creates the bets
  let bob: TestUser; // Carol's friend, stakes on her bets
  let alice: TestUser; // Bob's friend, a stranger to Carol
  let dave: TestUser; // Carol's friend, stakes against Bob
  let frank: TestUser; // gets a friend request from Alice
  let ada: TestUser; // an admin
  const bets = { fired: 0, deleted: 0, rain: 0, own: 0, renamed: 0 };

  const feedOf = async (user: TestUser, query = 'limit=100') => {
    const response = await user.agent.get(`/api/activities?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return activityPageSchema.parse(response.json());
  };
  const linesOf = async (user: TestUser) => (await feedOf(user)).activities.map((a) => a.description);
  const befriend = async (asker: TestUser, addressee: TestUser) => {
    expect((await asker.agent.post('/api/friends', { addresseeId: addressee.id })).statusCode).toBe(201);
    expect((await addressee.agent.put(`/api/friends/${asker.id}/accept`)).statusCode).toBe(200);
  };
  const stake = async (user: TestUser, betId: number, option: number, amount: number) => {
    const response = await user.agent.post(`/api/bets/${betId}/participate`, { option, amount });
    expect(response.statusCode, response.body).toBe(200);
  };
  const resolve = async (betId: number, winningOption: number) => {
    const response = await carol.agent.post(`/api/bets/${betId}/resolve`, { winningOption });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    app = await createTestApp();
    carol = await createUser(app, 'Carol');
    bob = await createUser(app, 'Bob');
    alice = await createUser(app, 'Alice');
    dave = await createUser(app, 'Dave');
    frank = await createUser(app, 'Frank');
    ada = await createUser(app, 'Ada', { admin: true });
    await befriend(bob, carol);
    await befriend(alice, bob);
    await befriend(dave, carol);
    expect((await alice.agent.post('/api/friends', { addresseeId: frank.id })).statusCode).toBe(201);

    bets.own = (await createBetAs(bob, { title: 'Bob asks the office', options: ['Pizza', 'Sushi'] })).id;
    bets.renamed = (await createBetAs(carol, { title: 'A first draft' })).id;
    expect((await carol.agent.put(`/api/bets/${bets.renamed}`, { title: 'The final words', description: 'Edited' })).statusCode).toBe(200);

    // Carol's bets, which Alice may never see, with every kind of line Bob's stakes leave.
    bets.fired = (await createBetAs(carol, { title: 'Will Dana be fired?', options: ['Fired', 'Stays'] })).id;
    await stake(bob, bets.fired, 0, 3);
    await stake(dave, bets.fired, 1, 5);
    await resolve(bets.fired, 0);
    bets.rain = (await createBetAs(carol, { title: 'Rain on Sunday?', options: ['Rain', 'Sun'] })).id;
    await stake(bob, bets.rain, 1, 4);
    // Nobody backed the winner: every stake comes back.
    await resolve(bets.rain, 0);
    bets.deleted = (await createBetAs(carol, { title: 'Lunch before noon?', options: ['Early', 'Late'] })).id;
    await stake(bob, bets.deleted, 0, 2);
    expect((await ada.agent.delete(`/api/admin/bets/${bets.deleted}`)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("never shows a friend of a staker the lines of a bet they cannot see, nor its title, options or amounts", async () => {
    const feed = await feedOf(alice);
    const carolsBets = [bets.fired, bets.rain, bets.deleted];
    expect(feed.activities.filter((a) => a.betId !== null && carolsBets.includes(a.betId))).toEqual([]);
    const text = JSON.stringify(feed);
    for (const secret of ['Will Dana be fired?', 'Fired', 'Rain on Sunday?', 'Lunch before noon?', '$3.00', '$8.00', '$4.00']) {
      expect(text).not.toContain(secret);
    }
    // Bob's lines about what Alice may see still reach her.
    expect(feed.activities.map((a) => [a.username, a.betId, a.description])).toContainEqual([
      'Bob',
      bets.own,
      'Bob created the bet "Bob asks the office"',
    ]);
  });

  it('fills each page with lines the reader may see, however many others lie between them', async () => {
    // Bob's newest lines are all about Carol's bets; Alice's first page still holds one line.
    const first = await feedOf(alice, 'limit=1');
    expect(first.activities.map((a) => a.description)).toEqual(['Bob created the bet "Bob asks the office"']);
    expect(first.nextBefore).toBe(first.activities[0]!.id);
    const rest = await feedOf(alice, `limit=100&before=${first.nextBefore}`);
    expect(rest.activities.length).toBeGreaterThan(0);
    expect(rest.activities.every((a) => a.id < first.activities[0]!.id && a.betId === null)).toBe(true);
  });

  it("drops every line of a deleted bet, for its staker, its creator and the admins", async () => {
    for (const reader of [bob, carol, ada]) {
      const feed = await feedOf(reader);
      expect(feed.activities.filter((a) => a.betId === bets.deleted)).toEqual([]);
      expect(JSON.stringify(feed)).not.toContain('Lunch before noon?');
    }
  });

  it("words the reader's own lines with You, and everyone else's in the third person", async () => {
    const bobs = await linesOf(bob);
    expect(bobs).toEqual(
      expect.arrayContaining([
        'You created the bet "Bob asks the office"',
        'You placed $3.00 on "Fired" in "Will Dana be fired?"',
        'You won $8.00 — $5.00 profit on "Will Dana be fired?" ("Fired")',
        'You placed $4.00 on "Sun" in "Rain on Sunday?"',
        'You got $4.00 back on "Rain on Sunday?"',
        'Carol\'s bet "Will Dana be fired?" was resolved: "Fired" won',
        'Carol created the bet "Will Dana be fired?"',
        'You sent a friend request to Carol',
        'You and Carol are now friends',
        'You and Alice are now friends',
        'Alice sent you a friend request',
      ]),
    );
    const carols = await linesOf(carol);
    expect(carols).toEqual(
      expect.arrayContaining([
        'You created the bet "Will Dana be fired?"',
        'Bob placed $3.00 on "Fired" in "Will Dana be fired?"',
        'Dave placed $5.00 on "Stays" in "Will Dana be fired?"',
        'Bob won $8.00 — $5.00 profit on "Will Dana be fired?" ("Fired")',
        'Dave lost $5.00 on "Will Dana be fired?"',
        'Bob got $4.00 back on "Rain on Sunday?"',
        'Your bet "Will Dana be fired?" was resolved: "Fired" won',
        'Bob sent you a friend request',
        'You and Bob are now friends',
        'You and Dave are now friends',
      ]),
    );
    const alices = await linesOf(alice);
    expect(alices).toEqual(
      expect.arrayContaining([
        'You sent a friend request to Frank',
        'Bob sent a friend request to Carol',
        'Bob and Carol are now friends',
        'You sent a friend request to Bob',
        'You and Bob are now friends',
      ]),
    );
    // Nothing reads as if it were the reader's own when it is not.
    expect(alices.filter((line) => /^Your? /.test(line))).toEqual([
      'You sent a friend request to Frank',
      'You and Bob are now friends',
      'You sent a friend request to Bob',
    ]);
  });

  it('tells a friendship once to whoever sees both friends', async () => {
    const count = (lines: string[], line: string) => lines.filter((l) => l === line).length;
    expect(count(await linesOf(bob), 'You and Carol are now friends')).toBe(1);
    expect(count(await linesOf(carol), 'You and Bob are now friends')).toBe(1);
    expect(count(await linesOf(alice), 'You and Bob are now friends')).toBe(1);
    expect(count(await linesOf(bob), 'You and Alice are now friends')).toBe(1);
  });

  it('ends a page short after many lines the reader may not see, and goes on from there without losing one', async () => {
    // Eleven more of Bob's lines Alice may not see, newer than any she may.
    for (let i = 0; i < 11; i += 1) {
      const betId = (await createBetAs(carol, { title: `Carol's quiet bet ${i}` })).id;
      await stake(bob, betId, 0, 1);
    }
    const first = await feedOf(alice, 'limit=1');
    expect(first.activities).toEqual([]);
    expect(first.nextBefore).not.toBeNull();
    const walked: number[] = [];
    let before = first.nextBefore;
    while (before !== null) {
      const page = await feedOf(alice, `limit=1&before=${before}`);
      walked.push(...page.activities.map((a) => a.id));
      before = page.nextBefore;
    }
    expect(walked).toEqual((await feedOf(alice)).activities.map((a) => a.id));
    expect(JSON.stringify(await feedOf(alice))).not.toContain("Carol's quiet bet");
  });

  it('names a bet as it reads now, after its creator edited it', async () => {
    const carols = (await feedOf(carol)).activities.filter((a: Activity) => a.betId === bets.renamed);
    expect(carols.map((a) => a.description)).toEqual(['You created the bet "The final words"']);
  });

  it('writes any number of lines in one statement, past the 65,535 parameters a statement may carry', async () => {
    // A settlement writes a line per stake; a bet of 11,000 stakes once broke the settlement.
    const many = await createUser(app, 'Many');
    const betId = (await createBetAs(many, { title: 'A crowded bet' })).id;
    const lines = Array.from({ length: 11_000 }, () => ({ type: 'bet_lost', userId: many.id, betId, amountCents: 100 }) as const);
    await inTransaction(app.db, (tx) => recordActivity(tx, lines));
    const [row] = rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from activities where user_id = ${many.id} and type = 'bet_lost'`));
    expect(row?.n).toBe(11_000);
    expect((await feedOf(many, 'limit=1')).activities[0]?.description).toBe('You lost $1.00 on "A crowded bet"');
  });

  it('walks a circle wider than one read looks at, page by page, without losing or repeating a line', async () => {
    // Six friends, each with lines Gus may see (bets of their own) and lines he may not (stakes on
    // bets of a stranger), written in rounds so that the friends' lines interleave: a read looks at
    // fewer lines than its friends' newest, and finds none Gus may see among them.
    const gus = await createUser(app, 'Gus');
    const stranger = await createUser(app, 'Stranger');
    const friends: TestUser[] = [];
    for (let i = 0; i < 6; i += 1) {
      const friend = await createUser(app, `Gusfriend${i}`);
      await befriend(friend, gus);
      await befriend(friend, stranger);
      friends.push(friend);
    }
    for (const [round, kind] of ['hidden', 'open', 'hidden', 'hidden', 'open'].entries()) {
      for (const [i, friend] of friends.entries()) {
        if (kind === 'open') await createBetAs(friend, { title: `Open ${round}.${i}` });
        else await stake(friend, (await createBetAs(stranger, { title: `Hidden ${round}.${i}` })).id, 0, 1);
      }
    }
    const whole = (await feedOf(gus)).activities.map((a) => a.description);
    expect(whole.filter((line) => line.includes('created the bet "Open'))).toHaveLength(12);
    expect(whole.join('\n')).not.toContain('Hidden');
    for (const limit of [1, 2, 3, 4]) {
      const walked: string[] = [];
      let before: number | null | undefined;
      do {
        const page = await feedOf(gus, `limit=${limit}${before ? `&before=${before}` : ''}`);
        walked.push(...page.activities.map((a) => a.description));
        before = page.nextBefore;
      } while (before !== null);
      expect(walked, `pages of ${limit}`).toEqual(whole);
    }
  });
});
