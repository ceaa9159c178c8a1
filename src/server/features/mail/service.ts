/**
 * Outgoing mail: a feature writes a mail to the outbox in its own transaction (`queueMail`), and
 * the sender delivers it afterwards, retrying while the mail server is away (delivery.ts). Without
 * SMTP_URL each mail is one line in the log instead (README.md, Configuration).
 */
export { composeMail, type ComposedMail, type Letter } from './compose.ts';
export { deliverAllDue, queueMail, registerMailDelivery, wakeMailDelivery } from './delivery.ts';
export { mailOutbox } from './tables.ts';
