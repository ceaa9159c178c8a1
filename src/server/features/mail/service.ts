import type { FastifyInstance } from 'fastify';
import { registerMailDelivery } from './delivery.ts';
import { mailQueuedNotifications, sendDailyDigests } from './notification-mail.ts';

/**
 * Outgoing mail: a feature writes a mail to the outbox in its own transaction (`queueMail`), and
 * the sender delivers it afterwards, retrying while the mail server is away (delivery.ts). Without
 * SMTP_URL each mail is one line in the log instead (README.md, Configuration). Notifications
 * reach the mailbox through notification-mail.ts: one mail each, or a daily digest.
 */
export { composeMail, type ComposedMail, type Letter } from './compose.ts';
export { deliverAllDue, queueMail, wakeMailDelivery } from './delivery.ts';
export { greetingName, mailQueuedNotifications, sendDailyDigests } from './notification-mail.ts';
export { mailRoutes } from './routes.ts';
export { mailDigests, mailOutbox, notificationMails } from './tables.ts';

/** How often the sender looks for digests that are due: a digest goes out within this of its hour. */
const DIGEST_SWEEP_MS = 60_000;

/** Starts the sender, which first mails queued notifications and, once a minute, due digests. */
export function registerMail(app: FastifyInstance): void {
  let lastDigestSweep = 0;
  registerMailDelivery(app, [
    mailQueuedNotifications,
    async () => {
      if (Date.now() - lastDigestSweep < DIGEST_SWEEP_MS) return;
      lastDigestSweep = Date.now();
      await sendDailyDigests(app);
    },
  ]);
}
