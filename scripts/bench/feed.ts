import type { FastifyInstance } from 'fastify';
import { auditLedger } from '../../src/server/features/wallet/audit.ts';
import { analyze, createSyntheticUsers, openSetupApp, type BenchUser } from './data.ts';
import { runLoad, type LoadRequest, type LoadResult } from './http-load.ts';
import type { ActivityProfile, BenchPostgres } from './postgres.ts';
import { parseMetricSample } from '../lib/metrics.ts';
import { routeTimesBetween, startServer, type RouteTimes, type ServerHandle } from './server.ts';
import { coresBetween, cpuSnapshot, progress, round } from './util.ts';

/**
 * Feed reads: GET /api/bets/friends for users with 50 friends each, in a database of 10,000
 * users and 100,000 bets, against GET /api/users/preferences (the session lookup and one read of
 * a row by its key: the cheapest authenticated route; /api/auth/user also reads the caller's
 * figures and rank) measured the same way in the same run.
 *
 * The data is SYNTHETIC and bulk-inserted with SQL: users with their grants and sessions, a ring
 * of friendships (each user befriends the 25 after it, so everyone has 50), and 100,000 open
 * bets with 2 or 3 options each, spread evenly over the users. Bets carry no stakes.
 */

interface CoreUse {
  server: number;
  postgres: number;
  machine: number;
}

const USERS = 10_000;
const BETS = 100_000;
const FRIENDS_EACH_WAY = 25;
// Enough to keep both cores busy; more would only lengthen the queue in front of a slow route.
const CONNECTIONS = 16;
const FEED_ROUTE = '/api/bets/friends';
const TRIVIAL_ROUTE = '/api/users/preferences';

export interface FeedRun {
  users: number;
  bets: number;
  friendsPerUser: number;
  feed: LoadResult;
  trivial: LoadResult;
  /** feed okPerSecond / trivial okPerSecond */
  ratio: number;
  serverSide: { feed: RouteTimes; trivial: RouteTimes };
  /** CPU cores in use during each measured run: the server, PostgreSQL, the whole machine. */
  cpuCores: { feed: CoreUse; trivial: CoreUse };
  /** What PostgreSQL's backends were busy with during the feed run. */
  postgresActivity: ActivityProfile;
  /**
   * During the measured feed run: bets of a page found presented at their current version
   * (the server's bet cache, decision record 011), and read anew.
   */
  betCache: { hits: number; misses: number; hitRate: number };
  /** Visible bets the feed answered with, on average (the page is capped at 50). */
  betsPerResponse: number;
  ledger: { ok: boolean; violations: string[] };
}

export async function loadSyntheticFeed(app: FastifyInstance): Promise<BenchUser[]> {
  progress(`feed: ${USERS} synthetic users with grants and sessions`);
  const users = await createSyntheticUsers(app, 'feed', USERS);
  const ids = users.map((u) => u.id);
  progress(`feed: friendships (${USERS * FRIENDS_EACH_WAY} pairs, ${FRIENDS_EACH_WAY * 2} friends each)`);
  await app.database.withConnection((query) =>
    query(
      `insert into friendships (requester_id, addressee_id, status, responded_at)
       select ids[i], ids[1 + (i - 1 + d) % n], 'accepted', now()
       from (select $1::int[] as ids, cardinality($1::int[]) as n) s,
         generate_series(1, s.n) as i, generate_series(1, $2::int) as d`,
      [ids, FRIENDS_EACH_WAY],
    ),
  );
  progress(`feed: ${BETS} synthetic bets and their options`);
  await app.database.withConnection(async (query) => {
    await query(
      `insert into bets (creator_id, title, description, category, created_at, updated_at)
       select ids[1 + g % cardinality(ids)], '[synthetic] Feed bench bet #' || g,
         'Synthetic data for the feed benchmark.',
         (array['Sports', 'Entertainment', 'Politics', 'Personal', 'General'])[1 + g % 5],
         now() - make_interval(secs => ($2::int - g) * 30), now() - make_interval(secs => ($2::int - g) * 30)
       from (select $1::int[] as ids) s, generate_series(1, $2::int) as g`,
      [ids, BETS],
    );
    await query(
      `insert into bet_options (bet_id, idx, label)
       select b.id, i, (array['Yes', 'No', 'Push'])[i + 1]
       from bets b, generate_series(0, 1 + (b.id % 3 = 0)::int) as i
       where b.title like '[synthetic] Feed bench bet #%'`,
    );
  });
  await analyze(app);
  return users;
}

