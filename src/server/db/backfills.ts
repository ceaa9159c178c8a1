import type { RawQuery } from './client.ts';

/**
 * Code some migrations need once after their SQL, keyed by the migration's tag: it runs after
 * every migration and the functions of ./functions are in place (migrate.ts), so it may call them.
 */
export const BACKFILLS: Record<string, (query: RawQuery) => Promise<void>> = {
  // The read model of the player figures and the platform totals, filled from today's rows by
  // the same function as `npm run figures:rebuild`.
  '0013_player_figures': async (query) => {
    await query('select rebuild_figures()');
  },
};
