import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betDetailSchema, betListSchema } from '../../../shared/schemas/bets.ts';
import {
  createdCrewInviteSchema,
  crewInvitePreviewSchema,
  crewMessagePageSchema,
  crewSchema,
  crewStandingsSchema,
  crewSummarySchema,
  pastSeasonsSchema,
  type Crew,
} from '../../../shared/schemas/crews.ts';
import { notificationPageSchema } from '../../../shared/schemas/notifications.ts';
import { rowsOf } from '../../db/client.ts';
import type { DomainEvent } from '../../plugins/domain-events.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';
import { finishCrewSeasons } from './service.ts';

// Crews (docs/product.md §6.7): a group's own space, its own seasons and money. Each test starts
// a crew of its own, so that the tests do not depend on one another's seasons.

describe(`crews on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let owner: TestUser;
  let mia: TestUser;
  let ned: TestUser;
  let outsider: TestUser; // the owner's friend, outside the crew
  let admin: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createUser(app, 'CrewOwner');
    mia = await createUser(app, 'CrewMia');
    ned = await createUser(app, 'CrewNed');
    outsider = await createUser(app, 'CrewOutsider');
    admin = await createUser(app, 'CrewAdmin', { admin: true });
    await makeFriends(app, owner, outsider);
    await makeFriends(app, mia, outsider);
  });
  afterAll(async () => {
    await app?.close();
  });

  const ledgerClean = async () => expect((await auditLedger(app.db)).violations).toEqual([]);
  const newCrew = async (name: string, body: Record<string, unknown> = {}): Promise<Crew> => {
    const response = await owner.agent.post('/api/crews', { name, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return crewSchema.parse(response.json());
  };
  const invite = async (crewId: number, by = owner) => {
    const response = await by.agent.post(`/api/crews/${crewId}/invites`);
    expect(response.statusCode, response.body).toBe(201);
    return createdCrewInviteSchema.parse(response.json());
  };
  const join = async (user: TestUser, token: string) => {
    const response = await user.agent.post(`/api/crews/join/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    return crewSchema.parse(response.json());
  };
  /** A crew of the owner, Mia and Ned, each at the starting balance. */
  const fullCrew = async (name: string, body: Record<string, unknown> = {}) => {
    const crew = await newCrew(name, body);
    const { token } = await invite(crew.id);
    await join(mia, token);
    await join(ned, token);
    return crew;
  };
  const crewOf = async (user: TestUser, crewId: number) => crewSchema.parse((await user.agent.get(`/api/crews/${crewId}`)).json());
  const crewBalance = async (user: TestUser, crewId: number) => (await crewOf(owner, crewId)).members.find((m) => m.id === user.id)?.balance;
  const stake = (user: TestUser, betId: number, option: number, amount: number) =>
    user.agent.post(`/api/bets/${betId}/participate`, { option, amount });
  const anonymousPreview = (token: string) => new HttpAgent(app).get(`/api/crews/join/${token}`);
  const standings = async (crewId: number) => crewStandingsSchema.parse((await owner.agent.get(`/api/crews/${crewId}/standings`)).json());

  it('creates a crew owned by its creator, with a first season and the starting balance', async () => {
    const crew = await newCrew('Friday poker', { startingBalance: '250.00', seasonDays: 7 });
    expect(crew).toMatchObject({ name: 'Friday poker', ownerId: owner.id, startingBalance: '250.00', seasonDays: 7, season: { number: 1 } });
    expect(crew.members).toEqual([{ id: owner.id, username: owner.username, balance: '250.00' }]);
    const length = Date.parse(crew.season.endsAt) - Date.parse(crew.season.startsAt);
    expect(length).toBe(7 * 24 * 60 * 60 * 1000);
    const mine = (await owner.agent.get('/api/crews')).json();
    expect(crewSummarySchema.array().parse(mine)[0]).toMatchObject({ id: crew.id, memberCount: 1, balance: '250.00' });
    // Defaults: 1000.00 and 30 days.
    const plain = await newCrew('Office');
    expect(plain).toMatchObject({ startingBalance: '1000.00', seasonDays: 30 });
    await ledgerClean();
  });

  it('refuses a bad crew with a 400 and creates nothing', async () => {
    const before = (await owner.agent.get('/api/crews')).json().length;
    for (const [body, message] of [
      [{ name: '' }, 'Crew name is required'],
      [{ name: 'x'.repeat(41) }, 'Crew name must be at most 40 characters'],
      [{ name: 'Ok', startingBalance: '12.345' }, 'Starting balance must be an amount like 1000.00'],
      [{ name: 'Ok', startingBalance: '5.00' }, 'Starting balance must be between 10.00 and 1000000.00'],
      [{ name: 'Ok', seasonDays: 0 }, 'Season length must be a whole number of days from 1 to 365'],
      [{ name: 'Ok', seasonDays: 2.5 }, 'Season length must be a whole number of days from 1 to 365'],
    ] as const) {
      const response = await owner.agent.post('/api/crews', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: message, code: 'invalid_input' });
    }
    expect((await owner.agent.get('/api/crews')).json().length).toBe(before);
  });

  it('lets anyone with the link preview the crew, and members join once, mid-season at the starting balance', async () => {
    const crew = await newCrew('Family');
    const { token, url, expiresAt } = await invite(crew.id);
    expect(url).toBe(`${app.config.publicUrl}/crews/join/${token}`);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(6 * 24 * 60 * 60 * 1000);
    const anonymous = new HttpAgent(app);
    const preview = await anonymous.get(`/api/crews/join/${token}`);
    expect(preview.statusCode).toBe(200);
    expect(crewInvitePreviewSchema.parse(preview.json())).toEqual({
      crew: { id: crew.id, name: 'Family', memberCount: 1 },
      inviter: { id: owner.id, username: owner.username },
    });
    expect((await anonymous.post(`/api/crews/join/${token}`)).statusCode).toBe(401);
    expect((await anonymous.get('/api/crews/join/not-a-token')).json()).toMatchObject({ code: 'invite_not_found' });

    const joined = await join(mia, token);
    expect(joined.members.map((m) => [m.username, m.balance])).toEqual([
      [owner.username, '1000.00'],
      [mia.username, '1000.00'],
    ]);
    // Again: the same crew, nothing changes.
    const again = await join(mia, token);
    expect(again.members).toHaveLength(2);
    await ledgerClean();
    // The inviter hears of it; the notification leads to the crew.
    const page = notificationPageSchema.parse((await owner.agent.get('/api/notifications')).json());
    expect(page.notifications[0]).toMatchObject({ type: 'crew_joined', crewId: crew.id, fromUserId: mia.id });
  });

  it('keeps a crew from everyone outside it: 404 for every read, and its bets unseen even by the creator\'s friends', async () => {
    const crew = await fullCrew('Secret club');
    const bet = await createBetAs(owner, { title: 'Secret crew bet', crewId: crew.id });
    expect(bet.crewId).toBe(crew.id);
    for (const path of [`/api/crews/${crew.id}`, `/api/crews/${crew.id}/standings`, `/api/crews/${crew.id}/seasons`, `/api/crews/${crew.id}/messages`]) {
      const response = await outsider.agent.get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ error: 'Crew not found', code: 'crew_not_found' });
    }
    expect((await outsider.agent.post(`/api/crews/${crew.id}/invites`)).statusCode).toBe(404);
    expect((await outsider.agent.post(`/api/crews/${crew.id}/messages`, { text: 'hi' })).statusCode).toBe(404);
    expect((await outsider.agent.post(`/api/crews/${crew.id}/seasons`)).statusCode).toBe(404);
    expect((await outsider.agent.delete(`/api/crews/${crew.id}/members/${mia.id}`)).statusCode).toBe(404);
    // The bet: 404, and in no list of the owner's friend.
    expect((await outsider.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(404);
    for (const path of ['/api/bets', '/api/bets/friends', `/api/bets/user/${owner.id}`, `/api/bets?crewId=${crew.id}`]) {
      const list = betListSchema.parse((await outsider.agent.get(path)).json());
      expect(list.map((b) => b.id), path).not.toContain(bet.id);
    }
    expect((await stake(outsider, bet.id, 0, 10)).statusCode).toBe(404);
    // Members see it in their feed and the crew's list; admins see everything.
    for (const path of ['/api/bets', `/api/bets?crewId=${crew.id}`]) {
      expect(betListSchema.parse((await mia.agent.get(path)).json()).map((b) => b.id), path).toContain(bet.id);
    }
    expect(betListSchema.parse((await mia.agent.get('/api/bets/friends')).json()).map((b) => b.id)).not.toContain(bet.id);
    expect((await admin.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(200);
    expect((await admin.agent.get(`/api/crews/${crew.id}`)).statusCode).toBe(200);
  });

  it('refuses a crew bet from a non-member, and one that would expire after the season', async () => {
    const crew = await fullCrew('Strict');
    const base = { title: 'T', description: 'D', options: ['A', 'B'] };
    const stranger = await outsider.agent.post('/api/bets', { ...base, crewId: crew.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'crew_not_found' });
    const late = await mia.agent.post('/api/bets', { ...base, crewId: crew.id, expirationType: 'time', expirationValue: '2000' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'expires_after_season' });
    const inTime = await mia.agent.post('/api/bets', { ...base, crewId: crew.id, expirationType: 'time', expirationValue: '24' });
    expect(inTime.statusCode).toBe(201);
    // A referee must be one of the crew: the owner's friend outside it is refused.
    const referee = await owner.agent.post('/api/bets', { ...base, crewId: crew.id, resolution: { mode: 'referee', refereeId: outsider.id } });
    expect(referee.statusCode).toBe(400);
    expect(referee.json()).toMatchObject({ error: "The referee must be one of the crew's members", code: 'invalid_referee' });
    const crewReferee = await owner.agent.post('/api/bets', { ...base, crewId: crew.id, resolution: { mode: 'referee', refereeId: ned.id } });
    expect(crewReferee.statusCode).toBe(201);
  });

  it('stakes from the crew balance only, pays back into it, and leaves the player figures alone', async () => {
    const crew = await fullCrew('Money', { startingBalance: '100.00' });
    const [miaOwn, nedOwn] = [await balanceOf(app, mia.id), await balanceOf(app, ned.id)];
    const figuresBefore = rowsOf<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from player_figures where user_id in (${mia.id}, ${ned.id})`),
    )[0]!.n;
    const bet = await createBetAs(owner, { title: 'Crew money', crewId: crew.id, options: ['Yes', 'No'] });
    const updates: DomainEvent[] = [];
    const unsubscribe = app.domainEvents.subscribe((event) => void (event.type === 'bet_updated' && updates.push(event)));
    expect((await stake(mia, bet.id, 0, 60)).statusCode).toBe(200);
    unsubscribe();
    // The live update names the crew: the members' screens read their crew balances again.
    expect(updates).toMatchObject([{ betId: bet.id, snapshot: { pools: { betId: bet.id, crewId: crew.id } } }]);
    const tooMuch = await stake(ned, bet.id, 1, 100.01);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'insufficient_balance' });
    expect((await stake(ned, bet.id, 1, 40)).statusCode).toBe(200);
    // An admin sees the bet but is not a member: no stake.
    const adminStake = await stake(admin, bet.id, 0, 10);
    expect(adminStake.statusCode).toBe(403);
    expect(adminStake.json()).toMatchObject({ code: 'not_member' });
    expect(await crewBalance(mia, crew.id)).toBe('40.00');
    expect(await crewBalance(ned, crew.id)).toBe('60.00');
    expect([await balanceOf(app, mia.id), await balanceOf(app, ned.id)]).toEqual([miaOwn, nedOwn]);
    await ledgerClean();

    const resolved = await owner.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await crewBalance(mia, crew.id)).toBe('140.00');
    expect(await crewBalance(ned, crew.id)).toBe('60.00');
    expect([await balanceOf(app, mia.id), await balanceOf(app, ned.id)]).toEqual([miaOwn, nedOwn]);
    const rows = (await standings(crew.id)).rows;
    // Ranked by balance plus stakes in play; the owner, without a bet this season, is unranked.
    expect(rows).toEqual([
      { rank: 1, user: { id: mia.id, username: mia.username }, balance: '140.00', inPlay: '0.00', profit: '40.00', bets: 1, wins: 1 },
      { rank: 2, user: { id: ned.id, username: ned.username }, balance: '60.00', inPlay: '0.00', profit: '-40.00', bets: 1, wins: 0 },
      { rank: null, user: { id: owner.id, username: owner.username }, balance: '100.00', inPlay: '0.00', profit: '0.00', bets: 0, wins: 0 },
    ]);
    const figuresAfter = rowsOf<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from player_figures where user_id in (${mia.id}, ${ned.id})`),
    )[0]!.n;
    expect(figuresAfter).toBe(figuresBefore);
    await ledgerClean();
  });

  it('ranks by balance plus the stakes in play, so staking never drops a member below those who never bet, who are unranked', async () => {
    const crew = await fullCrew('In play', { startingBalance: '500.00' });
    const bet = await createBetAs(owner, { title: 'In play bet', crewId: crew.id, options: ['Yes', 'No'] });
    expect((await stake(mia, bet.id, 0, 100)).statusCode).toBe(200);
    expect((await stake(ned, bet.id, 1, 40)).statusCode).toBe(200);
    const open = (await standings(crew.id)).rows;
    expect(open.map((r) => [r.user.username, r.rank, r.balance, r.inPlay, r.bets])).toEqual([
      [mia.username, 1, '400.00', '100.00', 1],
      [ned.username, 1, '460.00', '40.00', 1],
      [owner.username, null, '500.00', '0.00', 0],
    ]);
    expect((await owner.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 1 })).statusCode).toBe(200);
    const settled = (await standings(crew.id)).rows;
    expect(settled.map((r) => [r.user.username, r.rank, r.balance, r.inPlay])).toEqual([
      [ned.username, 1, '600.00', '0.00'],
      [mia.username, 2, '400.00', '0.00'],
      [owner.username, null, '500.00', '0.00'],
    ]);
  });

  it('keeps a removed member\'s stake in play, pays it into their season balance, and never grants twice in a season', async () => {
    const crew = await fullCrew('Removals', { startingBalance: '100.00' });
    const bet = await createBetAs(owner, { title: 'Removal bet', crewId: crew.id, options: ['Yes', 'No'] });
    expect((await stake(mia, bet.id, 0, 30)).statusCode).toBe(200);
    expect((await stake(ned, bet.id, 1, 30)).statusCode).toBe(200);
    // Only the owner removes; the owner cannot leave.
    expect((await ned.agent.delete(`/api/crews/${crew.id}/members/${mia.id}`)).json()).toMatchObject({ code: 'not_owner' });
    expect((await owner.agent.delete(`/api/crews/${crew.id}/members/${owner.id}`)).json()).toMatchObject({ code: 'owner_cannot_leave' });
    expect((await owner.agent.delete(`/api/crews/${crew.id}/members/${mia.id}`)).statusCode).toBe(204);
    expect((await owner.agent.delete(`/api/crews/${crew.id}/members/${mia.id}`)).json()).toMatchObject({ code: 'member_not_found' });
    expect((await mia.agent.get(`/api/crews/${crew.id}`)).statusCode).toBe(404);
    // Her stake stays: she still sees the bet she staked on.
    expect((await mia.agent.get(`/api/bets/${bet.id}`)).statusCode).toBe(200);
    expect((await owner.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    await ledgerClean();
    const paid = rowsOf<{ balance_cents: number }>(
      await app.db.execute(sql`select b.balance_cents from crew_balances b join crew_seasons s on s.id = b.season_id
        where s.crew_id = ${crew.id} and s.ended_at is null and b.user_id = ${mia.id}`),
    );
    expect(paid.map((r) => Number(r.balance_cents))).toEqual([13_000]);
    // Back in the same season: her balance as she left it, not a second grant.
    const { token } = await invite(crew.id);
    const back = await join(mia, token);
    expect(back.members.find((m) => m.id === mia.id)?.balance).toBe('130.00');
    // A member leaves by themself.
    expect((await ned.agent.delete(`/api/crews/${crew.id}/members/${ned.id}`)).statusCode).toBe(204);
    expect((await crewOf(owner, crew.id)).members.map((m) => m.id)).not.toContain(ned.id);
    await ledgerClean();
  });

  it('ends a season with open bets: refunds them, archives the standings with the winner, and resets balances', async () => {
    const crew = await fullCrew('Seasons', { startingBalance: '100.00' });
    const settled = await createBetAs(owner, { title: 'Settled in season 1', crewId: crew.id, options: ['Yes', 'No'] });
    expect((await stake(mia, settled.id, 0, 50)).statusCode).toBe(200);
    expect((await stake(ned, settled.id, 1, 50)).statusCode).toBe(200);
    expect((await owner.agent.post(`/api/bets/${settled.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    const open = await createBetAs(owner, { title: 'Open at the end', crewId: crew.id, options: ['Yes', 'No'] });
    expect((await stake(mia, open.id, 0, 20)).statusCode).toBe(200);
    expect((await stake(ned, open.id, 1, 10)).statusCode).toBe(200);

    expect((await mia.agent.post(`/api/crews/${crew.id}/seasons`)).json()).toMatchObject({ code: 'not_owner' });
    const next = await owner.agent.post(`/api/crews/${crew.id}/seasons`);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ number: 2 });
    const openNow = betDetailSchema.parse((await mia.agent.get(`/api/bets/${open.id}`)).json());
    expect(openNow.status).toBe('void');
    expect(openNow.userParticipation?.payout).toBe('20.00');

    const archive = pastSeasonsSchema.parse((await ned.agent.get(`/api/crews/${crew.id}/seasons`)).json());
    expect(archive).toHaveLength(1);
    expect(archive[0]).toMatchObject({ number: 1, winner: { id: mia.id, username: mia.username } });
    expect(archive[0]!.rows.map((r) => [r.user.username, r.rank, r.balance, r.profit, r.bets, r.wins])).toEqual([
      [mia.username, 1, '150.00', '50.00', 1, 1],
      [ned.username, 2, '50.00', '-50.00', 1, 0],
      [owner.username, null, '100.00', '0.00', 0, 0],
    ]);
    const now = await standings(crew.id);
    expect(now.season.number).toBe(2);
    expect(now.rows.map((r) => r.balance)).toEqual(['100.00', '100.00', '100.00']);
    // The old season's bets take no more stakes; the new season's bets do.
    expect((await stake(mia, open.id, 0, 5)).statusCode).toBe(409);
    await ledgerClean();
    // The members heard of it.
    const page = notificationPageSchema.parse((await ned.agent.get('/api/notifications')).json());
    expect(page.notifications.find((n) => n.type === 'crew_season_ended')).toMatchObject({ crewId: crew.id, title: 'Season 1 of "Seasons" ended' });
  });

  it('ends a season by the clock, once, even with two sweeps at once', async () => {
    const crew = await fullCrew('Clock', { startingBalance: '100.00' });
    const open = await createBetAs(mia, { title: 'Open when the clock runs out', crewId: crew.id, options: ['Yes', 'No'] });
    expect((await stake(ned, open.id, 1, 25)).statusCode).toBe(200);
    await app.db.execute(sql`update crew_seasons set ends_at = now() - interval '1 second' where crew_id = ${crew.id} and ended_at is null`);
    await Promise.all([finishCrewSeasons(app), finishCrewSeasons(app)]);
    const seasons = rowsOf<{ number: number; ended: boolean }>(
      await app.db.execute(sql`select number, ended_at is not null as ended from crew_seasons where crew_id = ${crew.id} order by number`),
    );
    expect(seasons).toEqual([
      { number: 1, ended: true },
      { number: 2, ended: false },
    ]);
    expect(betDetailSchema.parse((await ned.agent.get(`/api/bets/${open.id}`)).json()).status).toBe('void');
    // Nobody staked more than anyone else by the end: no winner.
    expect(pastSeasonsSchema.parse((await owner.agent.get(`/api/crews/${crew.id}/seasons`)).json())[0]!.winner).toBeNull();
    await ledgerClean();
  });

  it('stops a removed member\'s links, and lets nobody back in by them', async () => {
    const crew = await fullCrew('Links');
    const { token } = await invite(crew.id, ned);
    expect((await anonymousPreview(token)).statusCode).toBe(200);
    expect((await owner.agent.delete(`/api/crews/${crew.id}/members/${ned.id}`)).statusCode).toBe(204);
    expect((await anonymousPreview(token)).statusCode).toBe(404);
    const again = await ned.agent.post(`/api/crews/join/${token}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'invite_not_found' });
    expect((await crewOf(owner, crew.id)).members.map((m) => m.id)).not.toContain(ned.id);
  });

  it('takes a deactivated player out of every crew, and hands a crew they owned to its first member', async () => {
    const leaver = await createUser(app, 'CrewLeaver');
    const crew = crewSchema.parse((await leaver.agent.post('/api/crews', { name: 'Handover' })).json());
    const { token } = createdCrewInviteSchema.parse((await leaver.agent.post(`/api/crews/${crew.id}/invites`)).json());
    await join(mia, token);
    await join(ned, token);
    const bet = await createBetAs(mia, { title: 'Stays in play', crewId: crew.id });
    expect((await stake(leaver, bet.id, 0, 10)).statusCode).toBe(200);
    expect((await admin.agent.delete(`/api/admin/users/${leaver.id}`)).statusCode).toBe(200);
    const after = await crewOf(mia, crew.id);
    expect(after.ownerId).toBe(mia.id);
    expect(after.members.map((m) => m.id)).toEqual([mia.id, ned.id]);
    // Their link no longer works; their stake settles as any other.
    expect((await anonymousPreview(token)).statusCode).toBe(404);
    expect((await mia.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    expect((await mia.agent.post(`/api/crews/${crew.id}/seasons`)).statusCode).toBe(201);
    await ledgerClean();
  });

  it('lets stakes, a new bet and a season\'s end race: each lands before the end or after it, none lost', async () => {
    const crew = await fullCrew('Race', { startingBalance: '100.00' });
    for (let round = 0; round < 3; round += 1) {
      const bets = [await createBetAs(owner, { title: `Race ${round} a`, crewId: crew.id }), await createBetAs(owner, { title: `Race ${round} b`, crewId: crew.id })];
      const [end, ...rest] = await Promise.all([
        owner.agent.post(`/api/crews/${crew.id}/seasons`),
        stake(mia, bets[0]!.id, 0, 5),
        stake(mia, bets[1]!.id, 1, 5),
        stake(ned, bets[1]!.id, 0, 5),
        stake(ned, bets[0]!.id, 1, 5),
        mia.agent.post('/api/bets', { title: `Made in the race ${round}`, description: 'D', options: ['A', 'B'], crewId: crew.id }),
      ]);
      expect(end!.statusCode, end!.body).toBe(201);
      for (const response of rest.slice(0, 4)) expect([200, 409], response.body).toContain(response.statusCode);
      // The new bet is made, in the season that ended or in the next.
      expect(rest[4]!.statusCode, rest[4]!.body).toBe(201);
      await ledgerClean();
    }
    const open = rowsOf<{ n: number }>(
      await app.db.execute(sql`select count(*)::int as n from bets b join crew_seasons s on s.id = b.season_id
        where s.crew_id = ${crew.id} and s.ended_at is not null and b.status not in ('resolved', 'void')`),
    );
    expect(open[0]!.n).toBe(0);
  });

  it('keeps a chat for the members', async () => {
    const crew = await fullCrew('Chatty');
    const sent = await mia.agent.post(`/api/crews/${crew.id}/messages`, { text: 'Who is in tonight?' });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await mia.agent.post(`/api/crews/${crew.id}/messages`, { text: '   ' })).statusCode).toBe(400);
    const page = crewMessagePageSchema.parse((await ned.agent.get(`/api/crews/${crew.id}/messages`)).json());
    expect(page.messages.map((m) => [m.senderUsername, m.text])).toEqual([[mia.username, 'Who is in tonight?']]);
  });
});