function cycle(users: BenchUser[], path: string): () => LoadRequest {
  let i = 0;
  return () => {
    const user = users[i++ % users.length]!;
    return { method: 'GET', path, cookie: user.cookie };
  };
}

async function measure(
  server: ServerHandle,
  route: string,
  users: BenchUser[],
  durationSeconds: number,
  sampleActivity: () => Promise<() => Promise<ActivityProfile>>,
) {
  const before = await server.routeMetrics(route);
  const stopSampling = await sampleActivity();
  const serverCpuBefore = server.cpuSeconds();
  const machineBefore = cpuSnapshot();
  const result = await runLoad({ urls: [server.url], connections: CONNECTIONS, durationSeconds, next: cycle(users, route) });
  const cores = { server: (server.cpuSeconds() - serverCpuBefore) / result.durationSeconds, ...coresBetween(machineBefore, cpuSnapshot(), result.durationSeconds) };
  const activity = await stopSampling();
  await server.settle(route);
  const times = routeTimesBetween(before, await server.routeMetrics(route));
  progress(
    `${route}: ${round(result.okPerSecond)} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms${result.non2xx ? `, non-2xx ${result.non2xx}` : ''}; ` +
      `CPU cores: server ${round(cores.server, 2)}, PostgreSQL ${round(cores.postgres, 2)}, whole machine ${round(cores.machine, 2)}`,
  );
  return { result, times, cores, activity };
}

export async function benchFeed(pgServer: BenchPostgres, durationSeconds: number, cpuProfileDir?: string): Promise<FeedRun> {
  const { name, url } = await pgServer.createDatabase('feed');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    const users = await loadSyntheticFeed(app);
    const sample = users[0]!;
    const server = await startServer({ name: 'feed', databaseUrl: url, cpuProfileDir, databaseBusy: () => pgServer.busy(name) });
    try {
      const response = await fetch(`${server.url}${FEED_ROUTE}`, { headers: { cookie: sample.cookie } });
      const page = (await response.json()) as unknown[];
      if (!response.ok || !Array.isArray(page)) throw new Error(`the feed answered ${response.status}`);
      const warmupSeconds = Math.min(5, durationSeconds);
      progress(`feed: warm-up, ${CONNECTIONS} connections, ${warmupSeconds} s per route`);
      await runLoad({ urls: [server.url], connections: CONNECTIONS, durationSeconds: warmupSeconds, next: cycle(users, TRIVIAL_ROUTE) });
      await runLoad({ urls: [server.url], connections: CONNECTIONS, durationSeconds: warmupSeconds, next: cycle(users, FEED_ROUTE) });
      await server.settle(FEED_ROUTE);
      progress(`feed: measuring the trivial route, then the feed, ${CONNECTIONS} connections, ${durationSeconds} s each`);
      const sampler = () => pgServer.sampleActivity(name);
      const trivial = await measure(server, TRIVIAL_ROUTE, users, durationSeconds, sampler);
      const cacheLookups = async () => {
        const text = await server.metricsText();
        const count = (result: string) => parseMetricSample(text, `betbro_bet_cache_lookups_total{result="${result}"}`);
        return { hits: count('hit'), misses: count('miss') };
      };
      const cacheBefore = await cacheLookups();
      const feed = await measure(server, FEED_ROUTE, users, durationSeconds, sampler);
      const cacheAfter = await cacheLookups();
      const hits = cacheAfter.hits - cacheBefore.hits;
      const misses = cacheAfter.misses - cacheBefore.misses;
      progress(`feed: bet cache ${hits} hits, ${misses} misses during the feed run`);
      progress(`feed: PostgreSQL backends busy on average during the feed run: ${round(feed.activity.busyBackendsOnAverage, 1)}; most frequent:`);
      for (const a of feed.activity.top.slice(0, 3)) console.log(`    ${(a.share * 100).toFixed(1).padStart(5)}%  ${a.query}`);
      await server.stop();
      const { violations } = await auditLedger(app.db);
      return {
        users: USERS,
        bets: BETS,
        friendsPerUser: FRIENDS_EACH_WAY * 2,
        feed: feed.result,
        trivial: trivial.result,
        ratio: trivial.result.okPerSecond > 0 ? feed.result.okPerSecond / trivial.result.okPerSecond : Number.NaN,
        serverSide: { feed: feed.times, trivial: trivial.times },
        cpuCores: { feed: feed.cores, trivial: trivial.cores },
        postgresActivity: feed.activity,
        betCache: { hits, misses, hitRate: hits + misses > 0 ? hits / (hits + misses) : 0 },
        betsPerResponse: page.length,
        ledger: { ok: violations.length === 0, violations },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}
