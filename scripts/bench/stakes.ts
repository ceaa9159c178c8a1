import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../src/server/db/client.ts';
import { auditLedger } from '../../src/server/features/wallet/audit.ts';
import { analyze, openSetupApp } from './data.ts';
import { runLoad, type LoadResult } from './http-load.ts';
import type { ActivityProfile, BenchPostgres } from './postgres.ts';
import { parseHistogram, parseRouteMetrics, routeTimesBetween, startServer, sumRouteMetrics, type RouteMetrics, type RouteTimes, type ServerHandle } from './server.ts';
import { CREW_STAKE_SHARE, StakeSource } from './stake-source.ts';
import { coresBetween, cpuSnapshot, progress, round } from './util.ts';

/**
 * The stake bench: the stakes of stake-source.ts sent at 64 connections, warmed up, measured and
 * audited; the servers' /metrics say where a stake's time went.
 */

const CONNECTIONS = 64;
/**
 * Stakers made before the warm-up: enough for 5 s at 6,000 stakes/s, twice the pace seen here,
 * so that the warm-up never runs dry (it then sent requests that only answered 404, and its
 * pace, which sizes the measured run's stakers, came out too low).
 */
const WARMUP_STAKERS = 30_000;
export const STAKE_ROUTE = '/api/bets/:id/participate';

export interface StakeMeasurement {
  warmup: LoadResult;
  run: LoadResult;
  /** The servers' own view of the stake route (handler time, without queueing in front of it). */
  serverSide: RouteTimes;
  /**
   * Where the handler's time went (the servers' /metrics, per stake): waiting for a batch to take
   * the stake, and the database answering its batch (the call and the commit).
   */
  stakeTimes: { waited: RouteTimes; database: RouteTimes };
  /** CPU the server processes used during the measured run, in cores (1 = one core busy). */
  serverCpuCores: number;
  /** The same for all PostgreSQL processes, and for the machine as a whole (this bench included). */
  postgresCpuCores: number;
  machineCpuCores: number;
  /** This bench process (autocannon) and, as the rest of the machine's use, anything else running. */
  benchCpuCores: number;
  otherCpuCores: number;
  /** What PostgreSQL's backends were busy with during the run (PostgreSQL runs only). */
  postgresActivity?: ActivityProfile;
  /** When the measured run started and ended, to find its stakes. */
  window: { from: Date; to: Date };
}

/** The crew stakes among the stakes placed (docs/product.md §6.7). */
export interface CrewShare {
  /** The share of the stake requests that were crew stakes, by construction. */
  intended: number;
  /** Stakes placed in the measured run, and how many of them on crew bets. */
  placed: number;
  crewPlaced: number;
  /** crewPlaced / placed. */
  share: number;
  crews: number;
  crewBets: number;
}

export interface StakeRun extends StakeMeasurement {
  database: 'postgresql' | 'pglite';
  instances: number;
  /** The bets staked on: BET_COUNT among friends and the crews' bets. */
  bets: number;
  stakers: number;
  crewStakes: CrewShare;
  ledger: { ok: boolean; violations: string[]; summary: string };
}

/**
 * One reading of the servers' /metrics, summed over the servers: the stake route's latency and
 * where its time went (the stake-time histograms of features/bets/metrics.ts).
 */
async function stakeReadings(servers: ServerHandle[]): Promise<{ route: RouteMetrics; waited: RouteMetrics; database: RouteMetrics }> {
  const texts = await Promise.all(servers.map((s) => s.metricsText()));
  return {
    route: sumRouteMetrics(texts.map((t) => parseRouteMetrics(t, STAKE_ROUTE))),
    waited: sumRouteMetrics(texts.map((t) => parseHistogram(t, 'betbro_stake_wait_seconds'))),
    database: sumRouteMetrics(texts.map((t) => parseHistogram(t, 'betbro_stake_database_seconds'))),
  };
}

/** The stakes placed between `from` and `to` by the database's clock, and how many on crew bets. */
async function crewShareOf(app: FastifyInstance, source: StakeSource, window: { from: Date; to: Date }): Promise<CrewShare> {
  const [row] = rowsOf<{ placed: number; crew: number }>(
    await app.db.execute(sql`select count(*)::int as placed, count(*) filter (where b.crew_id is not null)::int as crew
      from stakes s join bets b on b.id = s.bet_id
      where s.created_at >= ${window.from.toISOString()}::timestamptz and s.created_at <= ${window.to.toISOString()}::timestamptz`),
  );
  const placed = Number(row?.placed ?? 0);
  const crewPlaced = Number(row?.crew ?? 0);
  const share = placed > 0 ? crewPlaced / placed : 0;
  progress(`crew stakes: ${round(share * 100, 1)}% of the ${placed} stakes placed in the measured run (${source.crews} crews, ${source.crewBets} crew bets)`);
  return { intended: CREW_STAKE_SHARE, placed, crewPlaced, share, crews: source.crews, crewBets: source.crewBets };
}

