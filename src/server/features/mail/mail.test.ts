import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drainMail, startMailServer, type TestMailServer } from '../../test/mail.ts';
import { signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { composeMail, deliverAllDue, greetingName, mailOutbox, queueMail, wakeMailDelivery } from './service.ts';

const letter = (to: string, name: string | null = 'Ann') =>
  composeMail({
    to,
    locale: 'en',
    name,
    subject: 'A word from Betbro',
    lines: ['Something happened.'],
    action: { label: 'Have a look', url: 'http://localhost:3000/somewhere?token=abc' },
    after: ['That is all.'],
  });

const rowsTo = (app: FastifyInstance, to: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
/** Long enough that a test's next step surely comes before the retry is due. */
const RETRY_MS = 300;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`mail through SMTP on ${testDbKind}`, () => {
  let smtp: TestMailServer;
  let app: FastifyInstance;

  beforeAll(async () => {
    smtp = await startMailServer();
    app = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [RETRY_MS, RETRY_MS, RETRY_MS], pollIntervalMs: 50 },
    });
  });
  afterEach(() => {
    smtp.refusing = false;
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends a queued mail with a text and an HTML part, from MAIL_FROM, logging in with the credentials of SMTP_URL', async () => {
    await queueMail(app.db, letter('ann@betbro.test'));
    expect(await drainMail(app)).toBe(1);
    const mail = await smtp.waitFor((m) => m.to !== undefined && JSON.stringify(m.to).includes('ann@betbro.test'));
    expect(mail.from?.value).toEqual([{ address: 'no-reply@betbro.test', name: 'Betbro' }]);
    expect(mail.subject).toBe('A word from Betbro');
    expect(mail.text).toContain('Hi Ann,');
    expect(mail.text).toContain('Have a look: http://localhost:3000/somewhere?token=abc');
    expect(mail.html).toContain('Hi Ann,');
    expect(mail.html).toContain('href="http://localhost:3000/somewhere?token=abc"');
    expect(mail.html).not.toMatch(/<script|<link|<style/i);
    const [row] = await rowsTo(app, 'ann@betbro.test');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it("writes a player's name into the HTML as text, never as markup", async () => {
    await queueMail(app.db, letter('markup@betbro.test', '<b>Eve</b> & co'));
    await drainMail(app);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('markup@betbro.test'));
    expect(mail.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt; &amp; co,');
    expect(mail.text).toContain('Hi <b>Eve</b> & co,');
  });

  it('greets a player by their username, and names nobody before they chose one', async () => {
    expect(greetingName({ username: 'Ann' })).toBe('Ann');
    // A new account has no player yet, and a player's generated name is no name to greet.
    expect(greetingName(undefined)).toBeNull();
    expect(greetingName({ username: 'user_4f9a2c' })).toBeNull();
    await queueMail(app.db, letter('nameless@betbro.test', greetingName({ username: 'user_4f9a2c' })));
    await drainMail(app);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('nameless@betbro.test'));
    expect(mail.text?.split('\n')[0]).toBe('Hi there,');
    expect(mail.html).toContain('Hi there,');
    expect(mail.text).not.toMatch(/nameless,|user_4f9a2c/);
  });

  it('tries again with backoff while the mail server refuses, then delivers once', async () => {
    smtp.refusing = true;
    await queueMail(app.db, letter('patient@betbro.test'));
    expect(await drainMail(app)).toBe(0);
    let [row] = await rowsTo(app, 'patient@betbro.test');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/Mailbox busy/);
    // Not due again before its first delay has passed.
    expect(await drainMail(app)).toBe(0);
    expect((await rowsTo(app, 'patient@betbro.test'))[0]?.attempts).toBe(1);

    smtp.refusing = false;
    await wait(RETRY_MS + 50);
    expect(await drainMail(app)).toBe(1);
    [row] = await rowsTo(app, 'patient@betbro.test');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes('patient@betbro.test'))).toHaveLength(1);
  });

  it('gives up after the last try and records why', async () => {
    smtp.refusing = true;
    await queueMail(app.db, letter('unlucky@betbro.test'));
    for (let i = 0; i < 4; i += 1) {
      await drainMail(app);
      await wait(RETRY_MS + 50);
    }
    const [row] = await rowsTo(app, 'unlucky@betbro.test');
    // The first try, and one after each of the three delays.
    expect(row).toMatchObject({ status: 'failed', attempts: 4 });
    expect(row?.lastError).toMatch(/Mailbox busy/);
    await wait(RETRY_MS + 50);
    expect(await drainMail(app)).toBe(0);
    expect((await rowsTo(app, 'unlucky@betbro.test'))[0]?.attempts).toBe(4);
  });

  it('never sends one mail twice, though two senders run at once', async () => {
    for (let i = 0; i < 6; i += 1) await queueMail(app.db, letter(`crowd-${i}@betbro.test`));
    const delivered = await Promise.all([deliverAllDue(app), deliverAllDue(app), deliverAllDue(app)]);
    expect(delivered.reduce((a, b) => a + b, 0)).toBe(6);
    for (let i = 0; i < 6; i += 1) await smtp.waitFor((m) => JSON.stringify(m.to).includes(`crowd-${i}@betbro.test`));
    expect(smtp.received.filter((m) => JSON.stringify(m.to).includes('crowd-'))).toHaveLength(6);
  });

  it('lets a sign-up succeed while the mail server refuses; the mail follows when it is back', async () => {
    smtp.refusing = true;
    const { body } = await signIn(app, 'eager@betbro.test', 'eager-password-1');
    expect(body.user.email).toBe('eager@betbro.test');
    await drainMail(app);
    expect((await rowsTo(app, 'eager@betbro.test'))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    smtp.refusing = false;
    await wait(RETRY_MS + 50);
    await drainMail(app);
    const mail = await smtp.waitFor((m) => JSON.stringify(m.to).includes('eager@betbro.test'));
    expect(mail.subject).toBe('Confirm your email address for Betbro');
  });
});

