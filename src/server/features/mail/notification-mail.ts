import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Translate } from '../../../shared/i18n/messages.ts';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/schemas/notifications.ts';
import { needsProfileSetup } from '../../../shared/schemas/users.ts';
import { rowsOf } from '../../db/client.ts';
import { getOrCreateSecret } from '../../db/secrets.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { badRequest } from '../../errors.ts';
import { wordsIn } from '../../i18n.ts';
import { mayReachOwner, notificationPath, notifications, notificationWords, type NotificationRow, type Reader } from '../notifications/service.ts';
import { getPreferences, updatePreferences } from '../profiles/service.ts';
import { userPreferences, users, type UserRow } from '../users/service.ts';
import { composeMail } from './compose.ts';
import { queueMail } from './delivery.ts';
import { mailDigests, notificationMails } from './tables.ts';

/**
 * Notifications by mail (docs/product.md §6.4): per type off, one mail each ('instant'), or a
 * daily digest ('daily'); only to a verified email of a player who is still here, and only about
 * a bet they may still see. Every such mail carries a one-click unsubscribe link (RFC 8058).
 */

/** What one unsubscribe link turns off: one type's instant mail, or the digest. */
export const UNSUBSCRIBE_TOPICS = [...NOTIFICATION_TYPES, 'digest'] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

/** When the digest goes out, on the player's clock (UTC until they chose a time zone). */
export const DIGEST_HOUR = 8;
/** The most notifications a digest lists; it counts the rest. */
const DIGEST_LIST = 20;
const BATCH = 50;
/** Longer than any transaction that stores notifications runs. */
const DIGEST_OVERLAP_MS = 10 * 60 * 1000;

/**
 * The name a mail greets a player by: their username once chosen; null before (no player yet, or
 * a name still to choose), when the greeting names nobody rather than guess from the address.
 */
export const greetingName = (user: Pick<UserRow, 'username'> | undefined): string | null =>
  user && !needsProfileSetup(user.username) ? user.username : null;

/*
 * Unsubscribe links are signed, not stored: an HMAC of the player and the topic under a secret
 * kept in app_secrets (shared by every instance). A link can only turn its own mail off.
 */
