import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * Recomputes the whole read model from the rows (src/server/db/functions/rebuild_figures.sql,
 * the same function the migration that introduced it ran as its backfill).
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
