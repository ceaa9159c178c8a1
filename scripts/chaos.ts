import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig, type Config } from '../src/server/config.ts';
import { rowsOf } from '../src/server/db/client.ts';
import { friendships } from '../src/server/features/friends/service.ts';
import { signInWithIdentity } from '../src/server/features/auth/service.ts';
import { createSession } from '../src/server/features/auth/sessions.ts';
import { auditLedger } from '../src/server/features/wallet/audit.ts';
import { ROOT, SERVER_ENTRY, ensureServerBuild } from './lib/build.ts';
import { CADDYFILE, findCaddy, startProxy, summarizeProxyLog, type RunningProxy } from './lib/caddy.ts';
import { freePort } from './lib/free-port.ts';
import { parseMetricSample } from './lib/metrics.ts';

/**
 * `npm run chaos`: a bank-style test in the manner of Jepsen's. Many clients run a seeded random
 * workload (stakes, some beyond the balance or repeated, bet creations, resolutions racing each
 * other, admin deletes, and jury bets: proposals, disputes and votes, with windows of a few
 * seconds that every instance's sweep finishes) against real server processes, which are killed with SIGKILL and
 * restarted at random moments. Every operation is logged ok / failed / unknown. At the end the
 * books must balance to the cent, no balance be negative, no bet be paid twice, every
 * acknowledged stake exist and no refused one, and no jury bet be left waiting past its window.
 *
 *   npm run chaos -- [--duration=60] [--seed=123] [--clients=12] [--proxy]
 * With DATABASE_URL (PostgreSQL) it works in a fresh database on that server, and with
 * REDIS_URL as well it runs two instances behind the clients; otherwise one instance on PGlite.
 * The clients call the instances directly, or with --proxy (two instances only) through Caddy
 * running deploy/Caddyfile, the example of docs/scaling.md, with TRUST_PROXY=1 on the instances:
 * then the clients know nothing of the kills, and Caddy has to route around a dead instance.
 */

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => a.slice(2).split('=') as [string, string]),
);
const durationMs = Number(args.duration ?? 60) * 1000;
const seed = Number(args.seed ?? Math.floor(Math.random() * 2 ** 31));
const clients = Number(args.clients ?? 12);
const throughProxy = 'proxy' in args;
const PLAYERS = 20;

const caddy = throughProxy ? findCaddy() : null;
if (throughProxy && !(process.env.DATABASE_URL && process.env.REDIS_URL)) {
  // One instance behind a proxy only turns its restarts into 503s: the shape to test is two.
  console.error('chaos: --proxy runs the two-instance shape, which needs DATABASE_URL and REDIS_URL');
  process.exit(2);
}
if (throughProxy && !caddy) {
  console.error('chaos: --proxy needs Caddy (Debian: apt-get install caddy; or set CADDY_PATH)');
  process.exit(2);
}

console.log(`chaos: seed ${seed} (replay with --seed=${seed}), ${durationMs / 1000} s, ${clients} clients`);

/** mulberry32: a small seeded PRNG, so a failing run replays. */
function prng(s: number) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(seed);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// --- the database -------------------------------------------------------------------------
const adminUrl = process.env.DATABASE_URL;
const redisUrl = adminUrl ? process.env.REDIS_URL : undefined;
let databaseUrl: string | undefined;
let dataDir: string | undefined;
const dbName = `betbro_chaos_${seed}_${Date.now() % 100000}`;
if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
} else {
  dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-chaos-'));
}
const instances = redisUrl ? 2 : 1;
console.log(`chaos: ${adminUrl ? `PostgreSQL database ${dbName}` : 'PGlite'}, ${instances} instance(s)${redisUrl ? ' sharing Redis' : ''}`);

function configFor(port: number): Config {
  return {
    ...loadConfig({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
      LOG_LEVEL: 'warn',
    }),
    backgroundJobs: false,
  };
}

