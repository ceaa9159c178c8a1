import autocannon from 'autocannon';

/**
 * autocannon, driven from code: every request is built on the fly by `next`, so each can carry
 * its own user's cookie and target. Only 2xx answers count as throughput; everything else is
 * reported beside it.
 */

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  cookie: string;
  body?: string;
}

export interface LoadResult {
  connections: number;
  durationSeconds: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  okPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  statusCodes: Record<string, number>;
  /** The request source ran dry before the time was up (the run was cut short). */
  exhausted: boolean;
}

export async function runLoad(options: {
  urls: string[];
  connections: number;
  durationSeconds: number;
  next: () => LoadRequest | null;
}): Promise<LoadResult> {
  let exhausted = false;
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        // autocannon spreads connections over several URLs; its published types only know one.
        url: (options.urls.length === 1 ? options.urls[0]! : options.urls) as string,
        connections: options.connections,
        duration: options.durationSeconds,
        // A slow route under load must show up as latency, not as dropped requests.
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => {
              const next = options.next();
              if (!next) {
                // autocannon cannot skip a request: send one that is harmless and visibly not a 2xx.
                if (!exhausted) {
                  exhausted = true;
                  setImmediate(() => instance?.stop());
                }
                return { ...request, method: 'GET', path: '/api/bench-ran-out-of-requests', headers: {} };
              }
              const headers: Record<string, string> = { cookie: next.cookie };
              if (next.body !== undefined) headers['content-type'] = 'application/json';
              return { ...request, method: next.method, path: next.path, headers, body: next.body ?? '' };
            },
          },
        ],
      },
      (error: unknown, finished: autocannon.Result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished)),
    );
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number(stat.count ?? 0);
  const ok = result['2xx'];
  return {
    connections: options.connections,
    durationSeconds: result.duration,
    requests: ok + result.non2xx,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    okPerSecond: result.duration > 0 ? ok / result.duration : 0,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.average,
    },
    statusCodes,
    exhausted,
  };
}
