import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { BetStatus } from '../../../shared/schemas/bets.ts';

/** One deadline of a player's (docs/product.md §6.9): a bet's close, or the end of a jury they sit on. */
export interface BetDeadline {
  betId: number;
  title: string;
  status: BetStatus;
  kind: 'closes' | 'jury';
  at: Date;
}

/** At most this many bets, the newest: a calendar is for what is coming, not an archive. */
export const DEADLINES_MAX = 500;

/**
 * The deadlines of the bets a player created, staked on or sits on the jury of, newest bet first,
 * one per bet: the jury's end where they are a seated juror of a disputed bet, else the bet's own
 * end (none for a bet without one). Only bets they may see, by bet_viewers (visibility.sql), and
 * never a deleted one. The cap is written into the statement, not sent as a parameter: with it as
 * a parameter PostgreSQL's generic plan, used after five calls, walked every bet backwards by id
 * (100-390 ms at 100,000 players in the scale bench, 0.3 ms with the constant).
 */
export async function deadlinesOf(db: Db, userId: number): Promise<BetDeadline[]> {
  const rows = rowsOf<{ id: number; title: string; status: BetStatus; expires_at: string | Date | null; jury_ends_at: string | Date | null; juror: boolean }>(
    await db.execute(sql`
      with mine as (
        select id as bet_id from bets where creator_id = ${userId} and deleted_at is null
        union select bet_id from stakes where user_id = ${userId}
        union select bet_id from bet_jurors where user_id = ${userId}
      )
      select b.id, b.title, b.status, b.expires_at, b.jury_ends_at,
        exists (select 1 from bet_jurors j where j.bet_id = b.id and j.user_id = ${userId}) as juror
      from mine m join bets b on b.id = m.bet_id
      where b.deleted_at is null
        and exists (select 1 from bet_viewers v where v.bet_id = b.id and v.viewer_id = ${userId})
      order by b.id desc
      limit ${sql.raw(String(DEADLINES_MAX))}`),
  );
  return rows.flatMap((row): BetDeadline[] => {
    const jury = row.juror && row.status === 'disputed' && row.jury_ends_at !== null;
    const at = jury ? row.jury_ends_at : row.expires_at;
    if (at === null) return [];
    return [{ betId: row.id, title: row.title, status: row.status, kind: jury ? 'jury' : 'closes', at: new Date(at) }];
  });
}
