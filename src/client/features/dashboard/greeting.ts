import type { CurrentUser } from '../../../shared/schemas/auth.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How the dashboard greets a player: "Welcome" on their first day, as long as they have not
 * staked yet (a player who has just chosen their username has done nothing to come back to);
 * "Welcome back" from their first stake or their second day on.
 */
export function greeting(user: Pick<CurrentUser, 'username' | 'totalBets' | 'createdAt'>, now = Date.now()): string {
  const newcomer = user.totalBets === 0 && now - Date.parse(user.createdAt) < DAY_MS;
  return `${newcomer ? 'Welcome' : 'Welcome back'}, ${user.username}!`;
}
