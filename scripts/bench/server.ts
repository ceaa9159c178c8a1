import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ENTRY, ensureServerBuild } from '../lib/build.ts';
import { freePort } from '../lib/free-port.ts';
import { ROOT, progress, sleep } from './util.ts';

/**
 * The server under test: a real child process started the way production starts it
 * (NODE_ENV=production), on a free loopback port, with its own database.
 */
export interface ServerHandle {
  name: string;
  pid: number;
  url: string;
  /** Resident memory of the server process, from /proc/<pid>/status. */
  rssKb(): number;
  /** CPU time (user + system) the server process has used so far, in seconds. */
  cpuSeconds(): number;
  /** Waits until the server has answered every request it had taken (the load generator stops first). */
  settle(route: string): Promise<void>;
  /** The request-latency histogram of /metrics, for one route. */
  routeMetrics(route: string): Promise<RouteMetrics>;
  /** The whole text of /metrics. */
  metricsText(): Promise<string>;
  /**
   * Has V8 collect all garbage now, through the inspector (HeapProfiler.collectGarbage), so that
   * the RSS read next is what the server holds, not when it last collected. Needs `inspect`.
   */
  collectGarbage(): Promise<void>;
  stop(): Promise<void>;
}

export interface RouteMetrics {
  count: number;
  sumMs: number;
  /** Cumulative counts of the histogram: requests that took at most leMs. */
  buckets: { leMs: number; count: number }[];
}

/** What the server saw between two readings of /metrics: count, mean, and the histogram's percentiles as bucket bounds. */
export interface RouteTimes {
  count: number;
  meanMs: number;
  /** Upper bound of the histogram bucket holding the 50th / 99th percentile. */
  p50AtMostMs: number;
  p99AtMostMs: number;
}

/** Several servers' histograms as one (same buckets everywhere). */
export function sumRouteMetrics(list: RouteMetrics[]): RouteMetrics {
  const buckets = new Map<number, number>();
  for (const m of list) for (const b of m.buckets) buckets.set(b.leMs, (buckets.get(b.leMs) ?? 0) + b.count);
  return {
    count: list.reduce((n, m) => n + m.count, 0),
    sumMs: list.reduce((n, m) => n + m.sumMs, 0),
    buckets: [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([leMs, count]) => ({ leMs, count })),
  };
}

export function routeTimesBetween(before: RouteMetrics, after: RouteMetrics): RouteTimes {
  const count = after.count - before.count;
  const buckets = after.buckets.map((b) => ({
    leMs: b.leMs,
    count: b.count - (before.buckets.find((x) => x.leMs === b.leMs)?.count ?? 0),
  }));
  const bound = (p: number) => buckets.find((b) => b.count >= count * p)?.leMs ?? Number.POSITIVE_INFINITY;
  return {
    count,
    meanMs: count > 0 ? (after.sumMs - before.sumMs) / count : Number.NaN,
    p50AtMostMs: bound(0.5),
    p99AtMostMs: bound(0.99),
  };
}

export interface ServerOptions {
  name: string;
  /** PostgreSQL URL; without it the server uses embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  redisUrl?: string;
  /** Whether the server's database still has statements running (requests in flight). */
  databaseBusy?: () => Promise<boolean>;
  /** Writes a V8 CPU profile of the server to this directory when it exits. */
  cpuProfileDir?: string;
  /** Opens the inspector on loopback, for collectGarbage(). */
  inspect?: boolean;
}

const running = new Set<ServerHandle>();
// USER_HZ: 100 on every Linux this runs on.
const CLOCK_TICKS_PER_SECOND = 100;

/** Stops every server still running (the bench failed or was interrupted). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** Speed machinery every server of this run goes without (--plain), as the server's PLAIN_PATHS. */
export const runWithout: { plainPaths: string[] } = { plainPaths: [] };

