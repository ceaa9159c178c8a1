import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { auditLedger } from '../../src/server/features/wallet/audit.ts';
import { analyze, createBets, createSyntheticUsers, makeFriends, openSetupApp, userRows } from './data.ts';
import { runLoad, type LoadRequest, type LoadResult } from './http-load.ts';
import type { ActivityProfile, BenchPostgres } from './postgres.ts';
import { routeTimesBetween, startServer, sumRouteMetrics, type RouteTimes, type ServerHandle } from './server.ts';
import { coresBetween, cpuSnapshot, progress, round } from './util.ts';

/**
 * Stakes: distinct users each staking once (POST /api/bets/:id/participate) on a spread of
 * bets. Each staker is a friend of the bet's creator, since only friends see a bet. Consecutive
 * stakes go to different bets, as many people betting on many bets would.
 */

const BET_COUNT = 200;
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
}

export interface StakeRun extends StakeMeasurement {
  database: 'postgresql' | 'pglite';
  instances: number;
  bets: number;
  stakers: number;
  ledger: { ok: boolean; violations: string[]; summary: string };
}

export class StakeSource {
  private readonly queue: LoadRequest[] = [];
  private position = 0;
  private created = 0;

  private constructor(
    private readonly app: FastifyInstance,
    private readonly betIds: number[],
    private readonly creatorIds: number[],
  ) {}

  /** The bets' creators and their bets, one bet each. */
  static async create(app: FastifyInstance): Promise<StakeSource> {
    progress(`stakes: ${BET_COUNT} creators and their bets`);
    const creators = await createSyntheticUsers(app, 'crt', BET_COUNT);
    const rows = await userRows(app, creators.map((c) => c.id));
    const betIds = await createBets(app, creators.map((c) => rows.get(c.id)!), 1, 'Synthetic stake-bench bet');
    return new StakeSource(app, betIds, creators.map((c) => c.id));
  }

  get total() {
    return this.created;
  }

  get remaining() {
    return this.queue.length - this.position;
  }

  /** More stakers, each a friend of the creator of the one bet they will stake on. */
  async add(count: number): Promise<void> {
    const stakers = await createSyntheticUsers(this.app, 'stk', count, this.created);
    const pairs: [number, number][] = [];
    stakers.forEach((staker, i) => {
      const n = this.created + i;
      const slot = n % this.betIds.length;
      pairs.push([staker.id, this.creatorIds[slot]!]);
      this.queue.push({
        method: 'POST',
        path: `/api/bets/${this.betIds[slot]!}/participate`,
        cookie: staker.cookie,
        body: JSON.stringify({ option: n % 3, amount: `${5 + (n % 50)}.00` }),
      });
    });
    await makeFriends(this.app, pairs);
    this.created += count;
  }

  next = (): LoadRequest | null => this.queue[this.position++] ?? null;
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
 * Warm-up, then the measured run, against one server or several (connections spread evenly).
 * `topUp` makes more stakers between the two when the warm-up's pace says they may run short.
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
    // Enough stakers that nobody stakes twice, even at twice the warm-up's pace.
    const needed = Math.ceil(Math.max(warmup.okPerSecond, 100) * durationSeconds * 2) + 2_000 - source.remaining;
    if (needed > 0) await topUp(needed);
  }
  for (const server of servers) await server.settle(STAKE_ROUTE);
  progress(`${label}: measuring, ${CONNECTIONS} connections, ${durationSeconds} s`);
  const before = await Promise.all(servers.map((s) => s.routeMetrics(STAKE_ROUTE)));
  const cpuBefore = servers.map((s) => s.cpuSeconds());
  const machineBefore = cpuSnapshot();
  const benchBefore = process.cpuUsage();
  const stopSampling = sampleActivity ? await sampleActivity() : null;
  const run = await runLoad({ urls, connections: CONNECTIONS, durationSeconds, next: source.next });
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
  const after = await Promise.all(servers.map((s) => s.routeMetrics(STAKE_ROUTE)));
  return {
    warmup,
    run,
    serverSide: routeTimesBetween(sumRouteMetrics(before), sumRouteMetrics(after)),
    serverCpuCores,
    postgresCpuCores: cores.postgres,
    machineCpuCores: cores.machine,
    benchCpuCores,
    otherCpuCores,
    ...(postgresActivity ? { postgresActivity } : {}),
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
      progress('stakes: auditing the ledger of the bench database');
      const ledger = await audit(app);
      return { database: 'postgresql', instances: 1, bets: BET_COUNT, stakers: source.total, ...measured, ledger };
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
      progress('two instances: auditing the ledger of the bench database');
      const ledger = await audit(app);
      return { database: 'postgresql', instances: 2, bets: BET_COUNT, stakers: source.total, ...measured, ledger };
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
      progress('pglite: auditing the ledger');
      const ledger = await audit(app);
      return { database: 'pglite', instances: 1, bets: BET_COUNT, stakers: source.total, ...measured, ledger };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
