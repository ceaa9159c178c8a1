import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type WebSocket from 'ws';
import { auditLedger } from '../../src/server/features/wallet/audit.ts';
import { analyze, createBets, createSyntheticUsers, makeFriends, openSetupApp, userRows, type BenchUser } from './data.ts';
import type { BenchPostgres } from './postgres.ts';
import { connect } from './live-socket.ts';
import { startServer, type ServerHandle } from './server.ts';
import { percentile, progress, round, sleep } from './util.ts';

/**
 * Live fan-out: N sockets on /ws, `audience` of them friends of a bet's creator (so allowed to
 * see the bet) and the rest strangers. Then stakes on that bet, one at a time, each by another
 * friend of the creator; every stake must reach each of the audience's sockets and none of the
 * strangers'. Timed from the stake's HTTP response to each delivery, in this process.
 */

const CONNECT_BATCH = 200;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface Distribution {
  p50: number;
  p99: number;
  max: number;
}

export interface FanoutRun {
  sockets: number;
  audience: number;
  strangers: number;
  stakes: number;
  connectSeconds: number;
  failedToConnect: number;
  rssBeforeKb: number;
  rssAfterKb: number;
  memoryPerSocketKb: number;
  expectedDeliveries: number;
  deliveries: number;
  strangerDeliveries: number;
  /** Each delivery, from the stake's HTTP response (negative: the socket heard before the staker). */
  deliveryFromResponseMs: Distribution;
  /** Per stake, from its HTTP response to the last of its deliveries. */
  lastDeliveryFromResponseMs: Distribution;
  /** Per stake, from sending the request to the last delivery. */
  lastDeliveryFromRequestMs: Distribution;
  stakeResponseMs: Distribution;
  ledgerOk: boolean;
}