export async function startServer(options: ServerOptions): Promise<ServerHandle> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const metricsToken = randomBytes(24).toString('hex');
  // Only what the server needs: nothing from the caller's environment picks another database or Redis.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    // Each benchmark user is distinct, but fan-out stakers and warm-ups may write more often.
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000000',
    RATE_LIMIT_READS_PER_MINUTE: '1000000000',
    METRICS_TOKEN: metricsToken,
    DATA_DIR: options.dataDir ?? path.join(ROOT, 'data'),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...(runWithout.plainPaths.length > 0 ? { PLAIN_PATHS: runWithout.plainPaths.join(',') } : {}),
  };
  await ensureServerBuild();
  const nodeArgs: string[] = [];
  if (options.cpuProfileDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  // On a port of the system's choosing, named on stderr.
  if (options.inspect) nodeArgs.push('--inspect=127.0.0.1:0');
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start the ${options.name} server`);

  let exited: number | null | undefined;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );
  const tail: string[] = [];
  let shown = 0;
  let suppressed = 0;
  let inspectorUrl: string | undefined;
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      const inspector = /^Debugger listening on (ws:\/\/\S+)/.exec(line);
      if (inspector) {
        inspectorUrl = inspector[1];
        continue;
      }
      if (line.startsWith('For help, see: https://nodejs.org')) continue;
      tail.push(line);
      if (tail.length > 50) tail.shift();
      // Warnings under load are worth seeing, but a flood of them must not bury the progress.
      if (line.startsWith('Betbro is running')) continue;
      if (shown < 10) {
        shown += 1;
        console.log(`  [${options.name} server] ${line.slice(0, 400)}`);
      } else suppressed += 1;
    }
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`the ${options.name} server exited with ${exited}:\n${tail.join('\n')}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the ${options.name} server did not become ready within 90 s:\n${tail.join('\n')}`);
    }
    await sleep(200);
  }

  let stopping: Promise<void> | null = null;
  const handle: ServerHandle = {
    name: options.name,
    pid,
    url,
    rssKb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
      if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
      return Number(match[1]);
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
    },
    async settle(route) {
      // Requests the load generator gave up on are still being answered; wait them out so that
      // stopping the server does not cut them off, and the next measurement starts clean.
      let last = -1;
      let quiet = 0;
      const deadline = Date.now() + 120_000;
      while (quiet < 3 && Date.now() < deadline) {
        const { count } = await handle.routeMetrics(route);
        const busy = options.databaseBusy ? await options.databaseBusy() : false;
        quiet = count === last && !busy ? quiet + 1 : 0;
        last = count;
        await sleep(400);
      }
    },
    async collectGarbage() {
      if (!inspectorUrl) throw new Error(`the ${options.name} server was not started with its inspector open`);
      const socket = new WebSocket(inspectorUrl);
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve, { once: true });
        socket.addEventListener('error', reject, { once: true });
      });
      try {
        // Twice: the first collection's finalizers may free more for the second.
        for (const id of [1, 2]) {
          const answered = new Promise((resolve) =>
            socket.addEventListener('message', (event) => JSON.parse(String(event.data)).id === id && resolve(undefined)),
          );
          socket.send(JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }));
          await answered;
        }
      } finally {
        socket.close();
      }
    },
    async metricsText() {
      return (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    },
    async routeMetrics(route) {
      return parseRouteMetrics(await handle.metricsText(), route);
    },
    stop() {
      stopping ??= (async () => {
        if (exited === undefined) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          await exitPromise;
          clearTimeout(timer);
        }
        running.delete(handle);
        if (suppressed > 0) console.log(`  [${options.name} server] ... ${suppressed} more log lines not shown`);
      })();
      return stopping;
    },
  };
  running.add(handle);
  progress(`${options.name} server ready at ${url} (pid ${pid})`);
  return handle;
}

/** Sums the http_request_duration_seconds histogram of one route over every status code. */
export function parseRouteMetrics(text: string, route: string): RouteMetrics {
  return parseHistogram(text, 'http_request_duration_seconds', `route="${route}"`);
}

/** A histogram of /metrics in seconds, summed over the series whose labels include `label` (all of them without). */
export function parseHistogram(text: string, name: string, label?: string): RouteMetrics {
  const buckets = new Map<number, number>();
  let count = 0;
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}_`) || (label !== undefined && !line.includes(label))) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith(`${name}_bucket`)) {
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (!le || le === '+Inf') continue;
      buckets.set(Number(le), (buckets.get(Number(le)) ?? 0) + value);
    } else if (line.startsWith(`${name}_count`)) count += value;
    else if (line.startsWith(`${name}_sum`)) sum += value;
  }
  return {
    count,
    sumMs: sum * 1000,
    buckets: [...buckets.entries()].sort((a, b) => a[0] - b[0]).map(([le, n]) => ({ leMs: le * 1000, count: n })),
  };
}
