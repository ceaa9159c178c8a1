import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockTimeIn } from '../../../shared/quiet-hours.ts';
import { preferencesSchema } from '../../../shared/schemas/notifications.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { drainMail, startMailServer, type TestMailServer } from '../../test/mail.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { notifications, notify } from '../notifications/service.ts';
import { users } from '../users/service.ts';
import { DIGEST_HOUR } from './notification-mail.ts';
import { mailDigests, mailOutbox, mailQueuedNotifications, notificationMails, sendDailyDigests } from './service.ts';

const HOUR = 60 * 60 * 1000;

/** The first moment at or after `from` (on the quarter hour) whose clock in `timeZone` shows `hour`. */
function nextLocalHour(timeZone: string, hour: number, from: Date): Date {
  const start = new Date(Math.ceil(from.getTime() / (15 * 60 * 1000)) * 15 * 60 * 1000);
  for (let t = start.getTime(); t < start.getTime() + 48 * HOUR; t += 15 * 60 * 1000) {
    if (Number(clockTimeIn(timeZone, new Date(t)).slice(0, 2)) === hour) return new Date(t);
  }
  throw new Error('no such hour');
}

const to = (mail: ParsedMail, address: string) => JSON.stringify(mail.to).includes(address);
/** A header as it was sent (unfolded), not as the parser reads it. */
const headerOf = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line ?? '';
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim();
};
/** The URL inside a List-Unsubscribe header, `<https://...>`. */
const unsubscribeUrlOf = (mail: ParsedMail) => /<([^>]+)>/.exec(headerOf(mail, 'list-unsubscribe'))?.[1] ?? '';
const pathOf = (url: string) => url.replace('http://localhost:3000', '');

