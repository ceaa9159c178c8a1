import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchCards } from './bench/cards.ts';
import { benchClient } from './bench/client.ts';
import { formatProfile, summariseProfilesIn, type ProfileSummary } from './bench/cpu-profile.ts';
import { benchFanout } from './bench/fanout.ts';
import { benchRoutedFanout } from './bench/fanout-routed.ts';
import { benchFeed } from './bench/feed.ts';
import { benchInstances } from './bench/instances.ts';
import { EMBEDDED_PARTS, parseOptions, type Part } from './bench/options.ts';
import { benchPayouts } from './bench/payouts.ts';
import { BenchPostgres, runPgbench } from './bench/postgres.ts';
import { formatTable, rowsOf, targetsOf, type BenchResults } from './bench/report.ts';
import { runWithout, stopAllServers } from './bench/server.ts';
import { benchScale } from './bench/scale.ts';
import { SCALE_SIZES } from './bench/scale/sizes.ts';
import { benchStakesPglite, benchStakesPostgres } from './bench/stakes.ts';
import { benchStartup } from './bench/startup.ts';
import { ROOT, coresBetween, cpuSnapshot, progress } from './bench/util.ts';

// `npm run bench`: load benchmarks of the server (started as a real production-mode child
// process on 127.0.0.1) and of the client build, each printed against a reference measured in
// the same run. Needs DATABASE_URL; see docs/performance.md. Not part of `npm test`.

const options = parseOptions(process.argv.slice(2));
if (typeof options === 'string') {
  console.log(options);
  process.exit(options.startsWith('npm run bench') ? 0 : 2);
}
// The parts on the embedded database alone run without a PostgreSQL server.
const embeddedOnly = [...options.parts].every((part) => EMBEDDED_PARTS.includes(part));
const pgServerOrProblem = embeddedOnly ? null : BenchPostgres.fromEnv(process.env.DATABASE_URL);
if (typeof pgServerOrProblem === 'string') {
  console.error(pgServerOrProblem);
  process.exit(2);
}
const pgServer = pgServerOrProblem;
/** The PostgreSQL server, for a part that needs one (every part but EMBEDDED_PARTS, which then forced its check above). */
const postgres = () => pgServer!;

let cleaning: Promise<void> | null = null;
const cleanUp = () => (cleaning ??= stopAllServers().then(() => pgServer?.dropAll()));
process.once('SIGINT', () => {
  console.error('\ninterrupted: stopping the servers and dropping the bench databases');
  void cleanUp().finally(() => process.exit(130));
});

const profileRoot = path.join(ROOT, 'bench-profiles', new Date().toISOString().replace(/[:.]/g, '-'));
const profileDir = (part: string) => {
  if (!options.cpuProfile) return undefined;
  const dir = path.join(profileRoot, part);
  mkdirSync(dir, { recursive: true });
  return dir;
};

const startedAt = new Date();
// The load average lags by minutes; two seconds of /proc/stat say whether something runs now.
const idleCheck = cpuSnapshot();
await new Promise((resolve) => setTimeout(resolve, 2_000));
const busyCoresAtStart = coresBetween(idleCheck, cpuSnapshot(), 2).machine;
if (busyCoresAtStart > 0.25) {
  progress(`WARNING: something else is using ${busyCoresAtStart.toFixed(2)} of ${os.cpus().length} cores; the figures will be lower than on an idle machine`);
}
const pgbenchVersion = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
  postgres: pgServer ? await pgServer.version() : 'not used',
  pgbench: pgbenchVersion.status === 0 ? pgbenchVersion.stdout.trim() : 'not found',
  busyCoresAtStart: Number(busyCoresAtStart.toFixed(2)),
};
progress(`${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}; PostgreSQL: ${machine.postgres.split(' on ')[0]}`);
progress(`parts: ${[...options.parts].join(', ')}; ${options.durationSeconds} s per measured run`);
runWithout.plainPaths = options.plain;
if (options.plain.length > 0) progress(`servers run WITHOUT: ${options.plain.join(', ')} (PLAIN_PATHS)`);

const results: BenchResults = {};
let failed = false;
const attempt = async <T>(part: Part | 'pgbench', work: () => Promise<T>): Promise<T | { error: string }> => {
  try {
    return await work();
  } catch (error) {
    failed = true;
    const message = error instanceof Error ? error.message : String(error);
    progress(`${part} FAILED: ${message}`);
    await stopAllServers();
    return { error: message.slice(0, 2000) };
  }
};

