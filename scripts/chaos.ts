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
 * restarted at random moments. The players also form a few crews (docs/product.md §6.7), created
 * and joined by invite link: a share of the bets are crew bets, staked on by the crew's members
 * from their season balance (and now and then by a player outside the crew, who must be refused),
 * while members are removed and join again and the owners end seasons, voiding the open crew
 * bets, as the stakes race. Every operation is logged ok / failed / unknown. At the end the
 * books must balance to the cent, the players' own and every crew season's, no balance be
 * negative, no bet be paid twice, every acknowledged stake exist and no refused one, no stake of
 * an outsider stand on a crew bet, every acknowledged season end and membership change be there,
 * no jury bet be left waiting past its window, no vote come from outside its bet's seated jury,
 * and no dispute without a jury void its bet. Half the crew invite links are revoked once used,
 * and an outsider tries each revoked one.
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
/** The share of the created bets that are crew bets. */
const CREW_BET_SHARE = 0.3;

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
      // Friends from before every bet: each one's juries may seat them (docs/product.md §4.6).
      await app.db.insert(friendships).values({ requesterId: players[i]!.id, addresseeId: players[j]!.id, status: 'accepted', respondedAt: new Date() });
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
const playerById = new Map(players.map((p) => [p.id, p]));

// --- the workload ----------------------------------------------------------------------------
type Outcome = 'ok' | 'failed' | 'unknown';
interface StakeOp {
  userId: number;
  betId: number;
  amount: string;
  outcome: Outcome;
  /** A stake on a crew bet by one of the crew's outsiders: it must be refused. */
  outsider: boolean;
}
const stakeOps: StakeOp[] = [];
const counts: Record<string, Record<Outcome, number> & { refusedFor: Record<string, number>; unknownFor: Record<string, number> }> = {};
interface ChaosBet {
  id: number;
  creator: Player;
  jury: boolean;
  /** A crew bet's crew, or null for a bet among friends. */
  crew: ChaosCrew | null;
  /** When its creation was acknowledged. */
  ackAt: number;
}
const bets: ChaosBet[] = [];

