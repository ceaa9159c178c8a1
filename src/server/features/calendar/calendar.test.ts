import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedSchema, calendarStatusSchema } from '../../../shared/schemas/calendar.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { calendarDocument, foldLine } from './ics.ts';

const PUBLIC_URL = 'https://betbro.example';

/** The feed's events as a calendar app reads them. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toJSDate().toISOString(), url: String(component.getFirstPropertyValue('url')) };
  });
}

describe(`calendar feeds on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let anon: HttpAgent;
  let counter = 0;
  const newUser = (prefix: string) => createUser(app, `${prefix}${(counter += 1)}`);

  beforeAll(async () => {
    app = await createTestApp({ publicUrl: PUBLIC_URL });
    anon = new HttpAgent(app, { 'user-agent': 'Calendar/1.0' });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function subscribe(user: TestUser): Promise<string> {
    const response = await user.agent.post('/api/calendar');
    expect(response.statusCode, response.body).toBe(201);
    const { url } = calendarFeedSchema.unwrap().strict().parse(response.json());
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    return url.slice(PUBLIC_URL.length);
  }
  async function fetchFeed(path: string) {
    const response = await anon.get(path);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    return eventsOf(response.body);
  }
  const uid = (betId: number) => `bet-${betId}@betbro.example`;
  /** An instant as iCalendar writes it: to the second. */
  const toSecond = (iso: string | null) => new Date(Math.floor(Date.parse(iso ?? '') / 1000) * 1000).toISOString();

  it('lists the deadlines of the bets the player created or staked on, and their jury duties, each with a stable UID', async () => {
    const ann = await newUser('Ann');
    const bob = await newUser('Bob');
    const stranger = await newUser('Stranger');
    await makeFriends(app, ann, bob);
    const own = await createBetAs(ann, { title: 'Rain on Saturday, yes or no?', expirationType: 'time', expirationValue: '48' });
    const noDeadline = await createBetAs(ann, { title: 'Settled by hand' });
    const bobs = await createBetAs(bob, { title: 'Derby, home or away', expirationType: 'time', expirationValue: '24' });
    const unstaked = await createBetAs(bob, { title: 'Bob asks, Ann does not bet', expirationType: 'time', expirationValue: '24' });
    const hidden = await createBetAs(stranger, { title: 'Not for Ann', expirationType: 'time', expirationValue: '24' });
    expect((await ann.agent.post(`/api/bets/${bobs.id}/participate`, { option: 1, amount: 5 })).statusCode).toBe(200);

    // A jury Ann sits on: Hal's bet, disputed by one of his friends who staked.
    const hal = await newUser('Hal');
    const jurors = [ann, await newUser('Jo'), await newUser('Kim')];
    const staker = await newUser('Sam');
    for (const friend of [...jurors, staker]) await makeFriends(app, hal, friend);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const juryBet = await createBetAs(hal, { title: 'Who scored first?', resolution: { mode: 'jury' } });
    expect((await staker.agent.post(`/api/bets/${juryBet.id}/participate`, { option: 1, amount: 5 })).statusCode).toBe(200);
    expect((await hal.agent.post(`/api/bets/${juryBet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    const disputed = await staker.agent.post(`/api/bets/${juryBet.id}/dispute`, { reason: 'It was the away side' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    const juryEndsAt = (disputed.json() as { resolution: { juryEndsAt: string } }).resolution.juryEndsAt;

    const path = await subscribe(ann);
    const events = await fetchFeed(path);
    expect(events).toEqual([
      { uid: uid(juryBet.id), summary: 'Jury vote closes: Who scored first?', start: toSecond(juryEndsAt), url: `${PUBLIC_URL}/bets/${juryBet.id}` },
      { uid: uid(bobs.id), summary: 'Bet closes: Derby, home or away', start: toSecond(bobs.expiresAt), url: `${PUBLIC_URL}/bets/${bobs.id}` },
      { uid: uid(own.id), summary: 'Bet closes: Rain on Saturday, yes or no?', start: toSecond(own.expiresAt), url: `${PUBLIC_URL}/bets/${own.id}` },
    ]);
    const uids = events.map((e) => e.uid);
    for (const absent of [noDeadline.id, unstaked.id, hidden.id]) expect(uids).not.toContain(uid(absent));
    // Fetched again, the same events under the same UIDs.
    expect(await fetchFeed(path)).toEqual(events);
    expect(calendarStatusSchema.parse((await ann.agent.get('/api/calendar')).json()).createdAt).not.toBeNull();
  });

  it('shows only bets the player may still see: none deleted', async () => {
    const ann = await newUser('Ann');
    const admin = await createUser(app, `Admin${(counter += 1)}`, { admin: true });
    const gone = await createBetAs(ann, { title: 'Soon deleted', expirationType: 'time', expirationValue: '24' });
    const path = await subscribe(ann);
    expect((await fetchFeed(path)).map((e) => e.uid)).toEqual([uid(gone.id)]);
    expect((await admin.agent.delete(`/api/admin/bets/${gone.id}`)).statusCode).toBe(200);
    expect(await fetchFeed(path)).toEqual([]);
  });

  it('retires the old address at each new one, and stops on DELETE: 404 for what no longer opens', async () => {
    const ann = await newUser('Ann');
    await createBetAs(ann, { title: 'Any bet', expirationType: 'time', expirationValue: '24' });
    const first = await subscribe(ann);
    const second = await subscribe(ann);
    const refused = await anon.get(first);
    expect(refused.statusCode).toBe(404);
    expect(errorBodySchema.parse(refused.json()).code).toBe('calendar_not_found');
    expect(await fetchFeed(second)).toHaveLength(1);

    expect((await ann.agent.delete('/api/calendar')).json()).toEqual({ ok: true });
    expect((await anon.get(second)).statusCode).toBe(404);
    expect(calendarStatusSchema.parse((await ann.agent.get('/api/calendar')).json())).toEqual({ createdAt: null });
    expect((await ann.agent.delete('/api/calendar')).statusCode).toBe(200);
  });

  it('asks a session to make or stop a feed, and refuses an address that is no feed', async () => {
    for (const [method, url] of [['POST', '/api/calendar'], ['GET', '/api/calendar'], ['DELETE', '/api/calendar']] as const) {
      expect((await anon.request(method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await anon.get('/api/calendar/not-a-real-token.ics')).statusCode).toBe(404);
    const malformed = await anon.get('/api/calendar/feed.txt');
    expect(malformed.statusCode).toBe(400);
    expect(errorBodySchema.parse(malformed.json()).code).toBe('invalid_input');
  });
});

describe('iCalendar text', () => {
  it('escapes a player’s words and folds long lines at 75 octets, as calendar apps read them back', () => {
    const title = 'Goals; fouls, and a \\ backslash\nover two lines — and a long, long question that goes on past any fold ünïcödé';
    const ics = calendarDocument([{ uid: 'bet-1@betbro.example', at: new Date('2026-12-01T18:30:00Z'), summary: title, description: 'x', url: 'https://betbro.example/bets/1' }], new Date());
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(eventsOf(ics)).toEqual([{ uid: 'bet-1@betbro.example', summary: title, start: '2026-12-01T18:30:00.000Z', url: 'https://betbro.example/bets/1' }]);
    expect(foldLine('é'.repeat(50)).split('\r\n ').every((part) => Buffer.byteLength(part) <= 75)).toBe(true);
  });
});
