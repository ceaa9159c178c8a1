import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { auditLedger } from '../../src/server/features/wallet/audit.ts';
import { openSetupApp } from './data.ts';
import { describeRedis } from './instances.ts';
import { distribution, prepareFanout, type Distribution, type FanoutSetup } from './fanout.ts';
import { stakeKey, type ClientSocket, type FromClient, type ToClient } from './fanout-client.ts';
import type { BenchPostgres } from './postgres.ts';
import { startServer, type ServerHandle } from './server.ts';
import { progress, round, sleep } from './util.ts';

/**
 * Live fan-out over several instances behind one Redis (docs/decisions/036): each instance holds
 * an equal share of the sockets, among them the whole audience of one bet of its own (friends of
 * that bet's creator); the rest are strangers to every bet. Stakes go round the bets, each posted
 * to the next instance, so every delivery crosses Redis. Each stake must reach every socket of
 * its bet's audience and no other, and each instance must be brought only its own bet's
 * deliveries, which its /metrics count. The sockets are held by as many client processes as the
 * descriptor limit needs.
 */

export interface InstanceFigures {
  name: string;
  sockets: number;
  rssBeforeKb: number;
  /** Two seconds after the sockets opened: with what opening them left for the collector. */
  rssAtOpenKb: number;
  /** After a full collection, before the stakes: what the server holds with the sockets. */
  rssSettledKb: number;
  memoryPerSocketAtOpenKb: number;
  memoryPerSocketKb: number;
  /** Timed stakes on the bet whose audience this instance holds: what it should be brought. */
  stakesOnItsBet: number;
  /** Deliveries the bus brought it while the stakes were timed, and those for nobody it holds. */
  deliveriesReceived: number;
  deliveriesForNobodyHere: number;
}

export interface RoutedFanoutRun {
  redis: string;
  instances: number;
  clientProcesses: number;
  sockets: number;
  audiencePerBet: number;
  stakes: number;
  connectSeconds: number;
  failedToConnect: number;
  expectedDeliveries: number;
  deliveries: number;
  strangerDeliveries: number;
  deliveryFromResponseMs: Distribution;
  lastDeliveryFromResponseMs: Distribution;
  stakeResponseMs: Distribution;
  perInstance: InstanceFigures[];
  ledgerOk: boolean;
}

const CONNECT_BATCH = 200;
const DELIVERY_TIMEOUT_MS = 10_000;
// Descriptors a client process keeps for itself (its modules, pipes, the IPC channel).
const RESERVED_DESCRIPTORS = 1_000;
const CLIENT_SCRIPT = fileURLToPath(new URL('./fanout-client.ts', import.meta.url));

/** How many sockets one process may hold here: its descriptor limit, less what it needs besides. */
export function socketsPerProcess(): number {
  const limit = Number(execFileSync('/bin/sh', ['-c', 'ulimit -n']).toString().trim());
  return Number.isFinite(limit) ? Math.max(1_000, limit - RESERVED_DESCRIPTORS) : 10_000;
}

const metricValue = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? Number.NaN);

interface Client {
  child: ChildProcess;
  heard: Map<string, number[]>;
  waiting: Map<string, () => void>;
  next(type: FromClient['type']): Promise<FromClient>;
}

