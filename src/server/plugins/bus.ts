import type { Redis } from 'ioredis';
import type { ServerMessage } from '../../shared/ws-events.ts';

/**
 * Carries socket messages to whichever instance holds the recipients' sockets: in process by
 * default, through Redis pub/sub when several instances run (docs/decisions/005-live-layer.md).
 */
export type Delivery =
  /** To these users. */
  | { userIds: number[]; message: ServerMessage }
  /** To everyone who may see the bet: each instance reads who among its connected users does. */
  | { bet: { id: number }; message: ServerMessage }
  /** A session of this user ended, or their account or role changed: their sockets are checked. */
  | { changed: number };

export interface Bus {
  publish(delivery: Delivery): Promise<void>;
  subscribe(handler: (delivery: Delivery) => void): void;
  close(): Promise<void>;
}

export function memoryBus(): Bus {
  const handlers: ((delivery: Delivery) => void)[] = [];
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

export async function redisBus(redis: Redis, prefix: string, onError: (error: unknown) => void): Promise<Bus> {
  const channel = `${prefix}deliveries`;
  // A connection in subscriber mode can do nothing else, so it gets its own, named so that
  // CLIENT LIST tells it apart.
  const subscriber = redis.duplicate({ connectionName: `${prefix}deliveries-subscriber` });
  subscriber.on('error', onError);
  const handlers: ((delivery: Delivery) => void)[] = [];
  subscriber.on('message', (_channel: string, raw: string) => {
    let delivery: Delivery;
    try {
      delivery = JSON.parse(raw) as Delivery;
    } catch (error) {
      onError(error);
      return;
    }
    for (const handler of handlers) handler(delivery);
  });
  // ioredis reconnects and subscribes again by itself; what was published meanwhile is gone, and
  // a client reads everything again when its own socket reconnects.
  await subscriber.subscribe(channel);
  return {
    async publish(delivery) {
      await redis.publish(channel, JSON.stringify(delivery));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
