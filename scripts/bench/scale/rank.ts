import pg from 'pg';
import { percentile, round } from '../util.ts';

/** The viewer's all-time rank read the plain way and from the profit bands (decision record 017). */
export interface RankTiming {
  plainMs: number;
  bandsMs: number;
  rank: number;
}

/**
 * The viewer's all-time rank, read 200 times each way in PostgreSQL itself: the plain count of
 * everyone above, and the statement the server uses (src/server/features/figures/service.ts,
 * ranksOf). Both must give the same rank.
 */
export async function timeRank(url: string, viewer: number): Promise<RankTiming> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const me = (
      await client.query<{ profit: string; bucket: number }>(
        `select profit_cents as profit, rank_bucket as bucket from player_figures where user_id = $1 and period = 'all'`,
        [viewer],
      )
    ).rows[0]!;
    const plain = `select 1 + count(*) as rank from player_figures where listed and period = 'all' and starts_on = '1970-01-01' and profit_cents > $1`;
    const bands = `select 1
      + coalesce((select sum(players) from figures_ladder where period = 'all' and starts_on = '1970-01-01' and rank_bucket > $2), 0)
      + case when $2::integer < 0
          then coalesce((select sum(players) from figures_players where period = 'all' and starts_on = '1970-01-01'), 0)
            - coalesce((select sum(players) from figures_ladder where period = 'all' and starts_on = '1970-01-01'), 0)
          else 0 end
      + case when $2::integer <> 0 then (select count(*) from player_figures where listed and period = 'all'
          and starts_on = '1970-01-01' and rank_bucket = $2 and profit_cents > $1) else 0 end as rank`;
    const time = async (name: string, text: string, params: unknown[]) => {
      const times: number[] = [];
      let rank = 0;
      for (let i = 0; i < 220; i += 1) {
        const started = performance.now();
        rank = Number((await client.query<{ rank: string }>({ text, values: params, name })).rows[0]!.rank);
        if (i >= 20) times.push(performance.now() - started);
      }
      return { ms: round(percentile(times, 50), 3), rank };
    };
    const plainRun = await time('plain', plain, [me.profit]);
    const bandsRun = await time('bands', bands, [me.profit, me.bucket]);
    if (plainRun.rank !== bandsRun.rank) throw new Error(`rank ${plainRun.rank} counted plainly, ${bandsRun.rank} from the bands`);
    return { plainMs: plainRun.ms, bandsMs: bandsRun.ms, rank: bandsRun.rank };
  } finally {
    await client.end();
  }
}