try {
  const wants = (part: Part) => options.parts.has(part);
  if (wants('stakes')) {
    results.stakes = await attempt('stakes', () => benchStakesPostgres(postgres(), options.durationSeconds, profileDir('stakes')));
    // The reference runs with the server stopped, on the same PostgreSQL, right after.
    results.pgbench = await attempt('pgbench', () =>
      runPgbench(postgres(), { scale: 10, clients: 16, threads: 2, durationSeconds: options.durationSeconds }),
    );
  }
  if (wants('payouts')) results.payouts = await attempt('payouts', () => benchPayouts(postgres(), options.payoutBets, profileDir('payouts')));
  if (wants('feed')) results.feed = await attempt('feed', () => benchFeed(postgres(), options.durationSeconds, profileDir('feed')));
  if (wants('fanout')) {
    const redisUrl = process.env.BENCH_REDIS_URL;
    if (redisUrl) {
      const fanout = { instances: options.fanoutInstances, sockets: options.sockets ?? 20_000, audience: options.fanoutAudience, stakes: options.fanoutStakes };
      results.fanoutRouted = await attempt('fanout', () => benchRoutedFanout(postgres(), redisUrl, fanout));
    } else {
      // One process holds the server's sockets and another the clients': each within its descriptors.
      const sockets = Math.min(options.sockets ?? 5_000, 15_000);
      const fanout = { sockets, audience: Math.min(options.fanoutAudience, sockets), stakes: options.fanoutStakes };
      results.fanout = await attempt('fanout', () => benchFanout(postgres(), fanout, profileDir('fanout')));
    }
  }
  if (wants('pglite')) {
    // The embedded default is for one small group; a shorter run tells as much.
    const seconds = Math.max(5, Math.ceil(options.durationSeconds / 2));
    results.pglite = await attempt('pglite', () => benchStakesPglite(seconds, profileDir('pglite')));
  }
  if (wants('client')) results.client = await attempt('client', () => benchClient(postgres(), options.lighthouseRuns, options.lighthouseReports));
  if (wants('scale')) {
    const sizes = SCALE_SIZES.filter((size) => options.scaleSizes.includes(size.name));
    results.scale = await attempt('scale', () => benchScale(postgres(), { requests: options.scaleRequests, sizes }));
  }
  if (wants('startup')) results.startup = await attempt('startup', () => benchStartup(postgres()));
  if (wants('cards')) results.cards = await attempt('cards', () => benchCards());
  if (wants('instances')) {
    const redisUrl = process.env.BENCH_REDIS_URL;
    if (redisUrl) {
      results.instances = await attempt('instances', () => benchInstances(postgres(), redisUrl, options.durationSeconds, Math.min(options.fanoutStakes, 20)));
    } else {
      results.instances = { skipped: 'set BENCH_REDIS_URL to run two instances against that Redis' };
      progress('instances: skipped (set BENCH_REDIS_URL to run two server processes sharing the database and Redis)');
    }
  }
} finally {
  await cleanUp();
}

const ledgerBroken = [results.stakes, results.pglite, results.instances && 'stakes' in results.instances ? results.instances.stakes : undefined].some(
  (run) => run && 'ledger' in run && !run.ledger.ok,
);
const profiles: ProfileSummary[] = [];
if (options.cpuProfile) {
  for (const part of ['stakes', 'payouts', 'feed', 'fanout', 'pglite']) {
    for (const summary of summariseProfilesIn(path.join(profileRoot, part))) {
      profiles.push(summary);
      console.log(`\nCPU profile of the ${part} server (${path.relative(ROOT, summary.file)}):\n${formatProfile(summary)}`);
    }
  }
}

const targets = targetsOf(results);
console.log(formatTable(rowsOf(results), targets));
if (options.plain.length > 0) console.log(`(servers ran without: ${options.plain.join(', ')})`);
const output = path.resolve(ROOT, options.output);
writeFileSync(
  output,
  `${JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      options: { ...options, parts: [...options.parts] },
      machine,
      results,
      targets,
      ...(profiles.length > 0 ? { profiles } : {}),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten to ${path.relative(process.cwd(), output) || output}`);
if (ledgerBroken) console.error('THE LEDGER AUDIT FOUND VIOLATIONS: see above.');
process.exit(failed || ledgerBroken ? 1 : 0);