async function audit(app: FastifyInstance) {
  const { violations, totals } = await auditLedger(app.db);
  const summary = `${totals.users} users, ${totals.ledgerRows} ledger rows; balances + open pools = grants + adjustments = ${totals.grantsCents + totals.adjustmentsCents} cents`;
  progress(violations.length === 0 ? `ledger ok: ${summary}` : `LEDGER VIOLATIONS:\n  ${violations.join('\n  ')}`);
  return { ok: violations.length === 0, violations, summary };
}

function describe(label: string, result: LoadResult): string {
  const other = result.non2xx > 0 ? `, non-2xx ${result.non2xx} ${JSON.stringify(result.statusCodes)}` : '';
  return `${label}: ${round(result.okPerSecond)} stakes/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms${other}${result.errors ? `, errors ${result.errors}` : ''}`;
}

/**
 * After a top-up, a second, shorter warm-up: the top-up ends with ANALYZE, which makes every
 * connection plan its statements again, and a measured run that began at once spent its first two
 * seconds doing so (p50 63-85 ms in them, 37-53 ms in every later second of those runs, 2026-11-30).
 */
const SECOND_WARMUP_SECONDS = 3;

/**
 * Warm-up, then the measured run, against one server or several (connections spread evenly).
 * `topUp` makes more stakers between the two when the warm-up's pace says they may run short;
 * then a second warm-up (SECOND_WARMUP_SECONDS) precedes the measured run.
 */
export async function measureStakes(
  label: string,
  servers: ServerHandle[],
  source: StakeSource,
  durationSeconds: number,
  topUp: ((needed: number) => Promise<void>) | null,
  sampleActivity?: () => Promise<() => Promise<ActivityProfile>>,
): Promise<StakeMeasurement> {
  const urls = servers.map((s) => s.url);
  const warmupSeconds = Math.min(5, durationSeconds);
  progress(`${label}: warm-up, ${CONNECTIONS} connections, ${warmupSeconds} s`);
  const warmup = await runLoad({ urls, connections: CONNECTIONS, durationSeconds: warmupSeconds, next: source.next });
  progress(describe(`${label} warm-up`, warmup));
  if (topUp) {
    // Enough stakers that nobody stakes twice, even at three times the warm-up's pace: the first
    // warm-up runs cold, and the measured run went 2.6 times as fast as one (1,827 against 700 stakes/s).
    const needed = Math.ceil(Math.max(warmup.okPerSecond, 100) * (SECOND_WARMUP_SECONDS + durationSeconds) * 3) + 2_000 - source.remaining;
    if (needed > 0) {
      await topUp(needed);
      progress(`${label}: warm-up again after the top-up, ${CONNECTIONS} connections, ${SECOND_WARMUP_SECONDS} s`);
      progress(describe(`${label} second warm-up`, await runLoad({ urls, connections: CONNECTIONS, durationSeconds: SECOND_WARMUP_SECONDS, next: source.next })));
    }
  }
  for (const server of servers) await server.settle(STAKE_ROUTE);
  progress(`${label}: measuring, ${CONNECTIONS} connections, ${durationSeconds} s`);
  const before = await stakeReadings(servers);
  const cpuBefore = servers.map((s) => s.cpuSeconds());
  const machineBefore = cpuSnapshot();
  const benchBefore = process.cpuUsage();
  const stopSampling = sampleActivity ? await sampleActivity() : null;
  const from = new Date();
  const run = await runLoad({ urls, connections: CONNECTIONS, durationSeconds, next: source.next });
  const to = new Date();
  const postgresActivity = stopSampling ? await stopSampling() : undefined;
  const serverCpuCores = servers.reduce((sum, s, i) => sum + s.cpuSeconds() - cpuBefore[i]!, 0) / run.durationSeconds;
  const cores = coresBetween(machineBefore, cpuSnapshot(), run.durationSeconds);
  const benchUsage = process.cpuUsage(benchBefore);
  const benchCpuCores = (benchUsage.user + benchUsage.system) / 1e6 / run.durationSeconds;
  const otherCpuCores = Math.max(0, cores.machine - serverCpuCores - cores.postgres - benchCpuCores);
  progress(
    `${describe(label, run)}; CPU cores in use: server ${round(serverCpuCores, 2)}, PostgreSQL ${round(cores.postgres, 2)}, ` +
      `bench ${round(benchCpuCores, 2)}, anything else ${round(otherCpuCores, 2)}`,
  );
  if (postgresActivity) {
    const { busyBackendsOnAverage, idleInTransactionShare, top } = postgresActivity;
    progress(
      `${label}: PostgreSQL backends busy on average: ${round(busyBackendsOnAverage, 1)}, of which ${Math.round(idleInTransactionShare * 100)}% ` +
        'held a transaction open waiting for the server; most frequent states (sampled from pg_stat_activity):',
    );
    for (const a of top.slice(0, 8)) console.log(`    ${(a.share * 100).toFixed(1).padStart(5)}%  ${a.query}`);
  }
  if (run.exhausted) progress(`${label}: WARNING the stakers ran out before the time was up; the rate is over the shorter run`);
  for (const server of servers) await server.settle(STAKE_ROUTE);
  const after = await stakeReadings(servers);
  const stakeTimes = {
    waited: routeTimesBetween(before.waited, after.waited),
    database: routeTimesBetween(before.database, after.database),
  };
  progress(
    `${label}: in the handler, waiting for a batch mean ${round(stakeTimes.waited.meanMs, 1)} ms (p99 <= ${stakeTimes.waited.p99AtMostMs} ms), ` +
      `the batch in the database mean ${round(stakeTimes.database.meanMs, 1)} ms (p99 <= ${stakeTimes.database.p99AtMostMs} ms)`,
  );
  return {
    warmup,
    run,
    serverSide: routeTimesBetween(before.route, after.route),
    stakeTimes,
    serverCpuCores,
    postgresCpuCores: cores.postgres,
    machineCpuCores: cores.machine,
    benchCpuCores,
    otherCpuCores,
    ...(postgresActivity ? { postgresActivity } : {}),
    window: { from, to },
  };
}

