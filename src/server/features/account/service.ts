import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account, ChangePasswordBody, PasswordResetConfirmBody } from '../../../shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { identities, markEmailVerified } from '../auth/service.ts';
import { greetingName, wakeMailDelivery } from '../mail/service.ts';
import { users, type UserRow } from '../users/service.ts';
import { readerOf } from '../notifications/service.ts';
import { requestLocale } from '../../i18n.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors.ts';
import {
  accountOfToken,
  checkPassword,
  findLocalAccountByEmail,
  findLocalAccountById,
  hashPassword,
  identityIssuerOfLocalAccounts,
  markLocalEmailVerified,
  setLocalPassword,
  setLocalPasswordHash,
  spendToken,
  spendTokensOf,
  usesEmbeddedProvider,
} from '../../oidc/provider.ts';
import { mailEmailVerification, mailPasswordReset } from './account-mail.ts';
import { newPasswordProblem } from '../../password-policy.ts';
import { announceSessionsEnded, endSessionsInTransaction, endSessionsOfUser, signInAccount, type ActiveSession } from '../auth/service.ts';

export async function describeAccount(app: FastifyInstance, user: UserRow): Promise<Account> {
  const { localAccountId, issuer } = await signInAccount(app, user.id);
  return { passwordManagedBy: localAccountId === null ? 'external' : 'betbro', providerUrl: issuer, emailVerified: user.emailVerified };
}

const attemptsKey = (userId: number) => `password-change:user:${userId}`;

/**
 * Checks the current password and sets the new one. Attempts are limited like sign-ins from one
 * place (counted before the check, so parallel guesses cannot slip past), so a stolen session
 * cannot be used to try passwords at the write rate. Every other way the user is signed in ends:
 * other app sessions, the provider's sessions and grants, and their sockets. Whoever else was
 * signed in must sign in again, with the new password.
 */
export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  session: ActiveSession | null,
  body: ChangePasswordBody,
): Promise<{ ok: true; otherSessionsRevoked: number }> {
  const { localAccountId, issuer } = await signInAccount(app, user.id);
  const account = localAccountId === null ? null : await findLocalAccountById(app.db, localAccountId);
  if (!account) {
    throw conflict(
      `Your password is managed by your identity provider${issuer ? ` (${issuer})` : ''}; change it there`,
      'external_account',
    );
  }
  const weak = newPasswordProblem(body.newPassword, account.email);
  if (weak) throw badRequest(weak, 'weak_password');
  const limits = app.config.rateLimits;
  const attempt = await app.rateLimiter.hit(attemptsKey(user.id), limits.loginPerEmailAndIp, limits.loginWindowSeconds);
  if (!attempt.allowed) throw new AppError(429, 'rate_limited', 'Too many wrong passwords, please try again later');
  if (!(await checkPassword(account, body.currentPassword))) {
    throw badRequest('Current password is incorrect', 'wrong_password');
  }
  await setLocalPassword(app.db, account.id, body.newPassword);
  // A reset link mailed before the change must not undo it.
  await spendTokensOf(app.db, account.id, 'reset_password');
  await app.rateLimiter.reset(attemptsKey(user.id));
  return { ok: true, otherSessionsRevoked: await endSessionsOfUser(app, user.id, session?.idHash ?? null) };
}

/*
 * Verified email and forgotten passwords (docs/product.md §8.4). The provider keeps the tokens
 * (oidc/account-tokens.ts), account-mail.ts words the mails; here they meet the Betbro users behind its
 * accounts: who is verified, who ADMIN_EMAILS makes an admin, whose sessions end.
 */

/** Per user, so a script cannot make Betbro flood someone's mailbox. */
export const VERIFICATION_MAILS_PER_HOUR = 3;
/** Per email address, whoever asks: at most this many reset mails reach one mailbox an hour. */
export const RESET_MAILS_PER_EMAIL_PER_HOUR = 3;
/** Per client address, across every email it asks about. */
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;

