import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Account, ChangePasswordBody } from '../../../shared/schemas/account.ts';
import { identities } from '../auth/service.ts';
import type { UserRow } from '../users/service.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { checkPassword, findLocalAccountById, setLocalPassword } from '../../oidc/local-accounts.ts';
import { embeddedIssuerUrl, identityIssuerOfLocalAccounts, usesEmbeddedProvider } from '../../oidc/provider.ts';
import { newPasswordProblem } from '../../password-policy.ts';
import { endSessionsOfUser, type ActiveSession } from '../auth/service.ts';

/**
 * The user's own sign-in account. A password lives in Betbro only when the user signs in through
 * the embedded provider: their identity carries the issuer recorded for its accounts, and its
 * subject is a local account id.
 */
async function signInAccount(app: FastifyInstance, userId: number): Promise<{ localAccountId: number | null; issuer: string | null }> {
  const rows = await app.db
    .select({ issuer: identities.issuer, subject: identities.subject })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.id));
  const localIssuer = identityIssuerOfLocalAccounts(app.config);
  const local = usesEmbeddedProvider(app) ? rows.find((r) => r.issuer === localIssuer && /^\d+$/.test(r.subject)) : undefined;
  // The provider is reached at its URL, whatever constant its identities carry.
  if (local) return { localAccountId: Number(local.subject), issuer: embeddedIssuerUrl(app.config.publicUrl) };
  return { localAccountId: null, issuer: rows.at(-1)?.issuer ?? app.config.oidc?.issuerUrl ?? null };
}

export async function describeAccount(app: FastifyInstance, user: UserRow): Promise<Account> {
  const { localAccountId, issuer } = await signInAccount(app, user.id);
  return { passwordManagedBy: localAccountId === null ? 'external' : 'betbro', providerUrl: issuer };
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
  await app.rateLimiter.reset(attemptsKey(user.id));
  return { ok: true, otherSessionsRevoked: await endSessionsOfUser(app, user.id, session?.idHash ?? null) };
}
