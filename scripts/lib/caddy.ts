import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.ts';

/** The reverse proxy of docs/scaling.md's example, which the chaos run can put in front of its instances. */
export const CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');

/** Caddy as Debian packages it, or CADDY_PATH when set. */
export function findCaddy(): string | null {
  const candidates = [process.env.CADDY_PATH, '/usr/bin/caddy', '/usr/local/bin/caddy'];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate))) ?? null;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The Caddyfile's JSON, as `caddy adapt` makes it, moved to where a test run can have it: its one
 * server listens on `listen` only, every `reverse_proxy` sends to `upstreams`, and the admin
 * endpoint is off, so that a run takes no fixed port (:2019) and saves nothing in a home
 * directory. Everything else (balancing, retries, health checks, compression) stays the file's.
 */
export function relocateProxyConfig(adapted: unknown, where: { listen: string; upstreams: string[] }): JsonObject {
  if (where.upstreams.length === 0) throw new Error('a proxy needs at least one upstream');
  const config = structuredClone(adapted);
  const http = isObject(config) && isObject(config.apps) ? config.apps.http : undefined;
  const servers = isObject(http) && isObject(http.servers) ? Object.values(http.servers) : [];
  if (!isObject(config) || servers.length !== 1 || !isObject(servers[0])) {
    throw new Error(`expected the Caddyfile to define one site (one server), found ${servers.length}`);
  }
  servers[0].listen = [where.listen];

  let proxies = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (isObject(value)) {
      if (value.handler === 'reverse_proxy') {
        if ('dynamic_upstreams' in value) throw new Error('the reverse_proxy uses dynamic upstreams; expected a fixed list');
        value.upstreams = where.upstreams.map((dial) => ({ dial }));
        proxies += 1;
      }
      Object.values(value).forEach(visit);
    }
  };
  visit(servers[0]);
  if (proxies === 0) throw new Error('the Caddyfile has no reverse_proxy');

  config.admin = { disabled: true, config: { persist: false } };
  return config;
}

export interface ProxyLogSummary {
  /** How many times the active health checks found an instance up after finding it down (Caddy logs "host is up" only then). */
  hostsBackUp: number;
  /** The requests Caddy answered with an error (502, 503), by the error's last clause, addresses left out. */
  errors: Record<string, number>;
}

/** What Caddy's JSON log says about the instances' health and the requests it could not pass on. */
export function summarizeProxyLog(log: string): ProxyLogSummary {
  const summary: ProxyLogSummary = { hostsBackUp: 0, errors: {} };
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { logger?: unknown; msg?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue; // a line Caddy did not write as JSON
    }
    if (typeof entry.msg !== 'string') continue;
    if (entry.msg === 'host is up') summary.hostsBackUp += 1;
    if (entry.logger === 'http.log.error') {
      // "read tcp 127.0.0.1:35180->127.0.0.1:41357: read: connection reset by peer" -> "connection reset by peer"
      const reason = entry.msg.split(': ').at(-1)!;
      summary.errors[reason] = (summary.errors[reason] ?? 0) + 1;
    }
  }
  return summary;
}

export interface RunningProxy {
  /** Where clients reach the instances through the proxy. */
  url: string;
  /** Caddy's log so far. */
  log(): string;
  stop(): Promise<void>;
}

/**
 * Runs Caddy with deploy/Caddyfile, relocated (`relocateProxyConfig`) to listen on 127.0.0.1:`port`
 * in front of `upstreams`; `dir` (empty, the caller's to remove) holds its config, data and log.
 * Resolves once a request through it reaches an instance's /readyz.
 */
export async function startProxy(options: { caddy: string; port: number; upstreams: string[]; dir: string }): Promise<RunningProxy> {
  const url = `http://127.0.0.1:${options.port}`;
  for (const sub of ['home', 'data', 'config']) mkdirSync(path.join(options.dir, sub), { recursive: true });
  const env = {
    PATH: process.env.PATH,
    HOME: path.join(options.dir, 'home'),
    XDG_DATA_HOME: path.join(options.dir, 'data'),
    XDG_CONFIG_HOME: path.join(options.dir, 'config'),
    // The Caddyfile's site address; an http:// address asks for no certificate.
    BETBRO_SITE: url,
  };
  const adapted = spawnSync(options.caddy, ['adapt', '--adapter', 'caddyfile', '--config', CADDYFILE], { env, encoding: 'utf8' });
  if (adapted.status !== 0) throw new Error(`caddy adapt refused ${path.relative(ROOT, CADDYFILE)}:\n${adapted.stderr}`);
  const configFile = path.join(options.dir, 'caddy.json');
  const config = relocateProxyConfig(JSON.parse(adapted.stdout), { listen: `127.0.0.1:${options.port}`, upstreams: options.upstreams });
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  const logFile = path.join(options.dir, 'caddy.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(options.caddy, ['run', '--config', configFile], { env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => readFileSync(logFile, 'utf8');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  };

  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return { url, log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`Caddy did not answer at ${url}:\n${log().split('\n').slice(-20).join('\n')}`);
}