export async function benchStakesPostgres(pgServer: BenchPostgres, durationSeconds: number, cpuProfileDir?: string): Promise<StakeRun> {
  const { name, url } = await pgServer.createDatabase('stakes');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    const source = await StakeSource.create(app);
    await source.add(WARMUP_STAKERS);
    await analyze(app);
    const server = await startServer({ name: 'stakes', databaseUrl: url, cpuProfileDir, databaseBusy: () => pgServer.busy(name) });
    try {
      const measured = await measureStakes(
        'stakes',
        [server],
        source,
        durationSeconds,
        async (needed) => {
          progress(`stakes: creating ${needed} more stakers`);
          await source.add(needed);
          await analyze(app);
        },
        () => pgServer.sampleActivity(name),
      );
      await server.stop();
      const crewStakes = await crewShareOf(app, source, measured.window);
      progress('stakes: auditing the ledger of the bench database');
      const ledger = await audit(app);
      return { database: 'postgresql', instances: 1, bets: source.bets, stakers: source.total, ...measured, crewStakes, ledger };
    } finally {
      await server.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}

/** Two server processes on one database and one Redis, the stakes spread over both. */
export async function benchStakesTwoInstances(pgServer: BenchPostgres, redisUrl: string, durationSeconds: number): Promise<StakeRun> {
  const { name, url } = await pgServer.createDatabase('instances');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    const source = await StakeSource.create(app);
    await source.add(WARMUP_STAKERS);
    await analyze(app);
    const databaseBusy = () => pgServer.busy(name);
    const servers = [
      await startServer({ name: 'instance-a', databaseUrl: url, redisUrl, databaseBusy }),
      await startServer({ name: 'instance-b', databaseUrl: url, redisUrl, databaseBusy }),
    ];
    try {
      const measured = await measureStakes('two instances', servers, source, durationSeconds, async (needed) => {
        progress(`two instances: creating ${needed} more stakers`);
        await source.add(needed);
        await analyze(app);
      });
      for (const server of servers) await server.stop();
      const crewStakes = await crewShareOf(app, source, measured.window);
      progress('two instances: auditing the ledger of the bench database');
      const ledger = await audit(app);
      return { database: 'postgresql', instances: 2, bets: source.bets, stakers: source.total, ...measured, crewStakes, ledger };
    } finally {
      for (const server of servers) await server.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}

/** The embedded default: the same workload on PGlite, which only the server process may open. */
export async function benchStakesPglite(durationSeconds: number, cpuProfileDir?: string): Promise<StakeRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-bench-pglite-'));
  try {
    let source: StakeSource;
    {
      const app = await openSetupApp({ kind: 'pglite', dataDir });
      try {
        source = await StakeSource.create(app);
        // Made before the server starts, so generously: several times PGlite's pace here.
        const count = Math.max(4_000, 400 * (durationSeconds + 5));
        progress(`pglite: creating ${count} stakers`);
        await source.add(count);
        await analyze(app);
      } finally {
        await app.close();
      }
    }
    const server = await startServer({ name: 'pglite', dataDir, cpuProfileDir });
    let measured: StakeMeasurement;
    try {
      measured = await measureStakes('pglite', [server], source, durationSeconds, null);
    } finally {
      await server.stop();
    }
    const app = await openSetupApp({ kind: 'pglite', dataDir });
    try {
      const crewStakes = await crewShareOf(app, source, measured.window);
      progress('pglite: auditing the ledger');
      const ledger = await audit(app);
      return { database: 'pglite', instances: 1, bets: source.bets, stakers: source.total, ...measured, crewStakes, ledger };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