// --- setup: players, friendships and sessions, through the app's own services ----------------
await ensureServerBuild();
const ports = await Promise.all(Array.from({ length: instances }, freePort));
const proxyPort = throughProxy ? await freePort() : null;
/** The address users reach: the proxy's, or with none each instance's own. */
const publicUrl = (i: number) => `http://127.0.0.1:${proxyPort ?? ports[i]}`;
interface Player {
  id: number;
  cookie: string;
}
const players: Player[] = [];
let adminPlayer: Player;
{
  const app = await buildApp(configFor(ports[0]!));
  for (let i = 0; i <= PLAYERS; i += 1) {
    const email = i === 0 ? 'chaos-admin@betbro.test' : `chaos-${i}@betbro.test`;
    const user = await signInWithIdentity(
      app.db,
      { issuer: 'urn:betbro:chaos', subject: email, email, emailVerified: true, name: null },
      ['chaos-admin@betbro.test'],
    );
    const session = await createSession(app.db, { userId: user.id });
    const player = { id: user.id, cookie: `betbro_session=${session.token}` };
    if (i === 0) adminPlayer = player;
    else players.push(player);
  }
  for (let i = 0; i < players.length; i += 1) {
    for (let j = i + 1; j < players.length; j += 1) {
      await app.db.insert(friendships).values({ requesterId: players[i]!.id, addresseeId: players[j]!.id, status: 'accepted' });
    }
  }
  await app.close();
}
const startingMoney = (PLAYERS + 1) * 100_000;
/** A jury bet's windows, short enough to end many times in a run. */
const CHALLENGE_SECONDS = 3;
const JURY_SECONDS = 5;

// --- the servers, and the nemesis that kills them ------------------------------------------
const servers: (ChildProcess | null)[] = ports.map(() => null);
const METRICS_TOKEN = randomBytes(24).toString('hex');
const up: boolean[] = ports.map(() => false);
function startServer(i: number) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(ports[i]),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl(i),
      ...(throughProxy ? { TRUST_PROXY: '1' } : {}),
      LOG_LEVEL: 'error',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      RATE_LIMIT_READS_PER_MINUTE: '1000000',
      METRICS_TOKEN,
      // Jury bets (docs/product.md §4.6) whose windows end while the nemesis is at work.
      CHALLENGE_WINDOW_SECONDS: String(CHALLENGE_SECONDS),
      JURY_WINDOW_SECONDS: String(JURY_SECONDS),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
  });
  servers[i] = child;
  return child;
}
async function waitReady(i: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${ports[i]}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) {
        up[i] = true;
        return;
      }
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${i} did not become ready`);
}
/** How the instances sent stakes to the database (alone or in batches), read just before each kill. */
const placedHow = new Map<string, number>();
async function countPlacements(i: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${ports[i]}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(1000),
    });
    const text = await response.text();
    for (const how of ['alone', 'batched', 'again_alone']) {
      placedHow.set(how, (placedHow.get(how) ?? 0) + parseMetricSample(text, `betbro_stakes_placed_total{how="${how}"}`));
    }
  } catch {
    // an instance that does not answer in time is not counted; the counts are only a guide
  }
}
async function kill(i: number) {
  const child = servers[i];
  if (child && child.exitCode === null && up[i]) await countPlacements(i);
  up[i] = false;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
for (let i = 0; i < instances; i += 1) startServer(i);
await Promise.all(ports.map((_, i) => waitReady(i)));
let proxy: RunningProxy | null = null;
const proxyDir = throughProxy ? mkdtempSync(path.join(tmpdir(), 'betbro-chaos-caddy-')) : null;
if (caddy && proxyPort && proxyDir) {
  proxy = await startProxy({ caddy, port: proxyPort, upstreams: ports.map((port) => `127.0.0.1:${port}`), dir: proxyDir }).catch(
    async (error: unknown) => {
      for (let i = 0; i < instances; i += 1) await kill(i);
      throw error;
    },
  );
  console.log(`chaos: clients through Caddy at ${proxy.url} (${path.relative(ROOT, CADDYFILE)}), instances with TRUST_PROXY=1`);
}

// --- the workload ----------------------------------------------------------------------------
type Outcome = 'ok' | 'failed' | 'unknown';
interface StakeOp {
  userId: number;
  betId: number;
  amount: string;
  outcome: Outcome;
}
const stakeOps: StakeOp[] = [];
const counts: Record<string, Record<Outcome, number> & { refusedFor: Record<string, number>; unknownFor: Record<string, number> }> = {};
interface ChaosBet {
  id: number;
  creator: Player;
  jury: boolean;
}
const bets: ChaosBet[] = [];
/** The `code` of an error answer (docs/product.md §11.2): why it was refused. */
const errorCode = (json: unknown): string | undefined => {
  const code = (json as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};
interface CallResult {
  outcome: Outcome;
  json?: unknown;
  /** For an unknown outcome: the 5xx status, or that no answer came. */
  unknownWhy?: string;
}
const count = (kind: string, { outcome, json, unknownWhy }: CallResult) => {
  counts[kind] ??= { ok: 0, failed: 0, unknown: 0, refusedFor: {}, unknownFor: {} };
  counts[kind][outcome] += 1;
  if (outcome === 'failed') {
    // A closed bet, the balance, a double stake...
    const reason = errorCode(json) ?? 'no code';
    counts[kind].refusedFor[reason] = (counts[kind].refusedFor[reason] ?? 0) + 1;
  }
  if (outcome === 'unknown' && unknownWhy) counts[kind].unknownFor[unknownWhy] = (counts[kind].unknownFor[unknownWhy] ?? 0) + 1;
};
// Most operations aim at the bets believed open, so that stakes land and resolutions and deletes
// give real pots back (otherwise the players' money ends up in pools nobody settles); the rest at
// any bet, closed and deleted ones included.
const openBets: ChaosBet[] = [];
/** Jury bets whose creator's proposal was acknowledged: a staker may dispute, a friend vote. */
const proposedBets: ChaosBet[] = [];
/** Jury bets with an acknowledged dispute: their jurors vote. */
const disputedBets: ChaosBet[] = [];
const pickBet = () => (openBets.length > 0 && random() < 0.85 ? pick(openBets) : pick(bets));
const CLOSED = new Set(['already_resolved', 'bet_not_found']);
/** The bet is settled or gone once an answer says so. */
const noteClosed = (bet: { id: number }, outcome: Outcome, json: unknown) => {
  if (outcome !== 'ok' && !(outcome === 'failed' && CLOSED.has(errorCode(json) ?? ''))) return;
  const at = openBets.findIndex((b) => b.id === bet.id);
  if (at >= 0) openBets.splice(at, 1);
};

/** Where a call goes: the proxy, or without one an instance believed up. */
function target(): string {
  if (proxy) return proxy.url;
  const live = ports.map((_, i) => i).filter((i) => up[i]);
  return `http://127.0.0.1:${ports[live.length > 0 ? pick(live) : 0]}`;
}