// --- crews (docs/product.md §6.7) -------------------------------------------------------------
interface ChaosCrew {
  id: number;
  owner: Player;
  /** Who the clients believe are members now: a removal takes a player out as it is sent, a join puts them in once acknowledged. */
  members: Set<number>;
  /** Players who never try to join: each of their stakes on the crew's bets must be refused. */
  outsiders: Set<number>;
  /** The players who may join (everyone but the outsiders). */
  pool: Player[];
  seasonEnds: { ok: number; unknown: number };
}
const crews: ChaosCrew[] = [];
/** Every join and removal, to check at the end that each acknowledged one that raced nothing holds. */
interface MembershipOp {
  crew: ChaosCrew;
  userId: number;
  kind: 'join' | 'remove';
  outcome: Outcome;
  start: number;
  end: number;
}
const membershipOps: MembershipOp[] = [];
/** Violations seen while the workload runs: what an outsider was shown. */
const seenProblems: string[] = [];
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
    // A share of the bets are crew bets, made by one of the crew's members.
    const crew = random() < CREW_BET_SHARE ? pick(crews) : null;
    const creator = crew ? playerById.get(pick([...crew.members]))! : pick(players);
    const jury = random() < 0.4;
    const result = await call(creator, 'POST', '/api/bets', {
      title: `Chaos ${Math.floor(random() * 1e6)}`,
      description: 'Random',
      options: ['A', 'B', 'C'].slice(0, 2 + Math.floor(random() * 2)),
      ...(jury ? { resolution: { mode: 'jury' } } : {}),
      ...(crew ? { crewId: crew.id } : {}),
    });
    count(`${crew ? 'crew ' : ''}${jury ? 'create jury' : 'create'}`, result);
    if (result.outcome === 'ok') {
      const bet = { id: (result.json as { id: number }).id, creator, jury, crew, ackAt: Date.now() };
      bets.push(bet);
      openBets.push(bet);
    }
  } else if (r < 0.7) {
    const bet = pickBet();
    // On a crew bet, mostly one of its members (not its creator), now and then an outsider.
    const outsider = bet.crew !== null && random() < 0.1;
    const members = bet.crew ? [...bet.crew.members].filter((id) => id !== bet.creator.id) : [];
    const user = outsider
      ? playerById.get(pick([...bet.crew!.outsiders]))!
      : members.length > 0
        ? playerById.get(pick(members))!
        : pick(players);
    const amount = random() < 0.1 ? '1500.00' : (1 + Math.floor(random() * 12_000) / 100).toFixed(2);
    const result = await call(user, 'POST', `/api/bets/${bet.id}/participate`, { option: Math.floor(random() * 2), amount });
    count(outsider ? 'outsider stake' : bet.crew ? 'crew stake' : 'stake', result);
    stakeOps.push({ userId: user.id, betId: bet.id, amount, outcome: result.outcome, outsider });
  } else if (r < 0.74) {
    await crewOperation();
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

/** A call of the setup, before the nemesis starts: it must succeed. */
async function mustCall(player: Player, method: string, url: string, body?: unknown): Promise<unknown> {
  const result = await call(player, method, url, body);
  if (result.outcome !== 'ok') throw new Error(`chaos setup: ${method} ${url} was ${result.outcome}: ${JSON.stringify(result.json)}`);
  return result.json;
}

/** Joins `joiner` to the crew through a fresh invite link of `inviter`'s, logging the join. */
async function joinByInvite(crew: ChaosCrew, inviter: Player, joiner: Player, kind: string): Promise<Outcome> {
  const invite = await call(inviter, 'POST', `/api/crews/${crew.id}/invites`, {});
  count('crew invite', invite);
  if (invite.outcome !== 'ok') return invite.outcome;
  const { token } = invite.json as { token: string };
  if (random() < 0.3) count('invite preview', await call(joiner, 'GET', `/api/crews/join/${token}`));
  const start = Date.now();
  const result = await call(joiner, 'POST', `/api/crews/join/${token}`);
  membershipOps.push({ crew, userId: joiner.id, kind: 'join', outcome: result.outcome, start, end: Date.now() });
  count(kind, result);
  if (result.outcome === 'ok') crew.members.add(joiner.id);
  // Half the links are revoked once used, by their maker or the owner (a member holds at most 20
  // live ones); a revoked link lets nobody in, an outsider least of all.
  if (random() < 0.5) {
    const revoked = await call(random() < 0.5 ? inviter : crew.owner, 'DELETE', `/api/crews/${crew.id}/invites/${token}`);
    count('revoke invite', revoked);
    if (revoked.outcome === 'ok') {
      const outsider = playerById.get(pick([...crew.outsiders]))!;
      const sneaked = await call(outsider, 'POST', `/api/crews/join/${token}`);
      count('revoked link', sneaked);
      if (sneaked.outcome === 'ok') seenProblems.push(`revoked link of crew ${crew.id} let outsider ${outsider.id} in`);
    }
  }
  return result.outcome;
}

/**
 * The crews: each owned by one player, with a starting balance small enough that some stakes
 * overdraw it, a few outsiders who never join, and seven members who join by invite link.
 */
const CREWS = [
  { name: 'Chaos crew A', startingBalance: '1000.00', seasonDays: 30 },
  { name: 'Chaos crew B', startingBalance: '250.00', seasonDays: 30 },
  { name: 'Chaos crew C', startingBalance: '100.00', seasonDays: 7 },
];
const CREW_OUTSIDERS = 5;
const CREW_FIRST_MEMBERS = 7;
for (const [i, spec] of CREWS.entries()) {
  const owner = players[i]!;
  const created = (await mustCall(owner, 'POST', '/api/crews', spec)) as { id: number };
  const others = players.filter((p) => p !== owner).sort(() => random() - 0.5);
  const outsiders = others.slice(0, CREW_OUTSIDERS);
  const crew: ChaosCrew = {
    id: created.id,
    owner,
    members: new Set([owner.id]),
    outsiders: new Set(outsiders.map((p) => p.id)),
    pool: [owner, ...others.slice(CREW_OUTSIDERS)],
    seasonEnds: { ok: 0, unknown: 0 },
  };
  crews.push(crew);
  for (const joiner of others.slice(CREW_OUTSIDERS, CREW_OUTSIDERS + CREW_FIRST_MEMBERS)) {
    // Invited by the owner or by a member who joined before.
    const inviter = playerById.get(pick([...crew.members]))!;
    if ((await joinByInvite(crew, inviter, joiner, 'join crew')) !== 'ok') throw new Error(`chaos setup: player ${joiner.id} could not join crew ${crew.id}`);
  }
}
console.log(`chaos: ${crews.length} crews of ${crews.map((c) => c.members.size).join(', ')} members, each with ${CREW_OUTSIDERS} outsiders`);

/** One crew operation: a season end, a removal or a join, a chat message, or reads by a member and an outsider. */
async function crewOperation() {
  const crew = pick(crews);
  const c = random();
  if (c < 0.07) {
    // The owner ends the season now: its open bets are voided and refunded while stakes race.
    const start = Date.now();
    const result = await call(crew.owner, 'POST', `/api/crews/${crew.id}/seasons`, {});
    count('season end', result);
    if (result.outcome === 'ok') {
      crew.seasonEnds.ok += 1;
      for (let i = openBets.length - 1; i >= 0; i -= 1) {
        if (openBets[i]!.crew === crew && openBets[i]!.ackAt < start) openBets.splice(i, 1);
      }
    } else if (result.outcome === 'unknown') crew.seasonEnds.unknown += 1;
  } else if (c < 0.37) {
    const removable = [...crew.members].filter((id) => id !== crew.owner.id);
    const joinable = crew.pool.filter((p) => !crew.members.has(p.id));
    if (joinable.length === 0 || (removable.length > 3 && random() < 0.5)) {
      if (removable.length === 0) return;
      // The owner removes a member, or the member leaves.
      const userId = pick(removable);
      const leaves = random() < 0.3;
      crew.members.delete(userId);
      const start = Date.now();
      const result = await call(leaves ? playerById.get(userId)! : crew.owner, 'DELETE', `/api/crews/${crew.id}/members/${userId}`);
      membershipOps.push({ crew, userId, kind: 'remove', outcome: result.outcome, start, end: Date.now() });
      count(leaves ? 'leave crew' : 'remove member', result);
    } else {
      // A member invites a player (maybe one removed before, who finds their balance as they left it).
      await joinByInvite(crew, playerById.get(pick([...crew.members]))!, pick(joinable), 'join crew');
    }
  } else if (c < 0.55) {
    const member = playerById.get(pick([...crew.members]))!;
    count('crew message', await call(member, 'POST', `/api/crews/${crew.id}/messages`, { text: `Chaos ${Math.floor(random() * 1e6)}` }));
  } else {
    const member = playerById.get(pick([...crew.members]))!;
    const path = pick([
      '/api/crews',
      `/api/crews/${crew.id}`,
      `/api/crews/${crew.id}/standings`,
      `/api/crews/${crew.id}/seasons`,
      `/api/crews/${crew.id}/messages`,
      `/api/bets?crewId=${crew.id}`,
    ]);
    count('crew read', await call(member, 'GET', path));
    // An outsider is told the crew does not exist, and sees none of its bets.
    const outsider = playerById.get(pick([...crew.outsiders]))!;
    const seen = await call(outsider, 'GET', `/api/crews/${crew.id}`);
    count('outsider read', seen);
    if (seen.outcome === 'ok') seenProblems.push(`outsider ${outsider.id} was shown crew ${crew.id}`);
    const list = await call(outsider, 'GET', `/api/bets?crewId=${crew.id}`);
    if (list.outcome === 'ok' && Array.isArray(list.json) && list.json.length > 0) {
      seenProblems.push(`outsider ${outsider.id} was shown ${list.json.length} bets of crew ${crew.id}`);
    }
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
/**
 * The crews' own checks, beside the ledger audit (which checks every crew season's books): no
 * outsider's stake acknowledged or standing on a crew bet, each crew's seasons as its acknowledged
 * season ends say, each member with a balance in the current season, and each acknowledged join or
 * removal that was the last of its player and crew, raced no other and followed no unknown one,
 * holding. Answers the report's lines.
 */
async function checkCrews(app: Awaited<ReturnType<typeof buildApp>>, problems: string[]): Promise<string[]> {
  for (const op of stakeOps) {
    if (op.outsider && op.outcome === 'ok') problems.push(`outsider ${op.userId}'s stake on crew bet ${op.betId} was acknowledged`);
  }
  const crewStakes = rowsOf<{ bet_id: number; user_id: number; crew_id: number }>(
    await app.db.execute(sql`select s.bet_id, s.user_id, b.crew_id from stakes s join bets b on b.id = s.bet_id where b.crew_id is not null`),
  );
  const crewById = new Map(crews.map((c) => [c.id, c]));
  for (const s of crewStakes) {
    if (crewById.get(s.crew_id)?.outsiders.has(s.user_id)) problems.push(`outsider ${s.user_id} has a stake on bet ${s.bet_id} of crew ${s.crew_id}`);
  }
  const seasons = rowsOf<{ crew_id: number; seasons: number; current: number }>(
    await app.db.execute(sql`select crew_id, count(*)::int as seasons, count(*) filter (where ended_at is null)::int as current
      from crew_seasons group by crew_id`),
  );
  for (const crew of crews) {
    const row = seasons.find((s) => s.crew_id === crew.id);
    const ended = (row?.seasons ?? 0) - 1;
    if (row?.current !== 1) problems.push(`crew ${crew.id} has ${row?.current ?? 0} current seasons`);
    if (ended < crew.seasonEnds.ok || ended > crew.seasonEnds.ok + crew.seasonEnds.unknown) {
      problems.push(`crew ${crew.id}: ${ended} seasons ended, but ${crew.seasonEnds.ok} ends acknowledged and ${crew.seasonEnds.unknown} unknown`);
    }
  }
  const unfunded = rowsOf<{ crew_id: number; user_id: number }>(
    await app.db.execute(sql`select m.crew_id, m.user_id from crew_members m
      join crew_seasons s on s.crew_id = m.crew_id and s.ended_at is null
      left join crew_balances b on b.season_id = s.id and b.user_id = m.user_id
      where b.user_id is null`),
  );
  for (const row of unfunded) problems.push(`member ${row.user_id} of crew ${row.crew_id} has no balance in its current season`);
  const memberRows = rowsOf<{ crew_id: number; user_id: number }>(await app.db.execute(sql`select crew_id, user_id from crew_members`));
  const isMember = new Set(memberRows.map((m) => `${m.crew_id}:${m.user_id}`));
  const opsByPair = new Map<string, MembershipOp[]>();
  for (const op of membershipOps) {
    const key = `${op.crew.id}:${op.userId}`;
    opsByPair.set(key, [...(opsByPair.get(key) ?? []), op]);
  }
  let membershipsChecked = 0;
  for (const [key, ops] of opsByPair) {
    // Only the last change, acknowledged, that raced no other: an unknown one may have taken
    // effect at any moment (a request timed out by the client may still commit), so none may be there.
    const last = ops.reduce((a, b) => (b.start > a.start ? b : a));
    if (last.outcome !== 'ok' || ops.some((op) => op !== last && (op.end >= last.start || op.outcome === 'unknown'))) continue;
    membershipsChecked += 1;
    if (last.kind === 'join' && !isMember.has(key)) problems.push(`crew:user ${key} joined (acknowledged) but is not a member`);
    if (last.kind === 'remove' && isMember.has(key)) problems.push(`crew:user ${key} was removed (acknowledged) but is still a member`);
  }
  for (const crew of crews) if (!isMember.has(`${crew.id}:${crew.owner.id}`)) problems.push(`crew ${crew.id} lost its owner`);
  const [figures] = rowsOf<{ bets: number; resolved: number; voided: number; season_voided: number; stakes: number; refunded: number; seasons: number; members: number; messages: number }>(
    await app.db.execute(sql`select
        (select count(*)::int from bets where crew_id is not null) as bets,
        (select count(*)::int from bets where crew_id is not null and status = 'resolved') as resolved,
        (select count(*)::int from bets where crew_id is not null and status = 'void') as voided,
        (select count(*)::int from bets where crew_id is not null and void_reason = 'season_ended') as season_voided,
        (select count(*)::int from stakes s join bets b on b.id = s.bet_id where b.crew_id is not null) as stakes,
        (select count(*)::int from crew_ledger_entries where kind = 'refund') as refunded,
        (select count(*)::int from crew_seasons) as seasons,
        (select count(*)::int from crew_members) as members,
        (select count(*)::int from crew_messages) as messages`),
  );
  return [
    `crews ${crews.length}: ${figures?.seasons ?? 0} seasons (${crews.map((c) => `${c.seasonEnds.ok} ended + ${c.seasonEnds.unknown} unknown`).join(', ')}), ` +
      `${figures?.members ?? 0} members now, ${figures?.messages ?? 0} messages`,
    `crew bets ${figures?.bets ?? 0}: resolved ${figures?.resolved ?? 0}, voided ${figures?.voided ?? 0} (by a season's end ${figures?.season_voided ?? 0}); ` +
      `crew stakes placed ${figures?.stakes ?? 0}, crew refunds ${figures?.refunded ?? 0}; memberships checked against acknowledged changes ${membershipsChecked}`,
  ];
}

const problems: string[] = [...seenProblems];
let juryReport = '';
let crewReport: string[] = [];
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
    await app.db.execute(sql`select bet_id, user_id from (
        select bet_id, user_id from ledger_entries where kind in ('payout', 'refund')
        union all select bet_id, user_id from crew_ledger_entries where kind in ('payout', 'refund')) paid
      group by bet_id, user_id having count(*) > 1`),
  );
  for (const row of paidTwice) problems.push(`bet ${row.bet_id} paid user ${row.user_id} twice`);
  crewReport = await checkCrews(app, problems);
  const [jury] = rowsOf<{ settled: number; stood: number; by_jury: number; voided: number; to_admins: number; free_voids: number }>(
    await app.db.execute(sql`select count(*) filter (where status in ('resolved', 'void'))::int as settled,
        count(*) filter (where status = 'resolved' and resolved_by is null and votes_needed = 0)::int as stood,
        count(*) filter (where status = 'resolved' and resolved_by is null and votes_needed > 0)::int as by_jury,
        count(*) filter (where status = 'void' and void_reason like 'jury%')::int as voided,
        count(*) filter (where jury_ends_at is not null and votes_needed = 0)::int as to_admins,
        count(*) filter (where status = 'void' and void_reason like 'jury%' and votes_needed = 0)::int as free_voids
      from bets where resolution_mode = 'jury'`),
  );
  // A dispute with too few jurors to seat goes to the admins, and never voids the bet (§4.6).
  if ((jury?.free_voids ?? 0) > 0) problems.push(`${jury?.free_voids} jury bets were voided by a dispute without a jury`);
  const [stray] = rowsOf<{ n: number }>(
    await app.db.execute(sql`select count(*)::int as n from bet_votes v
      where not exists (select 1 from bet_jurors j where j.bet_id = v.bet_id and j.user_id = v.user_id)`),
  );
  if ((stray?.n ?? 0) > 0) problems.push(`${stray?.n} votes came from outside their bet's seated jury`);
  juryReport =
    `jury bets settled ${jury?.settled ?? 0}: proposals that stood ${jury?.stood ?? 0}, jury verdicts ${jury?.by_jury ?? 0}, ` +
    `voided by a jury ${jury?.voided ?? 0}; disputes left to the admins ${jury?.to_admins ?? 0}`;
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
for (const line of crewReport) console.log(`chaos: ${line}`);
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
console.log(
  `chaos: ok — ledger balanced to the cent (players and every crew season), every acknowledged stake present, no refused one (seed ${seed})`,
);
process.exit(0);
