import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONFIRM_DELETION_MESSAGE, confirmsDeletion } from '../../../shared/schemas/account.ts';
import { deletedPlayerName } from '../../../shared/schemas/users.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { endSessionsOfUser, identities, revokeUserSessions } from '../auth/service.ts';
import { lockActiveAdminIds } from '../admin/service.ts';
import { openBetsDecidedBy, voidBet } from '../bets/service.ts';
import { leaveEveryCrew } from '../crews/service.ts';
import { mailOutbox } from '../mail/service.ts';
import { notifications } from '../notifications/service.ts';
import { pushSubscriptions } from '../push/service.ts';
import { userPreferences, users, type UserRow } from '../users/service.ts';
import { identityIssuerOfLocalAccounts, localAccounts } from '../../oidc/provider.ts';

/**
 * "Leave" (docs/product.md §8.4): a player deletes their own account. What is theirs alone goes
 * (email, profile, settings, push subscriptions, their sign-in account and identities, their
 * inbox); what others share with them stays whole (the ledger, every stake, bet, message,
 * comment and feed line), under the name of a deleted player. The account ends as an admin's
 * delete ends one (docs/product.md §10.1, admin/service.ts `deactivateUser`): deactivated, every
 * session ended, its open bets voided and refunded.
 */

const mismatch = () => badRequest(CONFIRM_DELETION_MESSAGE, 'confirmation_mismatch');

/**
 * Deletes the caller's account once they typed their username (ignoring case and surrounding
 * spaces); anything else is 400 `confirmation_mismatch` and changes nothing. The last active
 * admin cannot leave (docs/product.md §9.4). A second request racing the first finds the account
 * already deleted and only finishes what the first may have left (ending sessions, voiding bets).
 */
export async function deleteAccount(app: FastifyInstance, user: UserRow, confirm: string): Promise<{ ok: true }> {
  if (!confirmsDeletion(confirm, user.username)) throw mismatch();

  // One transaction erases the account and closes it: deactivated, its sessions refused from the
  // commit on, nothing of it left half-erased.
  await inTransaction(app.db, async (tx) => {
    // Admins first, then the player, in the order deactivateUser and setRole lock them: two
    // admins leaving at once take turns, and the second sees that the first has gone.
    const admins = user.role === 'admin' ? await lockActiveAdminIds(tx) : null;
    const [row] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!row || row.deletedAt) return;
    if (row.role === 'admin' && (admins ?? (await lockActiveAdminIds(tx))).every((id) => id === row.id)) {
      throw conflict('The last admin cannot delete their account; make another player an admin first', 'last_admin');
    }
    await tx
      .update(users)
      .set({
        username: deletedPlayerName(row.id),
        usernameSkeleton: null,
        email: null,
        emailVerified: false,
        adminEmailPromoted: null,
        firstName: null,
        bio: null,
        location: null,
        favoriteCategory: null,
        role: 'user',
        deactivatedAt: row.deactivatedAt ?? sql`now()`,
        deletedAt: sql`now()`,
      })
      .where(eq(users.id, row.id));
    await revokeUserSessions(tx, row.id);
    await leaveEveryCrew(tx, row.id);
    await tx.delete(userPreferences).where(eq(userPreferences.userId, row.id));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, row.id));
    await removeLocalAccounts(app, tx, row.id);
    if (row.email) await dropMailTo(tx, row.id, row.email);
  });

  // The provider's sessions and grants (found through the identities, so before they go), and
  // every open socket of the player, on every instance.
  await endSessionsOfUser(app, user.id, null);
  // Signing in again, even with the same email, then reaches nobody: it makes a new player.
  await app.db.delete(identities).where(eq(identities.userId, user.id));

  // Each void is its own transaction, as when an admin deletes an account: the account is closed,
  // so its creator can no longer resolve these bets meanwhile.
  for (const { id, role } of await openBetsDecidedBy(app.db, user.id)) {
    try {
      await voidBet(app, id, `${role}_deleted`, { actorId: user.id, delete: false });
    } catch (error) {
      // Deleted by an admin in the meantime: nothing left to refund.
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }
  // Their inbox has no reader any more (last: voiding may have added a refund notice of their own).
  await app.db.delete(notifications).where(eq(notifications.userId, user.id));
  return { ok: true };
}


/**
 * Removes the player's accounts on the embedded provider (password, email, mailed links), so the
 * address can sign up afresh as a new player. An account another user also signs in with (only if
 * identities were merged by hand) stays theirs.
 */
async function removeLocalAccounts(app: FastifyInstance, tx: Tx, userId: number): Promise<void> {
  const issuer = identityIssuerOfLocalAccounts(app.config);
  const mine = await tx
    .select({ subject: identities.subject })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.issuer, issuer)));
  const ids = mine.map((r) => r.subject).filter((subject) => /^\d+$/.test(subject)).map(Number);
  if (ids.length === 0) return;
  await tx.delete(localAccounts).where(
    and(
      inArray(localAccounts.id, ids),
      sql`not exists (select 1 from ${identities} other where other.issuer = ${issuer}
        and other.subject = ${localAccounts.id}::text and other.user_id <> ${userId})`,
    ),
  );
}

/** The outbox's mails to the erased address (queued, or kept after sending), unless another player has it too. */
async function dropMailTo(tx: Tx, userId: number, email: string): Promise<void> {
  const address = email.toLowerCase();
  const [shared] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) collate "C" = ${address}`, ne(users.id, userId)))
    .limit(1);
  if (shared) return;
  await tx.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = ${address}`);
}
