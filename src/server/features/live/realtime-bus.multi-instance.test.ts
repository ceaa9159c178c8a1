import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from './service.ts';
import { redisBus, type Bus } from './realtime.ts';

// The Redis bus on a real Redis: deliveries reach every subscriber, also after its subscription
// dropped and came back.
describe('the Redis bus', () => {
  const prefix = `betbro-test-${randomUUID()}:`;
  let redis: Redis;
  let bus: Bus;

  beforeAll(async () => {
    const url = process.env.TEST_REDIS_URL;
    if (!url) throw new Error('the Redis bus test needs TEST_REDIS_URL');
    redis = new Redis(url, { maxRetriesPerRequest: 1 });
    bus = await redisBus(redis, prefix, () => {});
  });
  afterAll(async () => {
    await bus?.close();
    redis?.disconnect();
  });

  const next = () => new Promise<Delivery>((resolve) => bus.subscribe(resolve));
  const waitUntil = async (condition: () => boolean) => {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('carries each kind of delivery as it was published', async () => {
    const deliveries: Delivery[] = [
      { userIds: [1, 2], message: { type: 'presence', userId: 3, isOnline: true } },
      { bet: { id: 7 }, message: { type: 'pong' } },
      { changed: 4 },
    ];
    for (const delivery of deliveries) {
      const heard = next();
      await bus.publish(delivery);
      expect(await heard).toEqual(delivery);
    }
  });

  it('subscribes again when its subscription drops', async () => {
    const clients = await redis.client('LIST');
    const subscriber = String(clients)
      .split('\n')
      .find((line) => line.includes(`name=${prefix}deliveries-subscriber`));
    const id = /\bid=(\d+)/.exec(subscriber ?? '')?.[1];
    expect(id, 'the subscriber connection is named').toBeDefined();
    await redis.client('KILL', 'ID', id!);
    // Subscribed again: deliveries flow as before.
    let heard: Delivery | undefined;
    bus.subscribe((delivery) => (heard = delivery));
    await waitUntil(() => {
      void bus.publish({ changed: 9 });
      return heard !== undefined;
    });
    expect(heard).toEqual({ changed: 9 });
  });
});