describe(`the sender loop on ${testDbKind}`, () => {
  it('delivers queued mail on its own, without being drained, and stops when the app closes', async () => {
    const smtp = await startMailServer();
    const app = await createTestApp({
      backgroundJobs: true,
      mail: { smtpUrl: smtp.url, from: 'Betbro <no-reply@betbro.test>', retryDelaysMs: [20], pollIntervalMs: 50 },
    });
    try {
      await queueMail(app.db, letter('woken@betbro.test'));
      wakeMailDelivery(app);
      await smtp.waitFor((m) => JSON.stringify(m.to).includes('woken@betbro.test'));
      // Queued without a wake-up (as by another instance): the poll finds it.
      await queueMail(app.db, letter('polled@betbro.test'));
      await smtp.waitFor((m) => JSON.stringify(m.to).includes('polled@betbro.test'));
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe(`mail without SMTP_URL on ${testDbKind}`, () => {
  const lines: string[] = [];
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('writes each mail as one log line with its recipient, subject and links, and nothing else', async () => {
    await queueMail(app.db, letter('logged@betbro.test'));
    const before = lines.length;
    expect(await drainMail(app)).toBe(1);
    // Delivering it wrote one line, and only that one.
    expect(lines.slice(before)).toHaveLength(1);
    const mentions = lines.filter((line) => line.includes('logged@betbro.test'));
    expect(mentions).toHaveLength(1);
    const logged = JSON.parse(mentions[0]!) as { level: number; msg: string; mail: unknown };
    expect(logged.mail).toEqual({ to: 'logged@betbro.test', subject: 'A word from Betbro', links: ['http://localhost:3000/somewhere?token=abc'] });
    expect(logged.level).toBe(30);
    // Neither the body nor its HTML reaches the log.
    expect(lines.join('\n')).not.toContain('Something happened.');
    expect((await rowsTo(app, 'logged@betbro.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('logs the link a new account needs to verify its email', async () => {
    await signIn(app, 'offline@betbro.test', 'offline-password-1');
    await drainMail(app);
    const [line] = lines.filter((l) => l.includes('offline@betbro.test') && l.includes('"mail"'));
    const logged = JSON.parse(line!) as { mail: { subject: string; links: string[] } };
    expect(logged.mail.subject).toBe('Confirm your email address for Betbro');
    expect(logged.mail.links).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{43}$/)]);
  });
});
