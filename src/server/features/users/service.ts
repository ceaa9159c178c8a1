import type { Db } from '../../db/client.ts';
import type { PlayerFigures } from '../../../shared/player-figures.ts';
import type { User } from '../../../shared/schemas/users.ts';
import { formatCents } from '../../../shared/money.ts';
import type { UserRow } from './tables.ts';
import { figuresOf } from '../figures/service.ts';

/**
 * A user row as the API shows it (the User of docs/product.md §2.1), with their all-time figures
 * (src/shared/player-figures.ts). The email is only shown to its owner and to admins
 * (docs/product.md §5.3); `isOnline` comes from the live layer.
 */
export function presentUser(row: UserRow, allTime: PlayerFigures, options: { showEmail: boolean; isOnline?: boolean }): User {
  return {
    id: row.id,
    username: row.username,
    email: options.showEmail ? row.email : null,
    firstName: row.firstName,
    role: row.role,
    balance: formatCents(row.balanceCents),
    totalBets: allTime.bets,
    totalWins: allTime.wins,
    createdAt: row.createdAt.toISOString(),
    isOnline: options.isOnline ?? false,
    winRate: allTime.winRate,
    totalWinnings: allTime.profit,
    rank: allTime.rank,
    bio: row.bio,
    location: row.location,
    favoriteCategory: row.favoriteCategory,
  };
}

/** presentUser with the user's all-time figures read for it. */
export async function presentUserWithFigures(
  db: Db,
  row: UserRow,
  options: { showEmail: boolean; isOnline?: boolean },
): Promise<User> {
  return presentUser(row, await figuresOf(db, row.id, 'all'), options);
}

// Other features read and join these tables; they import them from here.
export { userPreferences, users, type UserRow } from './tables.ts';
export { claimableUsername, usernameBackfills, usernameTaken } from './usernames.ts';