function startClient(): Client {
  const child = fork(CLIENT_SCRIPT, { execArgv: [...process.execArgv, '--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const heard = new Map<string, number[]>();
  const waiting = new Map<string, () => void>();
  const waiters: { type: FromClient['type']; resolve: (m: FromClient) => void }[] = [];
  child.on('message', (message: FromClient) => {
    if (message.type === 'heard') {
      heard.set(message.key, message.times);
      waiting.get(message.key)?.();
      return;
    }
    const i = waiters.findIndex((w) => w.type === message.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(message);
  });
  return {
    child,
    heard,
    waiting,
    next: (type) => new Promise((resolve) => waiters.push({ type, resolve })),
  };
}

const tell = (client: Client, message: ToClient) => client.child.send(message);

export async function benchRoutedFanout(
  pgServer: BenchPostgres,
  redis: string,
  options: { instances: number; sockets: number; audience: number; stakes: number },
): Promise<RoutedFanoutRun> {
  const n = options.instances;
  const perInstance = Math.floor(options.sockets / n);
  const audience = Math.min(options.audience, perInstance);
  const stakesPerBet = Math.ceil(options.stakes / n);
  const { name, url } = await pgServer.createDatabase('fanoutrouted');
  const app = await openSetupApp({ kind: 'postgres', url });
  const servers: ServerHandle[] = [];
  const clients: Client[] = [];
  try {
    const groups: FanoutSetup[] = [];
    for (let i = 0; i < n; i += 1) groups.push(await prepareFanout(app, audience, perInstance - audience, stakesPerBet, `g${i}x`));
    for (let i = 0; i < n; i += 1) {
      servers.push(await startServer({ name: `instance-${i + 1}`, databaseUrl: url, redisUrl: redis, databaseBusy: () => pgServer.busy(name), inspect: true }));
    }
    const stake = async (group: number, staker: number, server: ServerHandle) => {
      const { betId, stakers } = groups[group]!;
      const response = await fetch(`${server.url}/api/bets/${betId}/participate`, {
        method: 'POST',
        headers: { cookie: stakers[staker]!.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ option: staker % 3, amount: '10.00' }),
      });
      await response.text();
      if (response.status !== 200) throw new Error(`a fan-out stake answered ${response.status}`);
    };
    // One untimed stake per bet warms the paths up.
    for (let g = 0; g < n; g += 1) await stake(g, 0, servers[(g + 1) % n]!);
    await sleep(1_000);
    for (const server of servers) await server.collectGarbage();
    await sleep(500);
    const rssBefore = servers.map((s) => s.rssKb());

    // The sockets, instance by instance, dealt round the client processes.
    const processes = Math.ceil(options.sockets / socketsPerProcess());
    const dealt: ClientSocket[][] = Array.from({ length: processes }, () => []);
    let next = 0;
    groups.forEach((group, i) => {
      const server = servers[i]!;
      const wsUrl = `${server.url.replace('http', 'ws')}/ws`;
      const add = (userId: number, cookie: string, betId: number | null) =>
        dealt[next++ % processes]!.push({ url: wsUrl, origin: server.url, userId, cookie, betId });
      for (const u of group.audience) add(u.id, u.cookie, group.betId);
      for (const u of group.strangers) add(u.id, u.cookie, null);
    });
    progress(`fanout: opening ${next} sockets on ${n} instances from ${processes} client processes`);
    const connectStart = performance.now();
    for (let i = 0; i < processes; i += 1) clients.push(startClient());
    const opened = await Promise.all(
      clients.map((client, i) => {
        const answer = client.next('opened');
        tell(client, { type: 'open', sockets: dealt[i]!, batch: CONNECT_BATCH });
        return answer;
      }),
    );
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const open = opened.reduce((sum, m) => sum + (m.type === 'opened' ? m.open : 0), 0);
    const failedToConnect = opened.reduce((sum, m) => sum + (m.type === 'opened' ? m.failed : 0), 0);
    await sleep(2_000);
    const rssAtOpen = servers.map((s) => s.rssKb());
    progress(`fanout: ${open} sockets open in ${round(connectSeconds, 1)} s${failedToConnect ? `, ${failedToConnect} failed` : ''}; RSS ${rssAtOpen.map((kb, i) => `${Math.round(rssBefore[i]! / 1024)} -> ${Math.round(kb / 1024)} MB`).join(', ')}`);
    // Opening thousands of sockets at once leaves garbage V8 takes back at its next full
    // collection, which an idle server may run only minutes later, and then in one pause: collected
    // now, the RSS is what the sockets hold, and the stakes are timed on the heap a server holding
    // them settles to. The client processes collect theirs too (their pauses would be the bench's).
    for (const server of servers) await server.collectGarbage();
    await Promise.all(
      clients.map((client) => {
        const answer = client.next('collected');
        tell(client, { type: 'gc' });
        return answer;
      }),
    );
    await sleep(500);
    const rssSettled = servers.map((s) => s.rssKb());
    const metricsBefore = await Promise.all(servers.map((s) => s.metricsText()));

    const fromResponse: number[] = [];
    const lastFromResponse: number[] = [];
    const responseTimes: number[] = [];
    let deliveries = 0;
    progress(`fanout: timing ${stakesPerBet * n} stakes, each to the ${audience} sockets of its bet's audience`);
    for (let s = 0; s < stakesPerBet * n; s += 1) {
      const g = s % n;
      const staker = 1 + Math.floor(s / n);
      // The warm-up and the earlier stakes on this bet, and this one.
      const key = stakeKey(groups[g]!.betId, staker + 1);
      const holders = clients.filter((_, i) => dealt[i]!.some((socket) => socket.betId === groups[g]!.betId));
      const allHeard = Promise.all(
        holders.map((client) => (client.heard.has(key) ? Promise.resolve() : new Promise<void>((resolve) => client.waiting.set(key, resolve)))),
      );
      const sentAt = performance.timeOrigin + performance.now();
      await stake(g, staker, servers[(g + 1) % n]!);
      const answeredAt = performance.timeOrigin + performance.now();
      const timeout = sleep(DELIVERY_TIMEOUT_MS).then(() => 'timeout' as const);
      if ((await Promise.race([allHeard, timeout])) === 'timeout') {
        for (const client of holders) if (!client.heard.has(key)) tell(client, { type: 'flush', key });
        await allHeard;
      }
      const times = holders.flatMap((client) => client.heard.get(key) ?? []);
      deliveries += times.length;
      responseTimes.push(answeredAt - sentAt);
      if (times.length > 0) {
        for (const at of times) fromResponse.push(at - answeredAt);
        lastFromResponse.push(Math.max(...times) - answeredAt);
      }
      await sleep(100);
    }
    await sleep(500);
    const metricsAfter = await Promise.all(servers.map((s) => s.metricsText()));
    const reports = await Promise.all(
      clients.map((client) => {
        const answer = client.next('report');
        tell(client, { type: 'report' });
        return answer;
      }),
    );
    const strangerDeliveries = reports.reduce((sum, m) => sum + (m.type === 'report' ? m.strangerDeliveries : 0), 0);
    const figures: InstanceFigures[] = servers.map((server, i) => {
      const delta = (metric: string) => metricValue(metricsAfter[i]!, metric) - metricValue(metricsBefore[i]!, metric);
      return {
        name: server.name,
        sockets: groups[i]!.audience.length + groups[i]!.strangers.length,
        rssBeforeKb: rssBefore[i]!,
        rssAtOpenKb: rssAtOpen[i]!,
        rssSettledKb: rssSettled[i]!,
        memoryPerSocketAtOpenKb: round((rssAtOpen[i]! - rssBefore[i]!) / perInstance, 2),
        memoryPerSocketKb: round((rssSettled[i]! - rssBefore[i]!) / perInstance, 2),
        stakesOnItsBet: stakesPerBet,
        deliveriesReceived: delta('betbro_live_deliveries_received_total'),
        deliveriesForNobodyHere: delta('betbro_live_deliveries_for_nobody_here_total'),
      };
    });
    const result = {
      redis: describeRedis(redis),
      instances: n,
      clientProcesses: processes,
      sockets: open,
      audiencePerBet: audience,
      stakes: stakesPerBet * n,
      connectSeconds: round(connectSeconds, 2),
      failedToConnect,
      expectedDeliveries: audience * stakesPerBet * n,
      deliveries,
      strangerDeliveries,
      deliveryFromResponseMs: distribution(fromResponse),
      lastDeliveryFromResponseMs: distribution(lastFromResponse),
      stakeResponseMs: distribution(responseTimes),
      perInstance: figures,
    };
    progress(
      `fanout: ${deliveries}/${result.expectedDeliveries} delivered, ${strangerDeliveries} to strangers; last delivery after the response p50 ${result.lastDeliveryFromResponseMs.p50} ms, p99 ${result.lastDeliveryFromResponseMs.p99} ms; ` +
        figures.map((f) => `${f.name}: ${f.memoryPerSocketKb} KB per socket (${f.memoryPerSocketAtOpenKb} KB as they opened), brought ${f.deliveriesReceived} deliveries for ${f.stakesOnItsBet} stakes on its bet`).join('; '),
    );
    for (const server of servers) await server.settle('/api/bets/:id/participate');
    for (const server of servers) await server.stop();
    return { ...result, ledgerOk: (await auditLedger(app.db)).violations.length === 0 };
  } finally {
    for (const client of clients) client.child.kill();
    for (const server of servers) await server.stop();
    await app.close();
    await pgServer.dropDatabase(name);
  }
}
