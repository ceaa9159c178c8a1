import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE } from '../../../shared/i18n/locale.ts';
import { formatCents } from '../../../shared/money.ts';
import { NOTIFICATION_TYPES, type Preferences, type UpdatePreferencesBody } from '../../../shared/schemas/notifications.ts';
import { computeAchievements, type FriendProfile, type OwnProfile } from '../../../shared/schemas/profiles.ts';
import { rowsOf } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { bets, stakes } from '../bets/service.ts';
import { userPreferences, type UserRow, users } from '../users/service.ts';
import { badRequest, notFound } from '../../errors.ts';
import { LOCALES, isLocale } from '../../i18n.ts';
import { visibleTo } from '../bets/service.ts';
import { areFriends, friendIdsOf } from '../friends/service.ts';
import { figuresOf } from '../figures/service.ts';
import { presentUser } from '../users/service.ts';

/**
 * Bets the owner created or staked on that the viewer may see, newest first. The candidates are
 * found from the owner's side (their newest bets, the bets of their stakes), so the cost follows
 * the owner's own activity, never the number of bets there are.
 */
async function recentBetsOf(app: FastifyInstance, owner: number, viewer: UserRow, limit: number) {
  const candidates = sql`(select id from ${bets} where creator_id = ${owner} and deleted_at is null order by id desc limit ${limit})
    union (select bet_id from ${stakes} where user_id = ${owner})`;
  const rows = await app.db
    .select({ bet: bets, stake: stakes })
    .from(bets)
    .leftJoin(stakes, and(eq(stakes.betId, bets.id), eq(stakes.userId, owner)))
    .where(and(sql`${bets.id} in (${candidates})`, visibleTo(viewer)))
    .orderBy(desc(bets.id))
    .limit(limit);
  return rows.map(({ bet, stake }) => ({
    id: bet.id,
    title: bet.title,
    category: bet.category,
    isResolved: bet.status === 'resolved',
    status: bet.status,
    expiresAt: bet.expiresAt?.toISOString() ?? null,
    createdAt: bet.createdAt.toISOString(),
    stake: stake ? { amount: formatCents(stake.amountCents), option: stake.optionIdx } : null,
  }));
}

/**
 * How many of the player's bets (created or staked on) are active: unresolved and not past their
 * expiry (src/shared/bet-phase.ts), the count My Bets and the dashboard show.
 */
async function activeBetsOf(app: FastifyInstance, userId: number): Promise<number> {
  const active = sql`b.status = 'active' and b.deleted_at is null and (b.expires_at is null or b.expires_at > now())`;
  const [row] = rowsOf<{ n: number | string }>(
    await app.db.execute(sql`select count(*) as n from (
      select b.id from ${bets} b where b.creator_id = ${userId} and ${active}
      union select b.id from ${stakes} s join ${bets} b on b.id = s.bet_id where s.user_id = ${userId} and ${active}) mine`),
  );
  return Number(row?.n ?? 0);
}

export async function ownProfile(app: FastifyInstance, user: UserRow): Promise<OwnProfile> {
  const [friends, allTime, recentBets, activeBets] = await Promise.all([
    friendIdsOf(app.db, user.id),
    figuresOf(app.db, user.id, 'all'),
    recentBetsOf(app, user.id, user, 5),
    activeBetsOf(app, user.id),
  ]);
  return {
    ...presentUser(user, allTime, { showEmail: true, isOnline: true }),
    friendsCount: friends.length,
    activeBets,
    totalWagered: allTime.wagered,
    achievements: computeAchievements({
      totalWins: allTime.wins,
      totalBets: allTime.bets,
      winRate: allTime.winRate,
      friends: friends.length,
    }),
    recentBets,
  };
}

export async function updateProfile(
  app: FastifyInstance,
  user: UserRow,
  changes: { bio?: string | null | undefined; location?: string | null | undefined; favoriteCategory?: string | null | undefined },
): Promise<UserRow> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return user;
  const [updated] = await app.db.update(users).set(set).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/** A friend's profile (docs/product.md §8.2): friends and admins only; anyone else gets 404. */
