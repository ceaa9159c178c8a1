import type { Redis } from 'ioredis';
import type { ServerMessage } from '../../shared/ws-events.ts';

/**
 * Carries socket messages to whichever instance holds the recipients' sockets: in process by
 * default, through Redis pub/sub when several instances run (DESIGN §2).
 */
export type Delivery =
  /** To these users. */
  | { userIds: number[]; message: ServerMessage }
  /**
   * To everyone who may see the bet: each instance finds them among its own connected users
   * (ConnectedAudiences, docs/decisions/013-fan-out-finds-the-audience.md). `stakerId` when a
   * stake caused it: that user sees the bet from now on.
   */
  | { bet: { id: number; creatorId: number; stakerId?: number }; message: ServerMessage }
  /** What decides this user's audiences (their role, their account) changed. */
  | { changed: number };

export interface Bus {
  publish(delivery: Delivery): Promise<void>;
  subscribe(handler: (delivery: Delivery) => void): void;
  /** Deliveries may have been lost: the subscription dropped and is back. */
  onGap(listener: () => void): void;
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
    onGap() {
      // In process, nothing is ever lost on the way.
    },
    async close() {},
  };
}

export async function redisBus(redis: Redis, prefix: string, onError: (error: unknown) => void): Promise<Bus> {
  // Renamed when deliveries stopped listing a bet's audience (ADR 013): instances of the release
  // before it could not read a delivery that names a bet. During a rolling deploy, each release's
  // instances relay only each other's events; a client re-reads what it shows when its socket
  // reconnects to an instance of the new release.
  const channel = `${prefix}deliveries:2`;
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
  // ioredis reconnects and subscribes again by itself; what was published meanwhile is gone.
  const gapListeners: (() => void)[] = [];
  let subscribed = false;
  subscriber.on('ready', () => {
    if (subscribed) for (const listener of gapListeners) listener();
  });
  await subscriber.subscribe(channel);
  subscribed = true;
  return {
    async publish(delivery) {
      await redis.publish(channel, JSON.stringify(delivery));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    onGap(listener) {
      gapListeners.push(listener);
    },
    async close() {
      subscriber.disconnect();
    },
  };
}
