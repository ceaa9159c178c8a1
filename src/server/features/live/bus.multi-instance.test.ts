import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisBus, type Bus, type Routed } from './bus.ts';
import { PRESENCE_TTL_SECONDS, presenceKeys, redisPresence, type Presence } from './presence.ts';

// The Redis bus on a real Redis, with three instances' buses and presence: a delivery reaches
// only the instances that count a socket of one of its users, each with its own of them; a change
// reaches every instance; a bus subscribes again after its subscription dropped.
describe('the Redis bus', () => {
  const prefix = `betbro-test-${randomUUID()}:`;
  const ids = ['one', 'two', 'three'].map((name) => `${name}-${randomUUID()}`);
  let redis: Redis;
  let buses: Bus[];
  let presences: (Presence & { stop(): Promise<void> })[];
  const heard: Routed[][] = [[], [], []];

  beforeAll(async () => {
    const url = process.env.TEST_REDIS_URL;
    if (!url) throw new Error('the Redis bus test needs TEST_REDIS_URL');
    redis = new Redis(url, { maxRetriesPerRequest: 1 });
    buses = await Promise.all(ids.map((id) => redisBus(redis, prefix, id, () => {})));
    buses.forEach((bus, i) => bus.subscribe((delivery) => heard[i]!.push(delivery)));
    presences = ids.map((id) => redisPresence(redis, prefix, id));
    // Users 1 and 2 have sockets on the first instance, 2 and 3 on the second; the third has none.
    await presences[0]!.connected(1);
    await presences[0]!.connected(2);
    await presences[1]!.connected(2);
    await presences[1]!.connected(3);
  });
  afterAll(async () => {
    await Promise.all((presences ?? []).map((p) => p.stop()));
    await Promise.all((buses ?? []).map((bus) => bus.close()));
    redis?.disconnect();
  });

  const waitUntil = async (condition: () => boolean) => {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const clear = () => heard.forEach((list) => (list.length = 0));
  const frame = (text: string) => JSON.stringify({ type: 'presence', userId: 9, isOnline: text === 'on' });

  it('routes a delivery to the instances holding its users, each with its own of them', async () => {
    clear();
    await buses[2]!.publish({ userIds: [1, 3, 4], frame: frame('on') });
    await buses[2]!.publish({ userIds: [2], frame: frame('off') });
    await waitUntil(() => heard[0]!.length === 2 && heard[1]!.length === 2);
    // Published last, through Redis like the rest: once it is heard, whatever else was coming has come.
    await buses[0]!.publish({ changed: 5 });
    await waitUntil(() => heard.every((list) => list.some((d) => 'changed' in d)));
    expect(heard[0]).toEqual([{ userIds: [1], frame: frame('on') }, { userIds: [2], frame: frame('off') }, { changed: 5 }]);
    expect(heard[1]).toEqual([{ userIds: [3], frame: frame('on') }, { userIds: [2], frame: frame('off') }, { changed: 5 }]);
    // Neither for its users nor published by anyone it holds: the third instance hears only the change.
    expect(heard[2]).toEqual([{ changed: 5 }]);
  });

  it('sends nothing for users without a socket, nor to an instance whose heartbeat stopped', async () => {
    clear();
    await buses[0]!.publish({ userIds: [4, 5], frame: frame('on') });
    // The second instance last beat longer ago than presence keeps an instance live.
    await redis.zadd(presenceKeys(prefix).instances, Date.now() - PRESENCE_TTL_SECONDS * 1000 - 1000, ids[1]!);
    await buses[0]!.publish({ userIds: [1, 3], frame: frame('off') });
    await buses[0]!.publish({ changed: 6 });
    await waitUntil(() => heard.every((list) => list.some((d) => 'changed' in d)));
    expect(heard[0]).toEqual([{ userIds: [1], frame: frame('off') }, { changed: 6 }]);
    expect(heard[1]).toEqual([{ changed: 6 }]);
    await redis.zadd(presenceKeys(prefix).instances, Date.now(), ids[1]!);
  });

  it('routes a delivery for more users than one step of the script takes', async () => {
    clear();
    const many = Array.from({ length: 2500 }, (_, i) => 1000 + i);
    await presences[2]!.connected(5000);
    await presences[2]!.connected(1999);
    await buses[0]!.publish({ userIds: [...many, 5000], frame: frame('on') });
    await waitUntil(() => heard[2]!.length === 1);
    expect(heard[2]).toEqual([{ userIds: [1999, 5000], frame: frame('on') }]);
  });

  it('subscribes again when its subscription drops', async () => {
    const clients = String(await redis.client('LIST')).split('\n');
    const subscribers = clients.filter((line) => line.includes(`name=${prefix}deliveries-subscriber`));
    expect(subscribers, 'each bus names its subscriber connection').toHaveLength(3);
    for (const line of subscribers) await redis.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);
    // Subscribed again, to both channels: deliveries and changes flow as before.
    clear();
    await waitUntil(() => {
      void buses[2]!.publish({ userIds: [1, 3], frame: frame('on') });
      void buses[2]!.publish({ changed: 7 });
      return heard.every((list) => list.some((d) => 'changed' in d)) && heard[0]!.length > 1 && heard[1]!.length > 1;
    });
    expect(heard[0]).toContainEqual({ userIds: [1], frame: frame('on') });
    expect(heard[1]).toContainEqual({ userIds: [3], frame: frame('on') });
    expect(heard[2]!.every((d) => 'changed' in d)).toBe(true);
  });
});
