import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { checkRun, type Verdict } from './chaos/checks.ts';
import { caller } from './chaos/client.ts';
import { CREW_OUTSIDERS, setupCrews } from './chaos/crews.ts';
import { createChaosDatabase } from './chaos/database.ts';
import { seededDice } from './chaos/dice.ts';
import { Instances, runNemesis } from './chaos/instances.ts';
import { parseChaosOptions } from './chaos/options.ts';
import { createPlayers } from './chaos/players.ts';
import { startChaosProxy } from './chaos/proxy.ts';
import { report } from './chaos/report.ts';
import { runClients } from './chaos/workload.ts';
import { createWorld } from './chaos/world.ts';
import { ROOT, ensureServerBuild } from './lib/build.ts';
import { CADDYFILE, findCaddy } from './lib/caddy.ts';
import { freePort } from './lib/free-port.ts';

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
 *
 * Below, the run's steps in order; each piece (the database, the players, the instances and the
 * nemesis, Caddy, the crews, the workload, the checks, the report) is a file of scripts/chaos/.
 */

const { durationMs, seed, clients, throughProxy } = parseChaosOptions(process.argv.slice(2));
const PLAYERS = 20;
const startingMoney = (PLAYERS + 1) * 100_000;
/** A jury bet's windows, short enough to end many times in a run. */
const CHALLENGE_SECONDS = 3;
const JURY_SECONDS = 5;

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
const dice = seededDice(seed);

// 1. A fresh database, and with Redis two instances sharing it.
const adminUrl = process.env.DATABASE_URL;
const redisUrl = adminUrl ? process.env.REDIS_URL : undefined;
const database = await createChaosDatabase(adminUrl, seed);
const instanceCount = redisUrl ? 2 : 1;
console.log(`chaos: ${database.label}, ${instanceCount} instance(s)${redisUrl ? ' sharing Redis' : ''}`);

// 2. The players, their friendships and sessions, through the app's own services.
await ensureServerBuild();
const ports = await Promise.all(Array.from({ length: instanceCount }, freePort));
const proxyPort = throughProxy ? await freePort() : null;
const { players, admin } = await createPlayers(database.configFor(ports[0]!), PLAYERS);

// 3. The instances, and Caddy in front of them with --proxy.
const instances = new Instances({
  ports,
  publicUrl: (i) => `http://127.0.0.1:${proxyPort ?? ports[i]}`,
  trustProxy: throughProxy,
  databaseEnv: database.env,
  redisUrl,
  challengeSeconds: CHALLENGE_SECONDS,
  jurySeconds: JURY_SECONDS,
});
await instances.startAll();
const proxy = caddy && proxyPort ? await startChaosProxy(caddy, proxyPort, instances) : null;
if (proxy) console.log(`chaos: clients through Caddy at ${proxy.url} (${path.relative(ROOT, CADDYFILE)}), instances with TRUST_PROXY=1`);

// 4. The crews, made and joined by invite link before the nemesis starts.
const world = createWorld({ dice, players, admin, call: caller(proxy ? () => proxy.url : () => instances.liveUrl(dice.pick), dice.random) });
await setupCrews(world);
console.log(`chaos: ${world.crews.length} crews of ${world.crews.map((c) => c.members.size).join(', ')} members, each with ${CREW_OUTSIDERS} outsiders`);

// 5. The workload against the nemesis, until the deadline.
const deadline = Date.now() + durationMs;
const nemesis = runNemesis(instances, dice.random, deadline);
await runClients(world, clients, deadline);
const kills = await nemesis;
// The last windows end, and the instances' sweeps finish them: every jury bet settles.
await new Promise((r) => setTimeout(r, (JURY_SECONDS + 4) * 1000));
const sweptBy = new Date(Date.now() - 3000);
const proxyReport = proxy ? await proxy.stop() : null;
await instances.killAll();

// 6. The checks, on what the instances left; then the database goes.
let verdict: Verdict;
const app = await buildApp(database.configFor(ports[0]!));
try {
  verdict = await checkRun(app, { log: world.log, crews: world.crews, startingMoney, sweptBy });
} finally {
  await app.close();
  await database.remove();
}

process.exit(report({ seed, kills, verdict, proxyReport, placedHow: instances.placedHow, log: world.log }));