const secrets = new WeakMap<FastifyInstance, Promise<string>>();
function unsubscribeSecret(app: FastifyInstance): Promise<string> {
  let secret = secrets.get(app);
  if (!secret) {
    secret = getOrCreateSecret(app.db, 'mail-unsubscribe', () => randomBytes(32).toString('base64url'));
    secrets.set(app, secret);
    // A failed read (the database away a moment) is asked again next time, not kept.
    secret.catch(() => secrets.delete(app));
  }
  return secret;
}
const signature = (secret: string, userId: number, topic: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${topic}`).digest('base64url');

/** The link; `secret` is read before the mail's transaction (PGlite has one connection, held by it). */
function unsubscribeUrl(app: FastifyInstance, secret: string, userId: number, topic: UnsubscribeTopic): string {
  const query = new URLSearchParams({ u: String(userId), topic, sig: signature(secret, userId, topic) });
  return `${app.config.publicUrl}/api/mail/unsubscribe?${query.toString()}`;
}

export interface UnsubscribeLink {
  u: number;
  topic: UnsubscribeTopic;
  sig: string;
}

/** What a topic's mail is, in the words of the mail's foot and of the unsubscribe page (in `t`'s language). */
export const topicWords = (t: Translate, topic: UnsubscribeTopic) =>
  topic === 'digest' ? t('mail.topic.digest') : t('mail.topic.instant', { label: t(`notice.type.${topic}`) });

const invalidLink = () => badRequest('This link is invalid or has expired', 'invalid_token');

/** Checks an unsubscribe link's signature; throws 400 `invalid_token` for a forged or damaged one. */
export async function checkUnsubscribeLink(app: FastifyInstance, link: UnsubscribeLink): Promise<void> {
  const expected = Buffer.from(signature(await unsubscribeSecret(app), link.u, link.topic));
  const given = Buffer.from(link.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink();
}

/** Follows a one-click unsubscribe: that type's mail off, or for the digest every type mailed daily. */
export async function unsubscribe(app: FastifyInstance, link: UnsubscribeLink): Promise<void> {
  await checkUnsubscribeLink(app, link);
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, link.u));
  if (!user) throw invalidLink();
  if (link.topic === 'digest') {
    const { email } = await getPreferences(app, user.id);
    const daily = NOTIFICATION_TYPES.filter((type) => email[type] === 'daily');
    await updatePreferences(app, user.id, { email: Object.fromEntries(daily.map((type) => [type, 'off'])) });
  } else {
    await updatePreferences(app, user.id, { email: { [link.topic]: 'off' } });
  }
}

/** A player who can be mailed: a verified email, and an account neither deactivated nor deleted. */
const mailable = and(
  sql`${users.email} is not null`,
  eq(users.emailVerified, true),
  isNull(users.deactivatedAt),
  isNull(users.deletedAt),
);

/**
 * Turns the queued notifications (notification_mails, filled by the trigger in
 * notification-mail.sql) into mails in the outbox. Each batch is claimed and deleted in the
 * transaction that writes its mails, skipping rows another instance holds: every notification is
 * mailed once. Checked again at sending: the player still mails that type, may be mailed, and may
 * still see the bet it names. Answers how many mails it wrote.
 */
export async function mailQueuedNotifications(app: FastifyInstance): Promise<number> {
  const secret = await unsubscribeSecret(app);
  let written = 0;
  for (;;) {
    const batch = await inTransaction(app.db, async (tx) => {
      const claimed = rowsOf<{ notification_id: string | number }>(
        await tx.execute(sql`delete from ${notificationMails} where notification_id in (
          select notification_id from ${notificationMails} order by notification_id limit ${BATCH} for update skip locked)
          returning notification_id`),
      ).map((r) => Number(r.notification_id));
      if (claimed.length === 0) return { claimed: 0, mailed: 0 };
      const rows = await tx
        .select({ notification: notifications, user: users, timeZone: userPreferences.timeZone, locale: userPreferences.locale })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .innerJoin(userPreferences, eq(userPreferences.userId, notifications.userId))
        .where(and(inArray(notifications.id, claimed), mailable, sql`${userPreferences.emailModes} ->> ${notifications.type} = 'instant'`));
      let mailed = 0;
      for (const { notification, user, timeZone, locale } of rows) {
        if (!(await mayReachOwner(tx, notification))) continue;
        await queueMail(tx, instantMail(app, secret, user, { timeZone, locale }, notification));
        mailed += 1;
      }
      return { claimed: claimed.length, mailed };
    });
    written += batch.mailed;
    if (batch.claimed < BATCH) return written;
  }
}

/** One notification's mail, worded as it is sent, in the recipient's language and on their clock. */
function instantMail(app: FastifyInstance, secret: string, user: UserRow, reader: Reader, notification: NotificationRow) {
  const email = user.email!;
  const topic = notification.type as NotificationType;
  const { title, body } = notificationWords(notification, reader);
  const t = wordsIn(reader.locale);
  return composeMail({
    to: email,
    locale: reader.locale,
    name: greetingName(user),
    subject: title,
    lines: [body],
    action: { label: t('mail.notification.action'), url: `${app.config.publicUrl}${notificationPath(notification)}` },
    after: [t('mail.notification.after')],
    unsubscribe: { url: unsubscribeUrl(app, secret, user.id, topic), what: topicWords(t, topic) },
  });
}

interface DigestCandidate {
  userId: number;
  day: string;
}

/**
 * The daily digest: once a day, from DIGEST_HOUR on the player's clock, the notifications of the
 * types they mail daily that are still unread and arrived since their last digest was considered
 * (a day at most, the first time). Nothing unread, no mail. A day's digest is claimed by inserting
 * its row of mail_digests, keyed by player and day, in the transaction that writes the mail: of
 * instances sweeping at once, one writes it. `now` is the sweep's clock (tests move it).
 */
export async function sendDailyDigests(app: FastifyInstance, now = new Date()): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const local = sql`(${at} at time zone coalesce(${userPreferences.timeZone}, 'UTC'))`;
  const due = rowsOf<DigestCandidate>(
    await app.db.execute(sql`select ${users.id} as "userId", (${local})::date::text as day
      from ${userPreferences} join ${users} on ${users.id} = ${userPreferences.userId}
      where exists (select 1 from jsonb_each_text(${userPreferences.emailModes}) m where m.value = 'daily')
        and ${mailable}
        and extract(hour from ${local}) >= ${DIGEST_HOUR}
        and not exists (select 1 from ${mailDigests} d where d.user_id = ${users.id} and d.day = (${local})::date)
      order by ${users.id}
      limit 500`),
  );
  if (due.length === 0) return 0;
  const secret = await unsubscribeSecret(app);
  let mailed = 0;
  for (const candidate of due) {
    if (await inTransaction(app.db, (tx) => digestOf(app, tx, secret, candidate, now))) mailed += 1;
  }
  return mailed;
}

async function digestOf(app: FastifyInstance, tx: Tx, secret: string, { userId, day }: DigestCandidate, now: Date): Promise<boolean> {
  const [previous] = await tx
    .select({ at: mailDigests.createdAt, listed: mailDigests.notificationIds })
    .from(mailDigests)
    .where(eq(mailDigests.userId, userId))
    .orderBy(desc(mailDigests.createdAt))
    .limit(1);
  const claimed = await tx
    .insert(mailDigests)
    .values({ userId, day, mailed: false, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: mailDigests.userId });
  if (claimed.length === 0) return false;
  const [row] = await tx
    .select({ user: users, modes: userPreferences.emailModes, timeZone: userPreferences.timeZone, locale: userPreferences.locale })
    .from(users)
    .innerJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(eq(users.id, userId), mailable));
  if (!row) return false;
  const dailyTypes = NOTIFICATION_TYPES.filter((type) => row.modes[type] === 'daily');
  // A notification is stamped when its transaction began: one that began before the previous
  // digest and committed after it was not there to be listed. Looking back a little further
  // finds it; the previous digest's list keeps the rest from coming twice.
  const since = previous ? new Date(previous.at.getTime() - DIGEST_OVERLAP_MS) : new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const listedBefore = new Set(previous?.listed ?? []);
  const unread = await tx
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        inArray(notifications.type, dailyTypes),
        gt(notifications.createdAt, since),
        lte(notifications.createdAt, now),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(200);
  const listed: NotificationRow[] = [];
  for (const notification of unread) {
    if (!listedBefore.has(notification.id) && (await mayReachOwner(tx, notification))) listed.push(notification);
  }
  if (listed.length === 0) return false;
  const email = row.user.email!;
  const reader: Reader = { locale: row.locale, timeZone: row.timeZone };
  const t = wordsIn(reader.locale);
  const count = listed.length;
  const more = listed.length - DIGEST_LIST;
  await queueMail(
    tx,
    composeMail({
      to: email,
      locale: reader.locale,
      name: greetingName(row.user),
      subject: t('mail.digest.subject', { count }),
      lines: [
        t('mail.digest.intro', { count }),
        ...listed.slice(0, DIGEST_LIST).map((n) => t('mail.digest.line', notificationWords(n, reader))),
        ...(more > 0 ? [t('mail.digest.more', { count: more })] : []),
      ],
      action: { label: t('mail.digest.action'), url: `${app.config.publicUrl}/notifications` },
      after: [t('mail.notification.after')],
      unsubscribe: { url: unsubscribeUrl(app, secret, userId, 'digest'), what: topicWords(t, 'digest') },
    }),
  );
  await tx
    .update(mailDigests)
    .set({ mailed: true, notificationIds: listed.map((n) => n.id) })
    .where(and(eq(mailDigests.userId, userId), eq(mailDigests.day, day)));
  return true;
}
