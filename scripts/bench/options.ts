/** The command line of `npm run bench`. */

/** The server's PLAIN_PATHS (src/server/config.ts). */
export const PLAIN_PATHS = ['feed-reads', 'feed-json', 'prepared-statements', 'stake-batches', 'read-batches', 'first-screen-hints'] as const;

export const PARTS = ['stakes', 'payouts', 'feed', 'fanout', 'pglite', 'client', 'instances', 'scale', 'startup', 'cards'] as const;
export type Part = (typeof PARTS)[number];
/** What runs without --only; 'instances' needs BENCH_REDIS_URL as well. */
const DEFAULT_PARTS: Part[] = ['stakes', 'payouts', 'feed', 'fanout', 'pglite', 'client', 'instances', 'scale', 'startup', 'cards'];
/** Parts that run on the embedded database alone: with only these, no DATABASE_URL is needed. */
export const EMBEDDED_PARTS: readonly Part[] = ['cards'];

export interface BenchOptions {
  parts: Set<Part>;
  durationSeconds: number;
  /** Sockets of the fan-out part: 5,000 on one instance, 20,000 over the instances with Redis. */
  sockets: number | undefined;
  fanoutInstances: number;
  fanoutAudience: number;
  fanoutStakes: number;
  /** Bets of 1,000 stakes settled and timed in the payouts part. */
  payoutBets: number;
  lighthouseRuns: number;
  /** Where to keep every Lighthouse run's full report, if anywhere. */
  lighthouseReports: string | undefined;
  cpuProfile: boolean;
  /** Sequential requests per route in the scale part, and which of its sizes to build. */
  scaleRequests: number;
  scaleSizes: string[];
  /** Speed machinery the servers run without (the server's PLAIN_PATHS), to measure what it earns. */
  plain: string[];
  output: string;
}

export const USAGE = `npm run bench -- [options]      (needs DATABASE_URL=postgres://..., but for --only=cards)

  --only=a,b,...        parts to run: ${PARTS.join(', ')} (default: all)
  --duration=30         seconds of each measured load run (and of pgbench)
  --sockets=N           sockets held open in the fan-out part (5,000 on one instance; with
                        BENCH_REDIS_URL 20,000 spread over the instances)
  --fanout-instances=2  with BENCH_REDIS_URL: the instances the fan-out part spreads them over
  --audience=1000       how many of them may see the staked bet (with BENCH_REDIS_URL: each
                        instance's own bet)
  --fanout-stakes=30    stakes whose fan-out is timed
  --payout-bets=5       bets of 1,000 stakes each settled and timed in the payouts part
  --lighthouse-runs=3   Lighthouse runs per page (the median is reported)
  --lighthouse-reports=DIR  keep each Lighthouse run's full JSON report in DIR
  --scale-requests=200  sequential requests per GET route in the scale part (medians and p99)
  --scale-sizes=10k,100k  the data sizes of the scale part (10k: 10,000 players; 100k: 100,000)
  --plain=a,b,...       servers run without that speed machinery (${PLAIN_PATHS.join(', ')}):
                        what each earns is the same part run with and without it
  --cpu-prof            write V8 CPU profiles of the servers to bench-profiles/ and summarise them
  --output=bench-results.json
  BENCH_REDIS_URL=redis://...  runs the two-instance part, and the fan-out part over several
                        instances, against that Redis (its 'betbro:' keys and channels must
                        not be a live deployment's)`;

export function parseOptions(argv: string[]): BenchOptions | string {
  const options: BenchOptions = {
    parts: new Set(DEFAULT_PARTS),
    durationSeconds: 30,
    sockets: undefined,
    fanoutInstances: 2,
    fanoutAudience: 1_000,
    fanoutStakes: 30,
    payoutBets: 5,
    lighthouseRuns: 3,
    lighthouseReports: undefined,
    cpuProfile: false,
    scaleRequests: 200,
    scaleSizes: ['10k', '100k'],
    plain: [],
    output: 'bench-results.json',
  };
  const integer = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
  try {
    for (const arg of argv) {
      const [flag, value = ''] = arg.split(/=(.*)/s, 2) as [string, string?];
      switch (flag) {
        case '--only': {
          const parts = value.split(',').map((p) => p.trim()).filter(Boolean);
          const unknown = parts.filter((p) => !(PARTS as readonly string[]).includes(p));
          if (parts.length === 0 || unknown.length > 0) throw new Error(`--only takes a list of ${PARTS.join(', ')}`);
          options.parts = new Set(parts as Part[]);
          break;
        }
        case '--duration':
          options.durationSeconds = integer('duration', value, 1, 600);
          break;
        case '--sockets':
          options.sockets = integer('sockets', value, 1, 100_000);
          break;
        case '--fanout-instances':
          options.fanoutInstances = integer('fanout-instances', value, 1, 8);
          break;
        case '--audience':
          options.fanoutAudience = integer('audience', value, 1, 15_000);
          break;
        case '--fanout-stakes':
          options.fanoutStakes = integer('fanout-stakes', value, 1, 1_000);
          break;
        case '--payout-bets':
          options.payoutBets = integer('payout-bets', value, 1, 50);
          break;
        case '--lighthouse-runs':
          options.lighthouseRuns = integer('lighthouse-runs', value, 1, 9);
          break;
        case '--lighthouse-reports':
          if (!value) throw new Error('--lighthouse-reports needs a folder');
          options.lighthouseReports = value;
          break;
        case '--scale-requests':
          options.scaleRequests = integer('scale-requests', value, 10, 10_000);
          break;
        case '--scale-sizes': {
          const sizes = value.split(',').map((v) => v.trim()).filter(Boolean);
          if (sizes.length === 0 || sizes.some((v) => v !== '10k' && v !== '100k')) throw new Error('--scale-sizes takes 10k, 100k or both');
          options.scaleSizes = sizes;
          break;
        }
        case '--plain': {
          const paths = value.split(',').map((v) => v.trim()).filter(Boolean);
          const unknown = paths.filter((p) => !(PLAIN_PATHS as readonly string[]).includes(p));
          if (paths.length === 0 || unknown.length > 0) throw new Error(`--plain takes a list of ${PLAIN_PATHS.join(', ')}`);
          options.plain = paths;
          break;
        }
        case '--cpu-prof':
          options.cpuProfile = true;
          break;
        case '--output':
          if (!value) throw new Error('--output needs a file name');
          options.output = value;
          break;
        case '--help':
        case '-h':
          return USAGE;
        default:
          throw new Error(`unknown option ${arg}`);
      }
    }
  } catch (error) {
    return `${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`;
  }
  return options;
}
