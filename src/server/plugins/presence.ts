import type { Redis } from 'ioredis';

/**
 * Who is online: a user is online while they hold at least one live socket on any instance
 * (DESIGN §9). This in-process registry counts sockets here; with Redis, the live layer shares
 * the counts between instances.
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
 * Presence shared through Redis: each instance keeps a hash of its own users' socket counts,
 * kept alive by a heartbeat, so a crashed instance's users drop offline within 30 seconds.
 */
export function redisPresence(redis: Redis, prefix: string, instanceId: string): Presence & { stop(): Promise<void> } {
  const TTL_SECONDS = 30;
  const instancesKey = `${prefix}presence:instances`;
  const ownKey = `${prefix}presence:${instanceId}`;
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
      const counts = await redis.hmget(`${prefix}presence:${instance}`, ...userIds.map(String));
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
        const counts = await redis.hgetall(`${prefix}presence:${instance}`);
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