async function call(player: Player, method: string, url: string, body?: unknown): Promise<CallResult> {
  try {
    const res = await fetch(`${target()}${url}`, {
      method,
      headers: { cookie: player.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    const json = await res.json().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { outcome: 'ok', json };
    // A 5xx during a crash says nothing about whether the work committed.
    if (res.status >= 500) return { outcome: 'unknown', json, unknownWhy: String(res.status) };
    return { outcome: 'failed', json };
  } catch {
    // The instance is down or restarting: give it a moment rather than spinning.
    await new Promise((r) => setTimeout(r, 100 + random() * 200));
    return { outcome: 'unknown', unknownWhy: 'no answer' };
  }
}

/** "reason 12, other 3", the most frequent first. */
function listReasons(reasons: Record<string, number>): string {
  return Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
}

async function operation() {
  const r = random();
  if (r < 0.12 || openBets.length < 3) {
    const creator = pick(players);
    const jury = random() < 0.4;
    const result = await call(creator, 'POST', '/api/bets', {
      title: `Chaos ${Math.floor(random() * 1e6)}`,
      description: 'Random',
      options: ['A', 'B', 'C'].slice(0, 2 + Math.floor(random() * 2)),
      ...(jury ? { resolution: { mode: 'jury' } } : {}),
    });
    count(jury ? 'create jury' : 'create', result);
    if (result.outcome === 'ok') {
      const bet = { id: (result.json as { id: number }).id, creator, jury };
      bets.push(bet);
      openBets.push(bet);
    }
  } else if (r < 0.74) {
    const bet = pickBet();
    const user = pick(players);
    const amount = random() < 0.1 ? '1500.00' : (1 + Math.floor(random() * 12_000) / 100).toFixed(2);
    const result = await call(user, 'POST', `/api/bets/${bet.id}/participate`, { option: Math.floor(random() * 2), amount });
    count('stake', result);
    stakeOps.push({ userId: user.id, betId: bet.id, amount, outcome: result.outcome });
  } else if (r < 0.86) {
    const bet = pickBet();
    const winner = Math.floor(random() * 2);
    // Resolutions race each other: the creator (a jury bet's proposes) and an admin at the same moment.
    const results = await Promise.all([
      call(bet.creator, 'POST', `/api/bets/${bet.id}/resolve`, { winningOption: winner }),
      random() < (bet.jury ? 0.1 : 0.5) ? call(adminPlayer, 'POST', `/api/admin/bets/${bet.id}/resolve`, { winningOption: 1 - winner }) : null,
    ]);
    for (const [i, result] of results.entries()) {
      if (!result) continue;
      count(bet.jury && i === 0 ? 'propose' : 'resolve', result);
      // A proposal closes the bet to stakes; its settlement comes later.
      if (bet.jury && i === 0 && result.outcome === 'ok') proposedBets.push(bet);
      noteClosed(bet, result.outcome, result.json);
    }
  } else if (r < 0.91 && proposedBets.length > 0) {
    // Mostly a staker of the bet disputes; anyone else is refused.
    const bet = pick(proposedBets);
    const stakers = stakeOps.filter((o) => o.betId === bet.id && o.outcome === 'ok').map((o) => o.userId);
    const user = stakers.length > 0 && random() < 0.9 ? players.find((p) => p.id === pick(stakers))! : pick(players);
    const result = await call(user, 'POST', `/api/bets/${bet.id}/dispute`, { reason: 'Not what happened' });
    count('dispute', result);
    if (result.outcome === 'ok') disputedBets.push(bet);
  } else if (r < 0.96 && disputedBets.length > 0) {
    const bet = pick(disputedBets.slice(-3));
    count('vote', await call(pick(players), 'POST', `/api/bets/${bet.id}/votes`, { option: Math.floor(random() * 2) }));
  } else {
    const bet = pickBet();
    const result = await call(adminPlayer, 'DELETE', `/api/admin/bets/${bet.id}`);
    count('delete', result);
    noteClosed(bet, result.outcome, result.json);
  }
}

const deadline = Date.now() + durationMs;
let kills = 0;
const nemesis = (async () => {
  while (Date.now() < deadline - 5000) {
    await new Promise((r) => setTimeout(r, 3000 + random() * 6000));
    if (Date.now() >= deadline - 5000) break;
    const i = Math.floor(random() * instances);
    await kill(i);
    kills += 1;
    await new Promise((r) => setTimeout(r, 300 + random() * 1500));
    startServer(i);
    await waitReady(i);
  }
})();
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (Date.now() < deadline) await operation();
  }),
);
await nemesis;
// The last windows end, and the instances' sweeps finish them: every jury bet settles.
await new Promise((r) => setTimeout(r, (JURY_SECONDS + 4) * 1000));
const sweptBy = new Date(Date.now() - 3000);
let proxyReport: string | null = null;
if (proxy) {
  await proxy.stop();
  const { hostsBackUp, errors } = summarizeProxyLog(proxy.log());
  proxyReport = `Caddy's health checks on /readyz took an instance out and back ${hostsBackUp} times; requests Caddy failed: ${listReasons(errors) || 'none'}`;
  rmSync(proxyDir!, { recursive: true, force: true });
}
for (let i = 0; i < instances; i += 1) await kill(i);

