import { openDatabase } from '../../src/server/db/client.ts';
import { BACKFILLS } from '../../src/server/backfills.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import type { BenchPostgres } from './postgres.ts';
import { checkCrewData, type CrewData } from './scale/crew-books.ts';
import { generationSql } from './scale/generate.ts';
import { timeRank, type RankTiming } from './scale/rank.ts';
import { timeRoutes, type RouteTiming } from './scale/routes.ts';
import { SCALE_SIZES, type ScaleSize } from './scale/sizes.ts';
import { prepareSubjects } from './scale/subjects.ts';
import { startServer } from './server.ts';
import { progress, round } from './util.ts';

/**
 * Scale: does a request cost more as the user base grows? Two PostgreSQL databases of the same
 * shape, one ten times the other (players, bets, stakes; 25 friends each; an activity, a ledger
 * row and a notification per stake; a crew per ten players, with its seasons, bets, stakes and
 * chat), generated in SQL. Against each, one signed-in player, one admin, a bet's creator and
 * anyone without a session call every GET route of the API one request after another, each route
 * as its callers would, and the medians and 99th percentiles of the two sizes are set side by side.
 */

export interface ScaleRun {
  size: ScaleSize;
  generateSeconds: number;
  crewData: CrewData;
  routes: RouteTiming[];
  rank: RankTiming;
}

export interface ScaleResult {
  requestsPerRoute: number;
  runs: ScaleRun[];
  /** Per route: the large size's median, and how many times the small one's it is. */
  growth: { route: string; as: string; smallMs: number; largeMs: number; ratio: number; smallP99Ms: number; largeP99Ms: number }[];
}

/**
 * Each size in turn: a fresh database, migrated, its data generated (scale/generate.ts,
 * scale/generate-crews.ts), the players who call and what they call with (scale/subjects.ts), the crews' books
 * checked (scale/crew-books.ts), the viewer's rank timed in PostgreSQL (scale/rank.ts), then a
 * server on it and every GET route timed (scale/routes.ts). Then the two sizes side by side.
 */
export async function benchScale(pgServer: BenchPostgres, options: { requests: number; sizes?: ScaleSize[] }): Promise<ScaleResult> {
  const runs: ScaleRun[] = [];
  for (const size of options.sizes ?? SCALE_SIZES) {
    const db = await pgServer.createDatabase(`scale_${size.name}`);
    progress(`scale ${size.name}: ${size.players} players, ${size.bets} bets, ${size.stakes} stakes`);
    const started = performance.now();
    const database = await openDatabase({ kind: 'postgres', url: db.url });
    try {
      await migrate(database, BACKFILLS);
      await database.withConnection(async (query) => {
        for (const statement of generationSql(size)) await query(statement);
      });
    } finally {
      await database.close();
    }
    const subjects = await prepareSubjects(db.url, size);
    const generateSeconds = round((performance.now() - started) / 1000, 1);
    progress(`scale ${size.name}: data made in ${generateSeconds} s`);
    const crewData = await checkCrewData(db.url);
    progress(
      `scale ${size.name}: ${crewData.crews} crews, ${crewData.members} members, ${crewData.seasons} seasons (${crewData.pastSeasons} past), ` +
        `${crewData.bets} crew bets, ${crewData.stakes} crew stakes, ${crewData.messages} crew messages; crew books balanced`,
    );
    const rank = await timeRank(db.url, subjects.viewer);
    const server = await startServer({ name: `scale-${size.name}`, databaseUrl: db.url });
    try {
      const routes = await timeRoutes(server.url, subjects, options.requests);
      runs.push({ size, generateSeconds, crewData, routes, rank });
    } finally {
      await server.stop();
      await pgServer.dropDatabase(db.name);
    }
  }
  const [small, large] = runs;
  const growth =
    small && large
      ? large.routes.map((l) => {
          const s = small.routes.find((r) => r.route === l.route)!;
          return {
            route: l.route,
            as: l.as,
            smallMs: s.medianMs,
            largeMs: l.medianMs,
            ratio: round(l.medianMs / s.medianMs, 2),
            smallP99Ms: s.p99Ms,
            largeP99Ms: l.p99Ms,
          };
        })
      : [];
  return { requestsPerRoute: options.requests, runs, growth };
}
