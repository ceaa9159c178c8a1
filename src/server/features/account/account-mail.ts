import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { composeMail, greetingName, queueMail, wakeMailDelivery } from '../mail/service.ts';
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
}

/** Queues the mail that verifies an account's email, in the caller's transaction. */
export async function mailEmailVerification(tx: Db | Tx, publicUrl: string, to: Recipient): Promise<void> {
  const token = await issueAccountToken(tx, to.localAccountId, 'verify_email');
  await queueMail(
    tx,
    composeMail({
      to: to.email,
      name: to.name,
      subject: 'Confirm your email address for Betbro',
      lines: [`Please confirm that ${to.email} is your email address. Then Betbro can help you back into your account if you ever forget your password.`],
      action: { label: 'Confirm my email', url: `${publicUrl}/verify-email?token=${token}` },
      after: [
        'The link works once, within 24 hours, signed in to the account it was mailed for.',
        `If you did not create a Betbro account, someone else used your address. Ignore this mail, or take the account over by choosing a new password: ${publicUrl}/forgot-password`,
      ],
    }),
  );
}

/** Queues the mail with a link to choose a new password, in the caller's transaction. */
export async function mailPasswordReset(tx: Db | Tx, publicUrl: string, to: Recipient): Promise<void> {
  const token = await issueAccountToken(tx, to.localAccountId, 'reset_password');
  await queueMail(
    tx,
    composeMail({
      to: to.email,
      name: to.name,
      subject: 'Reset your Betbro password',
      lines: ['Someone, hopefully you, asked to reset the password of your Betbro account.'],
      action: { label: 'Choose a new password', url: `${publicUrl}/reset-password?token=${token}` },
      after: [
        'The link works once, within 60 minutes. A new password signs you out everywhere.',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ],
    }),
  );
}

/**
 * What the built-in provider does when its sign-in page creates an account (app.ts hands it to
 * registerEmbeddedProvider): the verification mail, queued with the account, greeting the owner
 * without a name, since they have no player name yet; then the sender is woken.
 */
export function newAccountMail(app: FastifyInstance): NewAccountMail {
  return {
    queue: (tx, account) =>
      mailEmailVerification(tx, app.config.publicUrl, { localAccountId: account.id, email: account.email, name: greetingName(undefined) }),
    wake: () => wakeMailDelivery(app),
  };
}