const invalidToken = () => badRequest('This link is invalid or has expired', 'invalid_token');
/** A token Betbro made: 32 bytes in base64url. Anything else is refused without a lookup. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Counts a hit; past the limit, a 429 in the API's shape with Retry-After. */
async function limit(app: FastifyInstance, reply: FastifyReply, key: string, max: number, windowSeconds: number): Promise<void> {
  const { allowed, retryAfterSeconds } = await app.rateLimiter.hit(key, max, windowSeconds);
  if (allowed) return;
  void reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError(429, 'rate_limited', 'Too many requests, please slow down');
}

/** The Betbro users who sign in with a local account of the provider (one, unless identities were merged by hand). */
async function usersOfLocalAccount(app: FastifyInstance, db: Db | Tx, localAccountId: number): Promise<UserRow[]> {
  return db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.issuer, identityIssuerOfLocalAccounts(app.config)), eq(identities.subject, String(localAccountId))))
    .orderBy(asc(users.id))
    .then((rows) => rows.map((r) => r.user));
}

/** Marks the account's email verified, and its users; answers the users ADMIN_EMAILS just made admins. */
async function verifyLocalAccount(app: FastifyInstance, tx: Tx, localAccountId: number): Promise<number[]> {
  await markLocalEmailVerified(tx, localAccountId);
  const promoted: number[] = [];
  for (const user of await usersOfLocalAccount(app, tx, localAccountId)) {
    if ((await markEmailVerified(tx, user.id, app.config.adminEmails)).promoted) promoted.push(user.id);
  }
  return promoted;
}

/**
 * Follows a verification link, in a session of the account it was mailed for and no other: the
 * link proves the mailbox to its account holder only (docs/product.md §8.4). Whoever signed up
 * with someone else's address gains nothing when the owner (or a mail scanner) opens the link:
 * signed out the route answers 401, in another account's session 403 `wrong_account`, and the
 * token stays unspent for its holder.
 */
export async function verifyEmail(app: FastifyInstance, user: UserRow, token: string): Promise<{ emailVerified: true }> {
  if (!TOKEN_SHAPE.test(token)) throw invalidToken();
  const { localAccountId } = await signInAccount(app, user.id);
  const promoted = await inTransaction(app.db, async (tx) => {
    const tokenAccount = await accountOfToken(tx, token, 'verify_email');
    if (tokenAccount === null) throw invalidToken();
    if (tokenAccount !== localAccountId) {
      throw forbidden('This link verifies the email of another account: sign in to that account to use it', 'wrong_account');
    }
    // Spent here, in one statement: of two uses at once, one counts.
    if ((await spendToken(tx, token, 'verify_email')) !== localAccountId) throw invalidToken();
    return verifyLocalAccount(app, tx, localAccountId);
  });
  // An admin sees every bet: their open sockets hear about all of them from now on.
  for (const userId of promoted) app.domainEvents.emit({ type: 'audience_changed', userId });
  return { emailVerified: true };
}

/** Mails the signed-in player a new verification link. */
export async function resendVerificationMail(app: FastifyInstance, reply: FastifyReply, user: UserRow): Promise<{ ok: true }> {
  const { localAccountId, issuer } = await signInAccount(app, user.id);
  const account = localAccountId === null ? null : await findLocalAccountById(app.db, localAccountId);
  if (!account) {
    throw conflict(`Your email is verified by your identity provider${issuer ? ` (${issuer})` : ''}`, 'external_account');
  }
  if (account.emailVerifiedAt !== null && user.emailVerified) throw conflict('Your email address is already verified', 'already_verified');
  await limit(app, reply, `verification-mail:user:${user.id}`, VERIFICATION_MAILS_PER_HOUR, 60 * 60);
  const { locale } = await readerOf(app.db, user.id);
  await inTransaction(app.db, (tx) =>
    mailEmailVerification(tx, app.config.publicUrl, { localAccountId: account.id, email: account.email, name: greetingName(user), locale }),
  );
  wakeMailDelivery(app);
  return { ok: true };
}

