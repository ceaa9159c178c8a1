import { formatCents } from '../../../shared/money.ts';
import { winRatePercent, type User } from '../../../shared/schemas/users.ts';
import type { UserRow } from '../auth/sessions.ts';

/**
 * A user row as the API shows it (spec §3's User). The email is only shown to its owner and to
 * admins (DESIGN §7); `isOnline` and `rank` come from the live layer and the leaderboard.
 */
export function presentUser(
  row: UserRow,
  options: { showEmail: boolean; isOnline?: boolean; rank?: number | null },
): User {
  return {
    id: row.id,
    username: row.username,
    email: options.showEmail ? row.email : null,
    firstName: row.firstName,
    role: row.role,
    balance: formatCents(row.balanceCents),
    totalBets: row.totalBets,
    totalWins: row.totalWins,
    createdAt: row.createdAt.toISOString(),
    isOnline: options.isOnline ?? false,
    winRate: winRatePercent(row.totalWins, row.totalBets),
    totalWinnings: formatCents(row.totalWinningsCents),
    rank: options.rank ?? null,
    bio: row.bio,
    location: row.location,
    favoriteCategory: row.favoriteCategory,
  };
}
