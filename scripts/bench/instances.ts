import { openSetupApp } from './data.ts';
import { prepareFanout, timeFanout, type FanoutRun } from './fanout.ts';
import type { BenchPostgres } from './postgres.ts';
import { startServer } from './server.ts';
import { benchStakesTwoInstances, type StakeRun } from './stakes.ts';
import { progress } from './util.ts';

/**
 * Two server processes sharing one database and one Redis, as behind a load balancer: the stake
 * workload spread over both, and a fan-out whose sockets sit on one instance while the stakes
 * arrive at the other, so every delivery crosses Redis.
 */

export interface InstancesRun {
  redis: string;
  stakes: StakeRun;
  crossFanout: Omit<FanoutRun, 'ledgerOk'>;
}

const CROSS_AUDIENCE = 1_000;

/** The Redis URL without its password, for the report. */
export function describeRedis(redisUrl: string): string {
  const url = new URL(redisUrl);
  url.password = '';
  url.username = '';
  return url.toString();
}

export async function benchInstances(pgServer: BenchPostgres, redisUrl: string, durationSeconds: number, fanoutStakes: number): Promise<InstancesRun> {
  const stakes = await benchStakesTwoInstances(pgServer, redisUrl, durationSeconds);

  progress(`two instances: fan-out across Redis, ${CROSS_AUDIENCE} sockets on instance A, stakes sent to instance B`);
  const { name, url } = await pgServer.createDatabase('crossfan');
  const app = await openSetupApp({ kind: 'postgres', url });
  try {
    const setup = await prepareFanout(app, CROSS_AUDIENCE, 0, fanoutStakes);
    const databaseBusy = () => pgServer.busy(name);
    const a = await startServer({ name: 'instance-a', databaseUrl: url, redisUrl, databaseBusy });
    const b = await startServer({ name: 'instance-b', databaseUrl: url, redisUrl, databaseBusy }).catch(async (error: unknown) => {
      await a.stop();
      throw error;
    });
    try {
      const crossFanout = await timeFanout(setup, a, b);
      return { redis: describeRedis(redisUrl), stakes, crossFanout };
    } finally {
      await a.stop();
      await b.stop();
    }
  } finally {
    await app.close();
    await pgServer.dropDatabase(name);
  }
}
