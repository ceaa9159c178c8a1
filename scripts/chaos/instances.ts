import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT, SERVER_ENTRY } from '../lib/build.ts';
import { parseMetricSample } from '../lib/metrics.ts';

export interface InstanceSettings {
  /** One port per instance. */
  ports: number[];
  /** The address users reach instance `i` at (its PUBLIC_URL): the proxy's, or with none its own. */
  publicUrl: (i: number) => string;
  /** Behind a proxy: the instances trust its X-Forwarded-For (TRUST_PROXY=1). */
  trustProxy: boolean;
  /** DATABASE_URL or DATA_DIR. */
  databaseEnv: Record<string, string>;
  redisUrl: string | undefined;
  /** A jury bet's windows, short enough to end many times in a run. */
  challengeSeconds: number;
  jurySeconds: number;
}

/** The server processes under test, each built as production runs it, killed with SIGKILL and started again. */
export class Instances {
  readonly ports: number[];
  private readonly servers: (ChildProcess | null)[];
  /** Whether each instance answered /readyz since it was last started, and has not been killed since. */
  private readonly up: boolean[];
  private readonly metricsToken = randomBytes(24).toString('hex');
  /** How the instances sent stakes to the database (alone or in batches), read just before each kill. */
  readonly placedHow = new Map<string, number>();

  constructor(private readonly settings: InstanceSettings) {
    this.ports = settings.ports;
    this.servers = settings.ports.map(() => null);
    this.up = settings.ports.map(() => false);
  }

  get count(): number {
    return this.ports.length;
  }

  /** Starts every instance and waits until each is ready. */
  async startAll(): Promise<void> {
    for (let i = 0; i < this.count; i += 1) this.start(i);
    await Promise.all(this.ports.map((_, i) => this.waitReady(i)));
  }

  start(i: number): void {
    const { settings } = this;
    this.servers[i] = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(this.ports[i]),
        HOST: '127.0.0.1',
        PUBLIC_URL: settings.publicUrl(i),
        ...(settings.trustProxy ? { TRUST_PROXY: '1' } : {}),
        LOG_LEVEL: 'error',
        RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
        RATE_LIMIT_READS_PER_MINUTE: '1000000',
        METRICS_TOKEN: this.metricsToken,
        // Jury bets (docs/product.md §4.6) whose windows end while the nemesis is at work.
        CHALLENGE_WINDOW_SECONDS: String(settings.challengeSeconds),
        JURY_WINDOW_SECONDS: String(settings.jurySeconds),
        ...settings.databaseEnv,
        ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
      },
    });
  }

  async waitReady(i: number, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${this.ports[i]}/readyz`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) {
          this.up[i] = true;
          return;
        }
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`instance ${i} did not become ready`);
  }

  /** Adds instance `i`'s counts of stakes placed alone or in batches to `placedHow`. */
  private async countPlacements(i: number): Promise<void> {
    try {
      const response = await fetch(`http://127.0.0.1:${this.ports[i]}/metrics`, {
        headers: { authorization: `Bearer ${this.metricsToken}` },
        signal: AbortSignal.timeout(1000),
      });
      const text = await response.text();
      for (const how of ['alone', 'batched', 'again_alone']) {
        this.placedHow.set(how, (this.placedHow.get(how) ?? 0) + parseMetricSample(text, `betbro_stakes_placed_total{how="${how}"}`));
      }
    } catch {
      // an instance that does not answer in time is not counted; the counts are only a guide
    }
  }

  /** SIGKILL, after reading its counts when it is up. */
  async kill(i: number): Promise<void> {
    const child = this.servers[i];
    if (child && child.exitCode === null && this.up[i]) await this.countPlacements(i);
    this.up[i] = false;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async killAll(): Promise<void> {
    for (let i = 0; i < this.count; i += 1) await this.kill(i);
  }

  /** Where a client calls without a proxy: an instance believed up (`pick` chooses), or the first when none is. */
  liveUrl(pick: <T>(list: readonly T[]) => T): string {
    const live = this.ports.map((_, i) => i).filter((i) => this.up[i]);
    return `http://127.0.0.1:${this.ports[live.length > 0 ? pick(live) : 0]}`;
  }
}

/**
 * The nemesis: every 3 to 9 s until 5 s before `deadline`, it kills a random instance with SIGKILL
 * and starts it again 0.3 to 1.8 s later. Answers the number of kills.
 */
export async function runNemesis(instances: Instances, random: () => number, deadline: number): Promise<number> {
  let kills = 0;
  while (Date.now() < deadline - 5000) {
    await new Promise((r) => setTimeout(r, 3000 + random() * 6000));
    if (Date.now() >= deadline - 5000) break;
    const i = Math.floor(random() * instances.count);
    await instances.kill(i);
    kills += 1;
    await new Promise((r) => setTimeout(r, 300 + random() * 1500));
    instances.start(i);
    await instances.waitReady(i);
  }
  return kills;
}