describe(`notifications by mail on ${testDbKind}`, () => {
  let smtp: TestMailServer;
  let app: FastifyInstance;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await createTestApp({ mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [50], pollIntervalMs: 50 } });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    await makeFriends(app, ann, bob);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const prefs = async (user: TestUser, body: unknown) => {
    const response = await user.agent.put('/api/users/preferences', body);
    expect(response.statusCode, response.body).toBe(200);
    return preferencesSchema.parse(response.json());
  };
  const stakeOn = async (user: TestUser, betId: number) =>
    expect((await user.agent.post(`/api/bets/${betId}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
  const mailsTo = async (address: string) => (await app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address))).length;

  it('mails nothing by default, and says so in the preferences', async () => {
    const cal = await createUser(app, 'Cal');
    const body = preferencesSchema.parse((await cal.agent.get('/api/users/preferences')).json());
    expect(Object.values(body.email).every((mode) => mode === 'off')).toBe(true);
    expect(body.quietHours).toBeNull();
    expect(body.timeZone).toBeNull();
    await makeFriends(app, cal, bob);
    const bet = await createBetAs(cal);
    await stakeOn(bob, bet.id);
    expect(await mailQueuedNotifications(app)).toBe(0);
    expect(await mailsTo('cal@betbro.test')).toBe(0);
  });

  it('refuses unknown modes, times and time zones with 400 and changes nothing', async () => {
    for (const body of [
      { email: { bet_staked: 'weekly' } },
      { email: { no_such_type: 'instant' } },
      { quietHours: { from: '25:00', to: '08:00' } },
      { quietHours: { from: '22:00' } },
      { timeZone: 'Mars/Olympus_Mons' },
      { timeZone: 'x'.repeat(200) },
    ]) {
      const response = await ann.agent.put('/api/users/preferences', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
    const body = preferencesSchema.parse((await ann.agent.get('/api/users/preferences')).json());
    expect(body.email.bet_staked).toBe('off');
    expect(body.timeZone).toBeNull();
  });

  it('keeps every one of several changes sent at once', async () => {
    const kit = await createUser(app, 'Kit');
    const changes = [
      { email: { bet_staked: 'instant' } },
      { email: { friend_request: 'daily' } },
      { timeZone: 'Europe/Paris' },
      { quietHours: { from: '23:00', to: '07:00' } },
      { theme: 'dark' },
      { notifications: { message: false } },
    ];
    const answers = await Promise.all(changes.map((body) => kit.agent.put('/api/users/preferences', body)));
    expect(answers.map((a) => a.statusCode)).toEqual(changes.map(() => 200));
    const body = preferencesSchema.parse((await kit.agent.get('/api/users/preferences')).json());
    expect(body).toMatchObject({
      email: { bet_staked: 'instant', friend_request: 'daily', message: 'off' },
      timeZone: 'Europe/Paris',
      quietHours: { from: '23:00', to: '07:00' },
      theme: 'dark',
      notifications: { message: false, bet_staked: true },
    });
  });

  it('mails an instant notification once, in the app look, with a one-click unsubscribe that works', async () => {
    await prefs(ann, { email: { bet_staked: 'instant' } });
    const bet = await createBetAs(ann, { title: 'Mailed bet' });
    await stakeOn(bob, bet.id);
    // Two senders at once: each notification is mailed by one of them.
    const written = await Promise.all([mailQueuedNotifications(app), mailQueuedNotifications(app)]);
    expect(written[0] + written[1]).toBe(1);
    expect(await mailQueuedNotifications(app)).toBe(0);
    await drainMail(app);
    const mail = await smtp.waitFor((m) => to(m, 'ann@betbro.test') && m.subject === 'New stake on your bet');
    expect(mail.text).toContain('Hi Ann,');
    expect(mail.text).toContain('Bob');
    expect(mail.text).toContain(`Open Betbro: http://localhost:3000/bets/${bet.id}`);
    expect(mail.html).toContain(`href="http://localhost:3000/bets/${bet.id}"`);
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = unsubscribeUrlOf(mail);
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/mail\/unsubscribe\?/);
    expect(mail.text).toContain(`Unsubscribe: ${url}`);

    // Opened in a browser, the link asks first and changes nothing.
    const page = await app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Someone stakes on your bet');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(preferencesSchema.parse((await ann.agent.get('/api/users/preferences')).json()).email.bet_staked).toBe('instant');

    // The mail client's one-click POST (RFC 8058): no session, no cookie.
    const oneClick = await app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const after = preferencesSchema.parse((await ann.agent.get('/api/users/preferences')).json());
    expect(after.email.bet_staked).toBe('off');
    expect(after.notifications.bet_staked).toBe(true);

    const carl = await createUser(app, 'Carl');
    await makeFriends(app, ann, carl);
    await stakeOn(carl, bet.id);
    expect(await mailQueuedNotifications(app)).toBe(0);
    expect(await app.db.select().from(notificationMails)).toEqual([]);
  });

  it("words a mail as it is sent: a deadline on the player's clock, a win as its return and its profit", async () => {
    const hana = await createUser(app, 'Hana');
    await makeFriends(app, ann, hana);
    await prefs(hana, { email: { bet_disputed: 'instant', bet_settled: 'instant' }, timeZone: 'America/New_York' });
    await notify(app.db, { userId: hana.id, type: 'bet_disputed', params: { by: 'Bob', option: 'Yes', bet: 'Derby', until: '2026-11-28T23:07:00.000Z' } });
    const bet = await createBetAs(ann, { title: 'Mailed win' });
    expect((await hana.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 5 })).statusCode).toBe(200);
    expect((await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 10 })).statusCode).toBe(200);
    expect((await ann.agent.post(`/api/bets/${bet.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
    expect(await mailQueuedNotifications(app)).toBe(2);
    await drainMail(app);
    // 23:07 UTC is 18:07 in New York, where Hana's clock is.
    const jury = await smtp.waitFor((m) => to(m, 'hana@betbro.test') && m.subject === 'You are on the jury');
    expect(jury.text).toContain('Bob disputes "Yes" in "Derby". Vote until Nov 28, 06:07 PM.');
    const won = await smtp.waitFor((m) => to(m, 'hana@betbro.test') && m.subject?.startsWith('You won') === true);
    expect(won.subject).toBe('You won $15.00 — $10.00 profit');
  });

  it('refuses a forged or damaged unsubscribe link with 400 and changes nothing', async () => {
    await prefs(bob, { email: { friend_request: 'instant' } });
    const forged = `/api/mail/unsubscribe?u=${bob.id}&topic=friend_request&sig=${'A'.repeat(43)}`;
    for (const url of [forged, `/api/mail/unsubscribe?u=${bob.id}&topic=nothing&sig=x`, '/api/mail/unsubscribe?u=abc&topic=digest&sig=x']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.any(String), error: expect.any(String) });
    }
    expect((await app.inject({ method: 'POST', url: forged, payload: {} })).json()).toMatchObject({ code: 'invalid_token' });
    const page = await app.inject({ method: 'GET', url: forged });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This link is invalid or has expired');
    expect(page.body).not.toContain('<form');
    expect(preferencesSchema.parse((await bob.agent.get('/api/users/preferences')).json()).email.friend_request).toBe('instant');
  });

  it('mails only a verified email of a player still here', async () => {
    const dee = await createUser(app, 'Dee');
    await prefs(dee, { email: { friend_request: 'instant' } });
    await app.db.update(users).set({ emailVerified: false }).where(eq(users.id, dee.id));
    const eli = await createUser(app, 'Eli');
    expect((await eli.agent.post('/api/friends', { addresseeId: dee.id })).statusCode).toBe(201);
    expect(await mailQueuedNotifications(app)).toBe(0);
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, dee.id));
    const fio = await createUser(app, 'Fio');
    expect((await fio.agent.post('/api/friends', { addresseeId: dee.id })).statusCode).toBe(201);
    expect(await mailQueuedNotifications(app)).toBe(1);
  });

  describe('the daily digest', () => {
    const zone = 'America/New_York';
    let gil: TestUser;
    const digestsOf = (userId: number) => app.db.select().from(mailDigests).where(eq(mailDigests.userId, userId));

    beforeAll(async () => {
      gil = await createUser(app, 'Gil');
      await prefs(gil, { email: { friend_request: 'daily', bet_staked: 'daily', message: 'instant' }, timeZone: zone });
      for (const name of ['Hana', 'Ivo']) {
        const friend = await createUser(app, name);
        expect((await friend.agent.post('/api/friends', { addresseeId: gil.id })).statusCode).toBe(201);
      }
    });

    it("waits for its hour on the player's clock, then goes out once a day, listing what is unread", async () => {
      const early = nextLocalHour(zone, DIGEST_HOUR - 1, new Date());
      expect(await sendDailyDigests(app, early)).toBe(0);
      const due = nextLocalHour(zone, DIGEST_HOUR, new Date());
      // Three sweeps at once, as on three instances: one digest.
      const sent = await Promise.all([sendDailyDigests(app, due), sendDailyDigests(app, due), sendDailyDigests(app, due)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await sendDailyDigests(app, new Date(due.getTime() + 3 * HOUR))).toBe(0);
      expect(await digestsOf(gil.id)).toEqual([expect.objectContaining({ mailed: true })]);
      await drainMail(app);
      const mail = await smtp.waitFor((m) => to(m, 'gil@betbro.test') && (m.subject ?? '').startsWith('Your Betbro day'));
      expect(mail.subject).toBe('Your Betbro day: 2 unread notifications');
      expect(mail.text).toContain('New friend request: Hana wants to be your friend');
      expect(mail.text).toContain('New friend request: Ivo wants to be your friend');
      expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribeUrlOf(mail)).toContain('topic=digest');
    });

    it('sends nothing the next day when nothing new is unread, and lists only what came since', async () => {
      const due = nextLocalHour(zone, DIGEST_HOUR, new Date());
      const nextDay = new Date(due.getTime() + 24 * HOUR);
      expect(await sendDailyDigests(app, nextDay)).toBe(0);
      expect((await digestsOf(gil.id)).map((d) => d.mailed).sort()).toEqual([false, true]);

      // A new request that arrives after that day's digest was considered goes in the day after.
      const jo = await createUser(app, 'Jo');
      expect((await jo.agent.post('/api/friends', { addresseeId: gil.id })).statusCode).toBe(201);
      const dayAfter = new Date(nextDay.getTime() + 24 * HOUR);
      await app.db
        .update(notifications)
        .set({ createdAt: new Date(dayAfter.getTime() - HOUR) })
        .where(eq(notifications.userId, gil.id));
      // Only Jo's is unread now.
      const all = await app.db.select().from(notifications).where(eq(notifications.userId, gil.id));
      await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(inArray(notifications.id, all.filter((n) => n.fromUserId !== jo.id).map((n) => n.id)));
      expect(await sendDailyDigests(app, dayAfter)).toBe(1);
      await drainMail(app);
      const mail = await smtp.waitFor((m) => to(m, 'gil@betbro.test') && m.subject === 'Your Betbro day: 1 unread notification');
      expect(mail.text).toContain('Jo wants to be your friend');
      expect(mail.text).not.toContain('Hana');

      // A notice whose transaction began before that digest and committed after it (so it is
      // stamped before it) comes in the next one; what that digest listed does not come again.
      const kai = await createUser(app, 'Kai');
      expect((await kai.agent.post('/api/friends', { addresseeId: gil.id })).statusCode).toBe(201);
      await app.db
        .update(notifications)
        .set({ createdAt: new Date(dayAfter.getTime() - 5 * 60 * 1000) })
        .where(and(eq(notifications.userId, gil.id), isNull(notifications.readAt), eq(notifications.fromUserId, kai.id)));
      expect(await sendDailyDigests(app, new Date(dayAfter.getTime() + 24 * HOUR))).toBe(1);
      await drainMail(app);
      const late = await smtp.waitFor((m) => to(m, 'gil@betbro.test') && (m.text ?? '').includes('Kai wants to be your friend'));
      expect(late.subject).toBe('Your Betbro day: 1 unread notification');
      expect(late.text).not.toContain('Jo wants');
    });

    it('turns every daily type off with its one-click unsubscribe, and leaves instant mail on', async () => {
      const mail = await smtp.waitFor((m) => to(m, 'gil@betbro.test') && (m.subject ?? '').startsWith('Your Betbro day'));
      const response = await app.inject({
        method: 'POST',
        url: pathOf(unsubscribeUrlOf(mail)),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { email } = preferencesSchema.parse((await gil.agent.get('/api/users/preferences')).json());
      expect(email).toMatchObject({ friend_request: 'off', bet_staked: 'off', message: 'instant' });
    });
  });
});
