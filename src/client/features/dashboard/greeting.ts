import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import { t } from '../../lib/i18n.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How the dashboard greets a player: "Welcome" on their first day, as long as they have not
 * staked yet (a player who has just chosen their username has done nothing to come back to);
 * "Welcome back" from their first stake or their second day on.
 */
export function greeting(user: Pick<CurrentUser, 'username' | 'totalBets' | 'createdAt'>, now = Date.now()): string {
  const newcomer = user.totalBets === 0 && now - Date.parse(user.createdAt) < DAY_MS;
  const values = { username: user.username };
  return newcomer ? t('dashboard.greeting.welcome', values) : t('dashboard.greeting.welcomeBack', values);
}