// --- the checks ------------------------------------------------------------------------------
const problems: string[] = [];
let juryReport = '';
const app = await buildApp(configFor(ports[0]!));
try {
  const audit = await auditLedger(app.db);
  problems.push(...audit.violations);
  const money = audit.totals.balancesCents + audit.totals.openPoolsCents;
  if (money !== startingMoney || audit.totals.grantsCents !== startingMoney) {
    problems.push(`money changed: ${money} in play, ${audit.totals.grantsCents} granted, expected ${startingMoney}`);
  }
  const stakes = rowsOf<{ bet_id: number; user_id: number; amount_cents: number | string }>(
    await app.db.execute(sql`select bet_id, user_id, amount_cents from stakes`),
  );
  const placed = new Map(stakes.map((s) => [`${s.bet_id}:${s.user_id}`, Number(s.amount_cents)]));
  const byPair = new Map<string, StakeOp[]>();
  for (const op of stakeOps) byPair.set(`${op.betId}:${op.userId}`, [...(byPair.get(`${op.betId}:${op.userId}`) ?? []), op]);
  for (const [pair, ops] of byPair) {
    const acknowledged = ops.filter((o) => o.outcome === 'ok');
    if (acknowledged.length > 1) problems.push(`stake ${pair} was acknowledged ${acknowledged.length} times`);
    if (acknowledged.length === 1 && !placed.has(pair)) problems.push(`acknowledged stake ${pair} is missing`);
    if (acknowledged.length === 1 && placed.get(pair) !== Math.round(Number(acknowledged[0]!.amount) * 100)) {
      problems.push(`stake ${pair} holds ${placed.get(pair)} cents, acknowledged ${acknowledged[0]!.amount}`);
    }
    if (ops.every((o) => o.outcome === 'failed') && placed.has(pair)) problems.push(`refused stake ${pair} exists`);
  }
  for (const pair of placed.keys()) if (!byPair.has(pair)) problems.push(`stake ${pair} appeared from nowhere`);
  const waiting = rowsOf<{ id: number; status: string }>(
    await app.db.execute(sql`select id, status from bets
      where (status = 'proposed' and challenge_ends_at < ${sweptBy}) or (status = 'disputed' and jury_ends_at < ${sweptBy})`),
  );
  for (const bet of waiting) problems.push(`jury bet ${bet.id} is still ${bet.status} past its window`);
  const paidTwice = rowsOf<{ bet_id: number; user_id: number }>(
    await app.db.execute(sql`select bet_id, user_id from ledger_entries where kind in ('payout', 'refund') group by bet_id, user_id having count(*) > 1`),
  );
  for (const row of paidTwice) problems.push(`bet ${row.bet_id} paid user ${row.user_id} twice`);
  const [jury] = rowsOf<{ settled: number; stood: number; by_jury: number; voided: number }>(
    await app.db.execute(sql`select count(*) filter (where status in ('resolved', 'void'))::int as settled,
        count(*) filter (where status = 'resolved' and resolved_by is null and votes_needed = 0)::int as stood,
        count(*) filter (where status = 'resolved' and resolved_by is null and votes_needed > 0)::int as by_jury,
        count(*) filter (where status = 'void' and void_reason like 'jury%')::int as voided
      from bets where resolution_mode = 'jury'`),
  );
  juryReport = `jury bets settled ${jury?.settled ?? 0}: proposals that stood ${jury?.stood ?? 0}, jury verdicts ${jury?.by_jury ?? 0}, voided by a jury ${jury?.voided ?? 0}`;
} finally {
  await app.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

console.log(`chaos: ${kills} kills`);
console.log(`chaos: ${juryReport}`);
if (proxyReport) console.log(`chaos: ${proxyReport}`);
console.log('chaos: operations ok / failed / unknown:');
const how = (key: string) => placedHow.get(key) ?? 0;
console.log(`  stakes sent alone / in batches / alone again after a failed batch: ${how('alone')} / ${how('batched')} / ${how('again_alone')}`);
for (const [kind, c] of Object.entries(counts)) {
  const refused = listReasons(c.refusedFor);
  const unknown = listReasons(c.unknownFor);
  console.log(
    `  ${kind.padEnd(8)} ${c.ok} / ${c.failed} / ${c.unknown}${refused ? `  (refused: ${refused})` : ''}${unknown ? `  (unknown: ${unknown})` : ''}`,
  );
}
if (problems.length > 0) {
  for (const problem of problems) console.log(`VIOLATION ${problem}`);
  console.log(`chaos: FAILED with seed ${seed}`);
  process.exit(1);
}
console.log(`chaos: ok — ledger balanced to the cent, every acknowledged stake present, no refused one (seed ${seed})`);
process.exit(0);
