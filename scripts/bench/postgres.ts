import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { coresBetween, cpuSnapshot, progress } from './util.ts';

/**
 * The PostgreSQL server named by DATABASE_URL. The bench only ever creates and drops databases
 * whose names it made up (betbro_bench_<run>_<part>); the database in the URL is used just to
 * connect and is never written to.
 */
export class BenchPostgres {
  readonly runId = randomBytes(4).toString('hex');
  private readonly created = new Set<string>();

  constructor(private readonly serverUrl: URL) {}

  static fromEnv(value: string | undefined): BenchPostgres | string {
    if (!value) {
      return 'npm run bench needs DATABASE_URL=postgres://user@host:port/db pointing at a PostgreSQL server. It creates its own betbro_bench_* databases there, drops them at the end, and never touches the one named in the URL.';
    }
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return `DATABASE_URL is not a URL: ${value}`;
    }
    if (!/^postgres(ql)?:$/.test(url.protocol)) return `DATABASE_URL must be a postgres:// URL, not ${url.protocol}//...`;
    return new BenchPostgres(url);
  }

  /** The same server, another database. */
  urlOf(database: string): string {
    const url = new URL(this.serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  }

  private async admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.serverUrl.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async version(): Promise<string> {
    return this.admin(async (c) => (await c.query<{ v: string }>('select version() as v')).rows[0]!.v);
  }

  /** A fresh, empty database; its name says it belongs to this bench run. */
  async createDatabase(part: string): Promise<{ name: string; url: string }> {
    const name = `betbro_bench_${this.runId}_${part}`;
    await this.admin((c) => c.query(`create database ${name}`));
    this.created.add(name);
    return { name, url: this.urlOf(name) };
  }

  /** Whether anyone is running a statement or holding a transaction open in `database`. */
  async busy(database: string): Promise<boolean> {
    return this.admin(async (c) => {
      const { rows } = await c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and state is not null and state <> 'idle'`,
        [database],
      );
      return (rows[0]?.n ?? 0) > 0;
    });
  }

  /** The server's WAL counters so far (pg_stat_wal): what every commit has written. */
  async walCounters(): Promise<WalCounters> {
    return this.admin(walCountersOf);
  }

  /**
   * A sampling profile of PostgreSQL: what the backends serving `database` are doing, polled
   * from pg_stat_activity until stopped. 'idle in transaction' means a transaction is open
   * while PostgreSQL waits for the application to send its next statement.
   */
  async sampleActivity(database: string, intervalMs = 50): Promise<() => Promise<ActivityProfile>> {
    const client = new pg.Client({ connectionString: this.serverUrl.toString() });
    await client.connect();
    const walBefore = await walCountersOf(client);
    const counts = new Map<string, number>();
    let samples = 0;
    let running = true;
    const loop = (async () => {
      while (running) {
        const { rows } = await client.query<{ state: string; query: string; wait: string | null }>(
          `select state, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 90) as query,
             wait_event_type || ':' || wait_event as wait from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() and state in ('active', 'idle in transaction')`,
          [database],
        );
        samples += 1;
        for (const row of rows) {
          // What an active backend waits for (a lock, the WAL flush), when it is not on a CPU.
          const key = row.state === 'active' ? `${row.wait ? `[${row.wait}] ` : ''}${row.query}` : `(idle in transaction, after: ${row.query})`;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    })();
    return async () => {
      running = false;
      await loop;
      const wal = walBetween(walBefore, await walCountersOf(client));
      await client.end();
      const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
      const waiting = [...counts.entries()].filter(([key]) => key.startsWith('(idle in transaction')).reduce((sum, [, n]) => sum + n, 0);
      return {
        samples,
        busyBackendsOnAverage: total / Math.max(1, samples),
        wal,
        idleInTransactionShare: waiting / Math.max(1, total),
        top: [...counts.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([query, n]) => ({ query, share: n / Math.max(1, total) })),
      };
    };
  }

  async dropDatabase(name: string): Promise<void> {
    if (!this.created.has(name)) throw new Error(`refusing to drop ${name}: this run did not create it`);
    await this.admin((c) => c.query(`drop database if exists ${name} with (force)`));
    this.created.delete(name);
  }

  async dropAll(): Promise<void> {
    for (const name of [...this.created]) {
      try {
        await this.dropDatabase(name);
      } catch (error) {
        console.error(`could not drop ${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/** WAL written: records, full-page images (a page's first change after a checkpoint) and bytes. */
export interface WalCounters {
  records: number;
  fullPageImages: number;
  bytes: number;
}

async function walCountersOf(client: pg.Client): Promise<WalCounters> {
  const { rows } = await client.query<{ records: string; fpi: string; bytes: string }>(
    'select wal_records as records, wal_fpi as fpi, wal_bytes as bytes from pg_stat_wal',
  );
  const row = rows[0]!;
  return { records: Number(row.records), fullPageImages: Number(row.fpi), bytes: Number(row.bytes) };
}

function walBetween(before: WalCounters, after: WalCounters): WalCounters {
  return {
    records: after.records - before.records,
    fullPageImages: after.fullPageImages - before.fullPageImages,
    bytes: after.bytes - before.bytes,
  };
}

export interface ActivityProfile {
  samples: number;
  /** WAL the whole server wrote while sampling (nothing else runs during a bench). */
  wal: WalCounters;
  /** Backends running a statement or holding a transaction open, at a time, on average. */
  busyBackendsOnAverage: number;
  /** Of those, the share that held a transaction open while waiting for the application. */
  idleInTransactionShare: number;
  /** The most frequent states: a statement running, or the statement a waiting transaction ran last. */
  top: { query: string; share: number }[];
}

export interface PgbenchResult {
  tps: number;
  latencyAverageMs: number;
  transactions: number;
  clients: number;
  threads: number;
  scale: number;
  durationSeconds: number;
  /** CPU cores PostgreSQL used during the run, and the whole machine (pgbench itself included). */
  postgresCpuCores: number;
  machineCpuCores: number;
  /** WAL written during the run, in all. */
  wal: WalCounters;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}:\n${out.slice(-2000)}`))));
  });
}

/** PostgreSQL's own TPC-B-like benchmark on a database of its own: the reference ceiling for writes. */
export async function runPgbench(pgServer: BenchPostgres, options: { scale: number; clients: number; threads: number; durationSeconds: number }): Promise<PgbenchResult> {
  const { name, url } = await pgServer.createDatabase('pgbench');
  try {
    progress(`pgbench: initialising scale ${options.scale} in ${name}`);
    await run('pgbench', ['-i', '-q', '-s', String(options.scale), url]);
    progress(`pgbench: TPC-B-like, ${options.clients} clients, ${options.threads} threads, ${options.durationSeconds} s`);
    const before = cpuSnapshot();
    const walBefore = await pgServer.walCounters();
    const out = await run('pgbench', ['-c', String(options.clients), '-j', String(options.threads), '-T', String(options.durationSeconds), url]);
    const cores = coresBetween(before, cpuSnapshot(), options.durationSeconds);
    const wal = walBetween(walBefore, await pgServer.walCounters());
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
    const processed = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
    if (!tps) throw new Error(`could not read pgbench's tps from:\n${out}`);
    return {
      tps: Number(tps),
      latencyAverageMs: Number(latency ?? Number.NaN),
      transactions: Number(processed ?? 0),
      clients: options.clients,
      threads: options.threads,
      scale: options.scale,
      durationSeconds: options.durationSeconds,
      postgresCpuCores: cores.postgres,
      machineCpuCores: cores.machine,
      wal,
    };
  } finally {
    await pgServer.dropDatabase(name);
  }
}
