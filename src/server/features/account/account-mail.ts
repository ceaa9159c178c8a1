import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { composeMail, greetingName, queueMail, wakeMailDelivery } from '../mail/service.ts';
import { wordsIn } from '../../i18n.ts';
import { issueAccountToken, type NewAccountMail } from '../../oidc/provider.ts';

/**
 * The mails that carry the built-in provider's account links (docs/product.md §8.4): one to
 * verify the email, one to choose a new password. The provider makes and checks the tokens
 * (oidc/account-tokens.ts); the words and the outbox are Betbro's.
 */

interface Recipient {
  localAccountId: number;
  email: string;
  /** How the mail greets them: their player name, or null before they chose one (compose.ts). */
  name: string | null;
  /** Their language: their player's, or before there is one, the browser's that asked. */
  locale: string;
}

/** Queues the mail that verifies an account's email, in the caller's transaction. */
export async function mailEmailVerification(tx: Db | Tx, publicUrl: string, to: Recipient): Promise<void> {
  const token = await issueAccountToken(tx, to.localAccountId, 'verify_email');
  const t = wordsIn(to.locale);
  await queueMail(
    tx,
    composeMail({
      to: to.email,
      locale: to.locale,
      name: to.name,
      subject: t('mail.verify.subject'),
      lines: [t('mail.verify.body', { email: to.email })],
      action: { label: t('mail.verify.action'), url: `${publicUrl}/verify-email?token=${token}` },
      after: [t('mail.verify.once'), t('mail.verify.notYou', { url: `${publicUrl}/forgot-password` })],
    }),
  );
}

/** Queues the mail with a link to choose a new password, in the caller's transaction. */
export async function mailPasswordReset(tx: Db | Tx, publicUrl: string, to: Recipient): Promise<void> {
  const token = await issueAccountToken(tx, to.localAccountId, 'reset_password');
  const t = wordsIn(to.locale);
  await queueMail(
    tx,
    composeMail({
      to: to.email,
      locale: to.locale,
      name: to.name,
      subject: t('mail.reset.subject'),
      lines: [t('mail.reset.body')],
      action: { label: t('mail.reset.action'), url: `${publicUrl}/reset-password?token=${token}` },
      after: [t('mail.reset.once'), t('mail.reset.notYou')],
    }),
  );
}

/**
 * What the built-in provider does when its sign-in page creates an account (app.ts hands it to
 * registerEmbeddedProvider): the verification mail, queued with the account, greeting the owner
 * without a name, since they have no player name yet, in the language of the page they signed up
 * on; then the sender is woken.
 */
export function newAccountMail(app: FastifyInstance): NewAccountMail {
  return {
    queue: (tx, account, locale) =>
      mailEmailVerification(tx, app.config.publicUrl, { localAccountId: account.id, email: account.email, name: greetingName(undefined), locale }),
    wake: () => wakeMailDelivery(app),
  };
}