export async function friendProfile(app: FastifyInstance, viewer: UserRow, userId: number): Promise<FriendProfile> {
  const [owner] = await app.db.select().from(users).where(eq(users.id, userId));
  const allowed =
    owner && !owner.deactivatedAt && (viewer.role === 'admin' || viewer.id === userId || (await areFriends(app.db, viewer.id, userId)));
  if (!owner || !allowed) throw notFound('User not found', 'user_not_found');
  const [recentBets, friends, isOnline, allTime] = await Promise.all([
    recentBetsOf(app, owner.id, viewer, 5),
    friendIdsOf(app.db, owner.id),
    app.presence.isOnline(owner.id),
    figuresOf(app.db, owner.id, 'all'),
  ]);
  return {
    id: owner.id,
    username: owner.username,
    isOnline,
    createdAt: owner.createdAt.toISOString(),
    bio: owner.bio,
    location: owner.location,
    favoriteCategory: owner.favoriteCategory,
    totalBets: allTime.bets,
    totalWins: allTime.wins,
    winRate: allTime.winRate,
    recentBets,
    achievements: computeAchievements({
      totalWins: allTime.wins,
      totalBets: allTime.bets,
      winRate: allTime.winRate,
      friends: friends.length,
    }),
  };
}

type PreferencesRow = typeof userPreferences.$inferSelect;

function presentPreferences(row: PreferencesRow | undefined): Preferences {
  const muted = new Set(row?.mutedNotifications ?? []);
  const mailed = row?.emailModes ?? {};
  return {
    theme: row?.theme ?? 'system',
    notifications: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, !muted.has(type)])) as Preferences['notifications'],
    privacy: { showOnLeaderboard: row?.showOnLeaderboard ?? true, findableByEmail: row?.findableByEmail ?? true },
    email: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, mailed[type] ?? 'off'])) as Preferences['email'],
    quietHours: row?.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
    timeZone: row?.timeZone ?? null,
    locale: row?.locale ?? DEFAULT_LOCALE,
  };
}

export async function getPreferences(app: FastifyInstance, userId: number): Promise<Preferences> {
  const [row] = await app.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return presentPreferences(row);
}

/** Whether the database knows the time zone too: the daily digest reads the player's clock there. */
async function databaseKnowsTimeZone(app: FastifyInstance, name: string): Promise<boolean> {
  const [row] = rowsOf<{ known: boolean }>(await app.db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${name}) as known`));
  return row?.known === true;
}

/**
 * Applies a change and leaves every other setting as it is. The row is locked while the change
 * is merged in, so that changes arriving together (two switches flipped quickly, the browser's
 * time zone, a mail's unsubscribe link) each keep the others'.
 */
export async function updatePreferences(app: FastifyInstance, userId: number, changes: UpdatePreferencesBody): Promise<Preferences> {
  if (changes.timeZone !== undefined && !(await databaseKnowsTimeZone(app, changes.timeZone))) {
    throw badRequest('Unknown time zone', 'invalid_time_zone');
  }
  if (changes.locale !== undefined && !isLocale(changes.locale)) {
    throw badRequest(`Unsupported language: use one of ${LOCALES.join(', ')}`, 'unsupported_locale');
  }
  const row = await inTransaction(app.db, async (tx) => {
    await tx.insert(userPreferences).values({ userId }).onConflictDoNothing();
    const [locked] = await tx.select().from(userPreferences).where(eq(userPreferences.userId, userId)).for('update');
    const current = presentPreferences(locked);
    const notificationsOn = { ...current.notifications, ...changes.notifications };
    const email = { ...current.email, ...changes.email };
    const quietHours = changes.quietHours === undefined ? current.quietHours : changes.quietHours;
    const [updated] = await tx
      .update(userPreferences)
      .set({
        theme: changes.theme ?? current.theme,
        mutedNotifications: NOTIFICATION_TYPES.filter((type) => notificationsOn[type] === false),
        showOnLeaderboard: changes.privacy?.showOnLeaderboard ?? current.privacy.showOnLeaderboard,
        findableByEmail: changes.privacy?.findableByEmail ?? current.privacy.findableByEmail,
        emailModes: Object.fromEntries(
          NOTIFICATION_TYPES.flatMap((type) => (email[type] === 'off' ? [] : [[type, email[type]] as const])),
        ) as Record<string, 'instant' | 'daily'>,
        quietFrom: quietHours?.from ?? null,
        quietTo: quietHours?.to ?? null,
        timeZone: changes.timeZone ?? current.timeZone,
        locale: changes.locale ?? current.locale,
        updatedAt: new Date(),
      })
      .where(eq(userPreferences.userId, userId))
      .returning();
    return updated;
  });
  return presentPreferences(row);
}