/**
 * Asks for a reset link. The answer is the same whether or not the email has an account, and it
 * comes before the email is even looked up: neither its words nor its timing tell who has an
 * account. The limits count every request, known email or not.
 */
export async function requestPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
): Promise<{ ok: true }> {
  await limit(app, reply, `password-reset:ip:${request.ip}`, RESET_REQUESTS_PER_IP_PER_HOUR, 60 * 60);
  await limit(app, reply, `password-reset:email:${email}`, RESET_MAILS_PER_EMAIL_PER_HOUR, 60 * 60);
  void app.backgroundWork.track(
    mailResetLinkIfAccount(app, email, requestLocale(request)).catch((err: unknown) => app.log.error({ err }, 'could not queue a password reset mail')),
  );
  return { ok: true };
}

/** `pageLocale`: the language of the page that asked, for an account with no player yet. */
async function mailResetLinkIfAccount(app: FastifyInstance, email: string, pageLocale: string): Promise<void> {
  if (!usesEmbeddedProvider(app)) return;
  const account = await findLocalAccountByEmail(app.db, email);
  if (!account) return;
  const players = await usersOfLocalAccount(app, app.db, account.id);
  // A deactivated account cannot sign in, whatever its password.
  if (players.some((p) => p.deactivatedAt !== null)) return;
  const locale = players[0] ? (await readerOf(app.db, players[0].id)).locale : pageLocale;
  await inTransaction(app.db, (tx) =>
    mailPasswordReset(tx, app.config.publicUrl, { localAccountId: account.id, email: account.email, name: greetingName(players[0]), locale }),
  );
  wakeMailDelivery(app);
}

/**
 * Sets the new password a reset link was mailed for. The link proves the mailbox too, so the
 * email counts as verified (and an ADMIN_EMAILS address makes its player an admin). Every earlier
 * session of the player ends in the same commit, the app's and the provider's, and then their
 * sockets: whoever signed up first with the owner's address, or held the old password, is out
 * before the account is worth more, and keeps nothing (docs/product.md §8.4).
 */
export async function confirmPasswordReset(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: PasswordResetConfirmBody,
): Promise<{ ok: true }> {
  const limits = app.config.rateLimits;
  await limit(app, reply, `password-reset-confirm:ip:${request.ip}`, limits.loginPerIp, limits.loginWindowSeconds);
  if (!TOKEN_SHAPE.test(body.token)) throw invalidToken();
  const localAccountId = await accountOfToken(app.db, body.token, 'reset_password');
  const account = localAccountId === null ? null : await findLocalAccountById(app.db, localAccountId);
  if (!account) throw invalidToken();
  // A weak password leaves the link working, to try another.
  const weak = newPasswordProblem(body.newPassword, account.email);
  if (weak) throw badRequest(weak, 'weak_password');
  const passwordHash = await hashPassword(body.newPassword);
  const playerIds = await inTransaction(app.db, async (tx) => {
    // Spent here, in one statement: of two uses at once, one sets the password.
    if ((await spendToken(tx, body.token, 'reset_password')) !== account.id) throw invalidToken();
    await setLocalPasswordHash(tx, account.id, passwordHash);
    const players = (await usersOfLocalAccount(app, tx, account.id)).map((u) => u.id);
    for (const userId of players) await endSessionsInTransaction(app, tx, userId, null);
    await verifyLocalAccount(app, tx, account.id);
    return players;
  });
  // Every instance looks again at the player's sockets (their sessions ended) and role.
  for (const userId of playerIds) announceSessionsEnded(app, userId);
  return { ok: true };
}

export { exportAccount, exportFileName } from './export.ts';
export { deleteAccount } from './leave.ts';
export { newAccountMail } from './account-mail.ts';
