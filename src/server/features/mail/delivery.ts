import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { pacedJob } from '../../plugins/background-work.ts';
import type { ComposedMail } from './compose.ts';
import { mailOutbox } from './tables.ts';

/**
 * The sender: it claims due rows of the outbox, sends each (or, without SMTP_URL, writes it to
 * the log as one line), and records the outcome. Every instance runs one; a row is claimed by one
 * statement that skips rows another sender holds (`FOR UPDATE SKIP LOCKED`) and leases it for
 * LEASE_SECONDS, so two instances never send the same mail at once, and a mail whose sender died
 * half way is taken up again once its lease runs out.
 */

/** Longer than a send may take with the transport's timeouts below. */
const LEASE_SECONDS = 120;
const BATCH = 20;

type MailRow = typeof mailOutbox.$inferSelect;

interface Sender {
  /** The SMTP transport, made at the first mail it sends; null without SMTP_URL. */
  transport: (() => Promise<Transporter>) | null;
  /** Runs the sender now (again once the current run ends, if one is running). */
  wake: () => void;
}

const senders = new WeakMap<FastifyInstance, Sender>();

/** Writes a mail to the outbox, in the caller's transaction: it goes out once that commits. */
export async function queueMail(db: Db | Tx, mail: ComposedMail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ recipient: mail.to, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links, headers: mail.headers });
}

/** Work that writes mail to the outbox, run by the sender's loop before it delivers. */
export type MailProducer = (app: FastifyInstance) => Promise<unknown>;

/**
 * Sets the sender up: the SMTP transport, when SMTP_URL is set, closed with the app; and with
 * background jobs on, a loop that runs when woken (after a request queued mail) and every
 * `pollIntervalMs` (mail queued by another instance, or due for another try). Each run first lets
 * the `producers` write what is due (notification mails, digests), then delivers.
 */
export function registerMailDelivery(app: FastifyInstance, producers: readonly MailProducer[] = []): void {
  const { smtpUrl, pollIntervalMs } = app.config.mail;
  // nodemailer is loaded with the first mail sent: a server that sends none never holds it.
  let made: Promise<Transporter> | null = null;
  const transport = smtpUrl ? () => (made ??= smtpTransport(smtpUrl)) : null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped || !app.config.backgroundJobs) return;
    if (running) {
      again = true;
      return;
    }
    running = app.backgroundWork
      .track(
        produceThenDeliver(app, producers).then(
          () => undefined,
          (err: unknown) => app.log.error({ err }, 'mail delivery failed'),
        ),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  senders.set(app, { transport, wake: run });
  // The poll, paced as the other periodic jobs are (app.ts): on the embedded database it runs
  // while there may be mail to write or send, when a retry is due, and otherwise every idleMs.
  const poll = app.config.backgroundJobs
    ? pacedJob(app.backgroundWork, {
        everyMs: pollIntervalMs,
        idleMs: app.config.idleSweepMs === null ? null : Math.max(app.config.idleSweepMs, pollIntervalMs),
        run: async () => {
          run();
          await running;
          return { worked: false, nextDueAt: await nextAttempt(app.db) };
        },
      })
    : null;
  app.addHook('onClose', async () => {
    stopped = true;
    poll?.stop();
    await running;
    if (made) (await made.catch(() => null))?.close();
  });
}

/** Lets the sender know mail was just queued (and committed), so it goes out without waiting for the poll. */
export function wakeMailDelivery(app: FastifyInstance): void {
  senders.get(app)?.wake();
}

async function produceThenDeliver(app: FastifyInstance, producers: readonly MailProducer[]): Promise<void> {
  for (const produce of producers) {
    // One producer failing (a database hiccup) must not keep the rest of the mail waiting.
    await produce(app).catch((err: unknown) => app.log.error({ err }, 'writing mail failed'));
  }
  await deliverAllDue(app);
}

async function smtpTransport(smtpUrl: string): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    // Short enough that a send never outlives its lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/** Delivers every mail that is due now; answers how many were sent (or logged). */
export async function deliverAllDue(app: FastifyInstance): Promise<number> {
  let delivered = 0;
  for (;;) {
    const rows = await claimDue(app.db);
    if (rows.length === 0) return delivered;
    for (const row of rows) if (await deliverOne(app, row)) delivered += 1;
  }
}

/** When the next pending mail is due to be tried, or null. */
async function nextAttempt(db: Db): Promise<Date | null> {
  const [next] = await db
    .select({ at: mailOutbox.nextAttemptAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.status, 'pending'))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(1);
  return next?.at ?? null;
}

async function claimDue(db: Db): Promise<MailRow[]> {
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS}::float8)` })
    .where(
      sql`${mailOutbox.id} in (
        select id from mail_outbox
        where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked)`,
    )
    .returning();
}

async function deliverOne(app: FastifyInstance, row: MailRow): Promise<boolean> {
  const transport = senders.get(app)?.transport ?? null;
  try {
    if (transport) {
      await (await transport()).sendMail({
        from: app.config.mail.from,
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
      });
    } else {
      // The embedded default has no mail server: the log is where the links can be read.
      app.log.info({ mail: { to: row.recipient, subject: row.subject, links: row.links } }, 'mail not sent (SMTP_URL is unset)');
    }
  } catch (error) {
    const delays = app.config.mail.retryDelaysMs;
    const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
    const giveUp = row.attempts > delays.length;
    await app.db
      .update(mailOutbox)
      .set(
        giveUp
          ? { status: 'failed', lastError: message }
          : { lastError: message, nextAttemptAt: sql`now() + make_interval(secs => ${delays[row.attempts - 1]! / 1000}::float8)` },
      )
      .where(eq(mailOutbox.id, row.id));
    if (giveUp) app.log.error({ mailId: row.id, attempts: row.attempts, err: message }, 'mail given up');
    else app.log.warn({ mailId: row.id, attempts: row.attempts, err: message }, 'mail delivery failed, will try again');
    return false;
  }
  await app.db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(mailOutbox.id, row.id));
  return true;
}
