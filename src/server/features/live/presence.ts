import type { Redis } from 'ioredis';

/**
 * Who is online: a user is online while they hold at least one live socket on any instance
 * (docs/decisions/005-live-layer.md). This in-process registry counts sockets here; with Redis,
 * the live layer shares the counts between instances.
 */
export interface Presence {
  connected(userId: number): Promise<boolean>; // true when the user just came online
  disconnected(userId: number): Promise<boolean>; // true when the user just went offline
  isOnline(userId: number): Promise<boolean>;
  onlineAmong(userIds: readonly number[]): Promise<Set<number>>;
  /** Everyone online: as many as are online, never every account. */
  onlineUsers(): Promise<number[]>;
}

export function memoryPresence(): Presence {
  const sockets = new Map<number, number>();
  return {
    async connected(userId) {
      const count = (sockets.get(userId) ?? 0) + 1;
      sockets.set(userId, count);
      return count === 1;
    },
    async disconnected(userId) {
      const count = (sockets.get(userId) ?? 0) - 1;
      if (count <= 0) sockets.delete(userId);
      else sockets.set(userId, count);
      return count <= 0;
    },
    async isOnline(userId) {
      return sockets.has(userId);
    },
    async onlineAmong(userIds) {
      return new Set(userIds.filter((id) => sockets.has(id)));
    },
    async onlineUsers() {
      return [...sockets.keys()];
    },
  };
}

/**
 * Where presence lives in Redis: a sorted set of the live instances, scored by their last
 * heartbeat, and for each instance a hash of its users' socket counts. The live bus routes a
 * delivery by the same keys (realtime.ts): they say which instance holds whose sockets.
 */
export const PRESENCE_TTL_SECONDS = 30;
export const presenceKeys = (prefix: string) => ({
  instances: `${prefix}presence:instances`,
  /** Followed by an instance's id: that instance's hash of socket counts by user id. */
  countsPrefix: `${prefix}presence:`,
});

/**
 * Presence shared through Redis: each instance keeps a hash of its own users' socket counts,
 * kept alive by a heartbeat, so a crashed instance's users drop offline within 30 seconds.
 */
export function redisPresence(redis: Redis, prefix: string, instanceId: string): Presence & { stop(): Promise<void> } {
  const TTL_SECONDS = PRESENCE_TTL_SECONDS;
  const keys = presenceKeys(prefix);
  const instancesKey = keys.instances;
  const ownKey = `${keys.countsPrefix}${instanceId}`;
  const local = memoryPresence();

  async function heartbeat() {
    await redis.multi().zadd(instancesKey, Date.now(), instanceId).expire(ownKey, TTL_SECONDS).exec();
  }
  void heartbeat().catch(() => {});
  const timer = setInterval(() => void heartbeat().catch(() => {}), 10_000);
  timer.unref();

  async function liveInstances(): Promise<string[]> {
    await redis.zremrangebyscore(instancesKey, 0, Date.now() - TTL_SECONDS * 1000);
    return redis.zrange(instancesKey, 0, -1);
  }

  async function onlineElsewhere(userIds: readonly number[]): Promise<Set<number>> {
    const online = new Set<number>();
    if (userIds.length === 0) return online;
    for (const instance of await liveInstances()) {
      if (instance === instanceId) continue;
      const counts = await redis.hmget(`${keys.countsPrefix}${instance}`, ...userIds.map(String));
      counts.forEach((count, i) => {
        if (Number(count) > 0) online.add(userIds[i]!);
      });
    }
    return online;
  }

  return {
    async connected(userId) {
      const first = await local.connected(userId);
      await redis.multi().hincrby(ownKey, String(userId), 1).expire(ownKey, TTL_SECONDS).exec();
      if (first) await heartbeat();
      return first && !(await onlineElsewhere([userId])).has(userId);
    },
    async disconnected(userId) {
      const last = await local.disconnected(userId);
      const remaining = await redis.hincrby(ownKey, String(userId), -1);
      if (remaining <= 0) await redis.hdel(ownKey, String(userId));
      return last && !(await onlineElsewhere([userId])).has(userId);
    },
    async isOnline(userId) {
      return (await local.isOnline(userId)) || (await onlineElsewhere([userId])).has(userId);
    },
    async onlineAmong(userIds) {
      const here = await local.onlineAmong(userIds);
      const elsewhere = await onlineElsewhere(userIds.filter((id) => !here.has(id)));
      return new Set([...here, ...elsewhere]);
    },
    async onlineUsers() {
      const online = new Set<number>();
      for (const instance of await liveInstances()) {
        const counts = await redis.hgetall(`${keys.countsPrefix}${instance}`);
        for (const [userId, count] of Object.entries(counts)) if (Number(count) > 0) online.add(Number(userId));
      }
      return [...online];
    },
    async stop() {
      clearInterval(timer);
      await redis.multi().del(ownKey).zrem(instancesKey, instanceId).exec();
    },
  };
}

/**
 * How long a user's presence outlasts their last socket: longer than the client's first two
 * reconnect delays (1 s, then 2 s).
 */
export const PRESENCE_GRACE_MS = 5_000;

/**
 * Presence as sockets open and close, with friends told through `announce`. A closing socket's
 * count is held for PRESENCE_GRACE_MS, and a socket of the user opening meanwhile takes the hold
 * over: a reload, or a drop the client restores within seconds, tells friends nothing, and
 * cycling connections cannot make every friend hear of each cycle. With Redis the held count is
 * seen by every instance, so a reconnect to another instance tells friends nothing either. One
 * hold per user: a socket closing while one is held lets go of its own count at once, and the
 * hold starts again.
 */
export class SocketPresence {
  private readonly holds = new Map<number, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly presence: Presence,
    private readonly announce: (userId: number, isOnline: boolean) => Promise<void>,
    /** Runs the work each change starts: the caller tracks it and reports its failures. */
    private readonly run: (work: Promise<void>) => void,
  ) {}

  /**
   * Counts a socket that opened. The promise settles once the count is kept where every instance
   * reads it (with Redis: the live bus routes the user's deliveries here from then on); friends
   * are told afterwards.
   */
  opened(userId: number): Promise<void> {
    const hold = this.holds.get(userId);
    if (hold) {
      clearTimeout(hold);
      this.holds.delete(userId);
      return Promise.resolve();
    }
    const counted = this.presence.connected(userId);
    this.run(
      counted.then(async (cameOnline) => {
        if (cameOnline) await this.announce(userId, true);
      }),
    );
    return counted.then(() => {});
  }

  closed(userId: number): void {
    if (this.stopped) return this.letGo(userId);
    const hold = this.holds.get(userId);
    if (hold) {
      clearTimeout(hold);
      this.letGo(userId);
    }
    const timer = setTimeout(() => {
      this.holds.delete(userId);
      this.letGo(userId);
    }, PRESENCE_GRACE_MS);
    timer.unref();
    this.holds.set(userId, timer);
  }

  /** The server is stopping: every hold lets go now, and every socket closing from now on at once. */
  stop(): void {
    this.stopped = true;
    for (const [userId, hold] of this.holds) {
      clearTimeout(hold);
      this.letGo(userId);
    }
    this.holds.clear();
  }

  private letGo(userId: number): void {
    this.run(
      this.presence.disconnected(userId).then(async (wentOffline) => {
        if (wentOffline) await this.announce(userId, false);
      }),
    );
  }
}
