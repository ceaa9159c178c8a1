import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type RawQuery } from '../../db/client.ts';

/**
 * Recomputes the whole read model from the rows (rebuild_figures, rebuild-figures.sql): for an
 * operator, `npm run figures:rebuild`.
 */
export async function rebuildFigures(db: Db): Promise<{ rows: number; players: number; ms: number }> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select rebuild_figures()`);
  });
  const [counted] = rowsOf<{ rows: number | string; players: number | string }>(
    await db.execute(sql`select count(*) as rows, count(distinct user_id) as players from player_figures`),
  );
  return { rows: Number(counted?.rows ?? 0), players: Number(counted?.players ?? 0), ms: Math.round(performance.now() - started) };
}

/**
 * What the migration that introduced the read model (0013_player_figures) needs once after its
 * SQL (db/migrate.ts runs it): the read model filled from the rows of that day, by the same
 * function as `npm run figures:rebuild`.
 */
export const figuresBackfills: Record<string, (query: RawQuery) => Promise<void>> = {
  '0013_player_figures': async (query) => {
    await query('select rebuild_figures()');
  },
};
