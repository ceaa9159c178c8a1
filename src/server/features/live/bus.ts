import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter } from 'prom-client';
import { PRESENCE_TTL_SECONDS, presenceKeys } from './presence.ts';

/**
 * What the bus carries (docs/decisions/036-deliveries-routed-to-their-instances.md): a message for
 * these users, already written as its socket frame, or a user whose sessions, account or role
 * changed.
 */
export type Routed = { userIds: number[]; frame: string } | { changed: number };

/**
 * Carries deliveries to whichever instance holds the recipients' sockets: in process by default,
 * through Redis when several instances run. A delivery reaches only the instances holding a
 * socket of one of its users, each with those of its users it holds; a change reaches them all.
 */
export interface Bus {
  publish(delivery: Routed): Promise<void>;
  subscribe(handler: (delivery: Routed) => void): void;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const handlers: ((delivery: Routed) => void)[] = [];
  return {
    async publish(delivery) {
      for (const handler of handlers) handler(delivery);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {},
  };
}

// Routes one delivery in one round trip, in one step no instance's count can change within:
// for each live instance (presence's sorted set), the users of the delivery it counts sockets of
// (presence's hash of that instance, whose fields go when they reach zero) and, when there are
// any, one message on that instance's own channel: the ids, a newline, the frame.
// KEYS[1] the live instances; ARGV[1] the counts' key prefix, ARGV[2] the channels' prefix,
// ARGV[3] the oldest heartbeat still live (ms), ARGV[4] the frame, ARGV[5..] the user ids.
// (A plain loop with its own count: ipairs, tonumber and #here made it twice as slow.)
const ROUTE_SCRIPT = `
local instances = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[3], '+inf')
local sent = 0
for _, instance in ipairs(instances) do
  local here = {}
  local n = 0
  for first = 5, #ARGV, 1000 do
    local counts = redis.call('HMGET', ARGV[1] .. instance, unpack(ARGV, first, math.min(first + 999, #ARGV)))
    for i = 1, #counts do
      if counts[i] then
        n = n + 1
        here[n] = ARGV[first + i - 1]
      end
    end
  end
  if n > 0 then
    redis.call('PUBLISH', ARGV[2] .. instance, table.concat(here, ',') .. '\\n' .. ARGV[4])
    sent = sent + 1
  end
end
return sent`;

type RedisWithRoute = Redis & {
  routeDelivery(instancesKey: string, countsPrefix: string, channelPrefix: string, liveSince: number, frame: string, ...userIds: number[]): Promise<number>;
};

/**
 * The bus through Redis. Each instance listens on a channel of its own, which carries only the
 * deliveries for users it holds sockets of, as presence counts them (presence.ts), and on one
 * channel every instance hears, which carries the changes.
 */
export async function redisBus(redis: Redis, prefix: string, instanceId: string, onError: (error: unknown) => void): Promise<Bus> {
  const channels = `${prefix}deliveries:3:`;
  const ownChannel = `${channels}${instanceId}`;
  const everyone = `${prefix}deliveries:3`;
  const keys = presenceKeys(prefix);
  if (!('routeDelivery' in redis)) redis.defineCommand('routeDelivery', { numberOfKeys: 1, lua: ROUTE_SCRIPT });
  const scripted = redis as RedisWithRoute;
  // A connection in subscriber mode can do nothing else, so it gets its own, named so that
  // CLIENT LIST tells it apart.
  const subscriber = redis.duplicate({ connectionName: `${prefix}deliveries-subscriber` });
  subscriber.on('error', onError);
  const handlers: ((delivery: Routed) => void)[] = [];
  subscriber.on('message', (channel: string, raw: string) => {
    let delivery: Routed;
    try {
      if (channel === ownChannel) {
        const newline = raw.indexOf('\n');
        delivery = { userIds: raw.slice(0, newline).split(',').map(Number), frame: raw.slice(newline + 1) };
      } else {
        delivery = JSON.parse(raw) as Routed;
      }
    } catch (error) {
      onError(error);
      return;
    }
    for (const handler of handlers) handler(delivery);
  });
  // ioredis reconnects and subscribes again by itself; what was published meanwhile is gone, and
  // a client reads everything again when its own socket reconnects.
  await subscriber.subscribe(ownChannel, everyone);
  return {
    async publish(delivery) {
      if ('changed' in delivery) {
        await redis.publish(everyone, JSON.stringify(delivery));
        return;
      }
      const liveSince = Date.now() - PRESENCE_TTL_SECONDS * 1000;
      await scripted.routeDelivery(keys.instances, keys.countsPrefix, channels, liveSince, delivery.frame, ...delivery.userIds);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}

/**
 * When a delivery was last published, on any instance, presence's aside (docs/live-updates.md):
 * a socket going live tells its client how long ago that was (`quietForMs` of `auth_ok`), so that
 * a page which began after it knows that nothing it has read can be out of date.
 */
export interface EventClock {
  /** A delivery is about to be published: called before it goes out. */
  tick(): void;
  /** Milliseconds since the last tick, or null when that is not known. */
  quietFor(): Promise<number | null>;
}

/** The clock of one instance alone: what came before its start is not known, so it counts from then. */
export function memoryEventClock(): EventClock {
  let last = Date.now();
  return {
    tick: () => {
      last = Date.now();
    },
    quietFor: async () => Date.now() - last,
  };
}

/**
 * The clock in Redis, shared by the instances. A tick goes out on the connection the delivery's
 * routing then takes, and a socket is counted and then asks on its own: a delivery routed before
 * the socket was counted has ticked before the socket asks. With no tick on record (a new Redis)
 * it is not known.
 */
export function redisEventClock(redis: Redis, prefix: string, onError: (error: unknown) => void): EventClock {
  const key = `${prefix}live:last-event-at`;
  return {
    tick: () => void redis.set(key, String(Date.now())).catch(onError),
    quietFor: async () => {
      const at = await redis.get(key);
      return at === null ? null : Math.max(0, Date.now() - Number(at));
    },
  };
}

/** What the bus brought an instance, on /metrics (plugins/metrics.ts). */
export function registerLiveMetrics(app: FastifyInstance, heard: { deliveries: number; forNobodyHere: number }): void {
  const registers = [app.metrics];
  new Counter({
    name: 'betbro_live_deliveries_received_total',
    help: 'Socket deliveries the live bus brought this instance',
    registers,
    collect() {
      this.reset();
      this.inc(heard.deliveries);
    },
  });
  new Counter({
    name: 'betbro_live_deliveries_for_nobody_here_total',
    help: 'Socket deliveries brought to this instance for none of the users it holds sockets of',
    registers,
    collect() {
      this.reset();
      this.inc(heard.forNobodyHere);
    },
  });
}