export const distribution = (values: number[]): Distribution => ({
  p50: round(percentile(values, 50)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
});

interface Heard {
  at: number;
  data: string;
}

export interface FanoutSetup {
  betId: number;
  audience: BenchUser[];
  strangers: BenchUser[];
  /** One more than the timed stakes: the first warms up. */
  stakers: BenchUser[];
}

/** The creator, the audience (the creator's friends), the strangers, the stakers and the bet. */
export async function prepareFanout(app: FastifyInstance, audienceSize: number, strangerCount: number, stakes: number, group = ''): Promise<FanoutSetup> {
  progress(`fanout: ${audienceSize} friends of the creator, ${strangerCount} strangers, ${stakes + 1} stakers`);
  const [creator] = await createSyntheticUsers(app, `fcr${group}`, 1);
  const audience = await createSyntheticUsers(app, `fan${group}`, audienceSize);
  const strangers = await createSyntheticUsers(app, `fst${group}`, strangerCount);
  const stakers = await createSyntheticUsers(app, `fsk${group}`, stakes + 1);
  await makeFriends(app, [...audience, ...stakers].map((u) => [u.id, creator!.id] as const));
  const rows = await userRows(app, [creator!.id]);
  const [betId] = await createBets(app, [rows.get(creator!.id)!], 1, 'Synthetic fan-out bet');
  await analyze(app);
  return { betId: betId!, audience, strangers, stakers };
}

/**
 * Opens the sockets on `socketServer`, posts the stakes to `stakeServer` (the same one, or
 * another instance when the deliveries cross Redis) and times the deliveries.
 */
export async function timeFanout(setup: FanoutSetup, socketServer: ServerHandle, stakeServer: ServerHandle): Promise<Omit<FanoutRun, 'ledgerOk'>> {
  const { betId, audience, strangers, stakers } = setup;
  const stakes = stakers.length - 1;
  const open: WebSocket[] = [];
  try {
    const stake = async (staker: BenchUser, i: number) => {
      const response = await fetch(`${stakeServer.url}/api/bets/${betId}/participate`, {
        method: 'POST',
        headers: { cookie: staker.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ option: i % 3, amount: '10.00' }),
      });
      await response.text();
      if (response.status !== 200) throw new Error(`a fan-out stake answered ${response.status}`);
    };
    // The first stake warms the stake and fan-out paths up; it is not timed.
    await stake(stakers[0]!, 0);
    await sleep(1_000);
    const rssBeforeKb = socketServer.rssKb();

    const heard: Heard[] = [];
    let strangerDeliveries = 0;
    const wsUrl = `${socketServer.url.replace('http', 'ws')}/ws`;
    const everyone = [...audience.map((u) => ({ user: u, allowed: true })), ...strangers.map((u) => ({ user: u, allowed: false }))];
    progress(`fanout: opening ${everyone.length} sockets, ${CONNECT_BATCH} at a time`);
    const connectStart = performance.now();
    let failedToConnect = 0;
    for (let start = 0; start < everyone.length; start += CONNECT_BATCH) {
      const batch = everyone.slice(start, start + CONNECT_BATCH);
      const sockets = await Promise.all(
        batch.map(({ user, allowed }) =>
          connect(wsUrl, user, socketServer.url, (data) => {
            // Only the time is taken here; parsing waits, so it cannot delay the next socket's timestamp.
            if (allowed) heard.push({ at: performance.now(), data });
            else if (data.includes('"bet_updated"')) strangerDeliveries += 1;
          }),
        ),
      );
      for (const socket of sockets) {
        if (socket) open.push(socket);
        else failedToConnect += 1;
      }
      if ((start + batch.length) % 1_000 < CONNECT_BATCH || start + batch.length === everyone.length) {
        progress(`fanout: ${open.length} sockets open${failedToConnect ? `, ${failedToConnect} failed` : ''}`);
      }
    }
    const connectSeconds = (performance.now() - connectStart) / 1000;
    await sleep(2_000);
    const rssAfterKb = socketServer.rssKb();
    progress(`fanout: server RSS ${Math.round(rssBeforeKb / 1024)} MB -> ${Math.round(rssAfterKb / 1024)} MB with ${open.length} sockets`);

    const fromResponse: number[] = [];
    const lastFromResponse: number[] = [];
    const lastFromRequest: number[] = [];
    const responseTimes: number[] = [];
    let deliveries = 0;
    progress(`fanout: timing ${stakes} stakes, each to ${audience.length} sockets`);
    for (let i = 1; i <= stakes; i += 1) {
      heard.length = 0;
      const sentAt = performance.now();
      await stake(stakers[i]!, i);
      const answeredAt = performance.now();
      const deadline = answeredAt + DELIVERY_TIMEOUT_MS;
      while (heard.length < audience.length && performance.now() < deadline) await sleep(2);
      const participants = i + 1;
      const times = heard
        .filter((h) => {
          const message = JSON.parse(h.data) as { type: string; bet?: { betId: number; participants: number } };
          return message.type === 'bet_updated' && message.bet?.betId === betId && message.bet?.participants === participants;
        })
        .map((h) => h.at);
      deliveries += times.length;
      responseTimes.push(answeredAt - sentAt);
      if (times.length > 0) {
        for (const at of times) fromResponse.push(at - answeredAt);
        lastFromResponse.push(Math.max(...times) - answeredAt);
        lastFromRequest.push(Math.max(...times) - sentAt);
      }
      await sleep(100);
    }
    const result = {
      sockets: open.length,
      audience: audience.length,
      strangers: strangers.length,
      stakes,
      connectSeconds: round(connectSeconds, 2),
      failedToConnect,
      rssBeforeKb,
      rssAfterKb,
      memoryPerSocketKb: open.length > 0 ? round((rssAfterKb - rssBeforeKb) / open.length, 2) : Number.NaN,
      expectedDeliveries: audience.length * stakes,
      deliveries,
      strangerDeliveries,
      deliveryFromResponseMs: distribution(fromResponse),
      lastDeliveryFromResponseMs: distribution(lastFromResponse),
      lastDeliveryFromRequestMs: distribution(lastFromRequest),
      stakeResponseMs: distribution(responseTimes),
    };
    progress(
      `fanout: ${deliveries}/${result.expectedDeliveries} delivered, ${strangerDeliveries} to strangers; last delivery after the response p50 ${result.lastDeliveryFromResponseMs.p50} ms, p99 ${result.lastDeliveryFromResponseMs.p99} ms; ${result.memoryPerSocketKb} KB per socket`,
    );
    return result;
  } finally {
    for (const socket of open) socket.terminate();
    await sleep(500);
  }
}

export async function benchFanout(
  pgServer: BenchPostgres,
  options: { sockets: number; audience: number; stakes: number },
  cpuProfileDir?: string,
): Promise<FanoutRun> {
  const audienceSize = Math.min(options.audience, options.sockets);
  const { name, url } = await pgServer.createDatabase('fanout');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    const setup = await prepareFanout(app, audienceSize, options.sockets - audienceSize, options.stakes);
    const server = await startServer({ name: 'fanout', databaseUrl: url, cpuProfileDir, databaseBusy: () => pgServer.busy(name) });
    try {
      const timed = await timeFanout(setup, server, server);
      await server.settle('/api/bets/:id/participate');
      await server.stop();
      return { ...timed, ledgerOk: (await auditLedger(app.db)).violations.length === 0 };
    } finally {
      await server.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}
