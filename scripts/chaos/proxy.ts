import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProxy, summarizeProxyLog } from '../lib/caddy.ts';
import type { Instances } from './instances.ts';
import { listReasons } from './operation-log.ts';

/** Caddy in front of the instances, as the clients reach them with --proxy. */
export interface ChaosProxy {
  url: string;
  /** Stops Caddy and removes its folder; answers what its log says of the run, for the report. */
  stop(): Promise<string>;
}

/** Starts Caddy on `port` in front of the instances; if it does not come up, the instances are killed before the error goes on. */
export async function startChaosProxy(caddy: string, port: number, instances: Instances): Promise<ChaosProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'betbro-chaos-caddy-'));
  const proxy = await startProxy({ caddy, port, upstreams: instances.ports.map((p) => `127.0.0.1:${p}`), dir }).catch(async (error: unknown) => {
    await instances.killAll();
    throw error;
  });
  return {
    url: proxy.url,
    async stop() {
      await proxy.stop();
      const { hostsBackUp, errors } = summarizeProxyLog(proxy.log());
      rmSync(dir, { recursive: true, force: true });
      return `Caddy's health checks on /readyz took an instance out and back ${hostsBackUp} times; requests Caddy failed: ${listReasons(errors) || 'none'}`;
    },
  };
}
