/** What a run is asked for: `npm run chaos -- [--duration=60] [--seed=123] [--clients=12] [--proxy]`. */
export interface ChaosOptions {
  durationMs: number;
  /** The seed of every random choice; a failing run replays with it. */
  seed: number;
  clients: number;
  /** The clients go through Caddy in front of two instances. */
  throughProxy: boolean;
}

/** The options from the command's arguments (`--name=value`, or `--name` alone), with their defaults. */
export function parseChaosOptions(argv: string[]): ChaosOptions {
  const args = Object.fromEntries(argv.filter((a) => a.startsWith('--')).map((a) => a.slice(2).split('=') as [string, string]));
  return {
    durationMs: Number(args.duration ?? 60) * 1000,
    seed: Number(args.seed ?? Math.floor(Math.random() * 2 ** 31)),
    clients: Number(args.clients ?? 12),
    throughProxy: 'proxy' in args,
  };
}
