import { randomUUID } from 'node:crypto';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { MAX_CLIENT_FRAME_BYTES, POLICY_CLOSE, clientMessageSchema, type ServerMessage } from '../../shared/ws-events.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { SESSION_COOKIE, loadSession } from '../features/auth/sessions.ts';
import { liveSessionHashesOf } from '../features/auth/end-sessions.ts';
import { audienceOfBet, deliveriesFor, presenceDelivery } from '../features/live/service.ts';
import { memoryBus, redisBus, type Bus, type Delivery } from './bus.ts';
import { memoryPresence, redisPresence, type Presence } from './presence.ts';

/**
 * The live layer (DESIGN §9): /ws on the same port, authenticated by the session cookie and the
 * Origin; committed domain events fan out to the sockets of the users allowed to see them, on
 * this instance or, through Redis, on any other.
 */

const HEARTBEAT_MS = 30_000;
const MAX_ABUSE = 5;
/** How a socket beyond the user's allowance is closed: 1008, policy violation. */
export const TOO_MANY_SOCKETS = { code: POLICY_CLOSE, reason: 'Too many open connections' } as const;

export async function registerRealtime(app: FastifyInstance): Promise<{ presence: Presence }> {
  const instanceId = randomUUID();
  let bus: Bus;
  let presence: Presence & { stop?: () => Promise<void> };
  if (app.redis) {
    await app.redis.connect().catch(() => {});
    bus = await redisBus(app.redis, app.config.redisPrefix, (err) => app.log.warn({ err }, 'live bus error'));
    presence = redisPresence(app.redis, app.config.redisPrefix, instanceId);
  } else {
    bus = memoryBus();
    presence = memoryPresence();
  }

  const sockets = new Map<number, Set<WebSocket>>();
  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  // The app session each socket was opened with: when it ends, the socket goes too.
  const sessionOf = new WeakMap<WebSocket, string>();
  /**
   * Who, among the users with a socket here, a delivery is for: a bet's audience is read from
   * bet_viewers (functions/bet_viewers.sql) when its event arrives, so it always follows the
   * friendships, stakes and roles as they are committed now.
   */
  const recipientsOf = async (delivery: Exclude<Delivery, { changed: number }>): Promise<number[]> => {
    if (!('bet' in delivery)) return delivery.userIds;
    if (sockets.size === 0) return [];
    return (await audienceOfBet(app, delivery.bet.id)).filter((userId) => sockets.has(userId));
  };
  bus.subscribe((delivery) => {
    if ('changed' in delivery) {
      // A role or an account changed: sockets whose session ended (a password change, a
      // deactivation) close; the others stay and hear what the new role lets them.
      const userId = delivery.changed;
      if (!sockets.has(userId)) return;
      void liveSessionHashesOf(app, userId)
        .then((live) => {
          for (const socket of sockets.get(userId) ?? []) {
            if (!live.has(sessionOf.get(socket) ?? '')) socket.close(POLICY_CLOSE, 'Session ended');
          }
        })
        .catch((err: unknown) => app.log.warn({ err, userId }, 'checking a changed account failed'));
      return;
    }
    const data = JSON.stringify(delivery.message);
    void recipientsOf(delivery)
      .then((recipients) => {
        for (const userId of recipients) {
          for (const socket of sockets.get(userId) ?? []) if (socket.readyState === socket.OPEN) socket.send(data);
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'finding who hears a live event failed'));
  });

  const publish = (deliveries: Promise<Delivery[]>) =>
    app.backgroundWork.track(
      deliveries
        .then((list) => Promise.all(list.filter((d) => !('userIds' in d) || d.userIds.length > 0).map((d) => bus.publish(d))))
        .catch((err: unknown) => app.log.error({ err }, 'live fan-out failed')),
    );
  const unsubscribe = app.domainEvents.subscribe((event) => void publish(deliveriesFor(app, event)));

  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // A frame the protocol layer refuses (too large, bad UTF-8, a reserved opcode: ws's
    // WS_ERR_* codes) is the client's fault, not ours: one warn line, no stack, and the socket
    // goes. Anything else is a fault of ours, logged in full.
    errorHandler: (error, socket, request) => {
      const { code } = error as Error & { code?: string };
      if (code?.startsWith('WS_ERR_')) {
        request.log.warn({ userId: request.currentUser?.id, reason: error.message, code }, 'dropped a socket: bad frame');
      } else {
        request.log.error({ err: error }, 'socket failed');
      }
      socket.terminate();
    },
  });

  const allowedOrigins = (host: string | undefined, protocol: string) =>
    new Set([new URL(app.config.publicUrl).origin, ...(host ? [`${protocol}://${host}`] : [])]);

  const alive = new WeakMap<WebSocket, boolean>();

  app.get(
    '/ws',
    {
      websocket: true,
      schema: { hide: true },
      // Runs before the upgrade: refusing here answers plain HTTP and no socket is opened.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin && !allowedOrigins(request.host, request.protocol).has(origin)) {
          throw forbidden('Cross-site socket connections are not allowed', 'cross_site_request');
        }
        const token = request.cookies[SESSION_COOKIE];
        const loaded = token ? await loadSession(app, token) : null;
        if (!loaded) throw unauthorized();
        request.currentUser = loaded.user;
        request.authSession = loaded.session;
      },
    },
    (socket, request) => {
      const user = request.currentUser!;
      const userId = user.id;
      let abuse = 0;
      alive.set(socket, true);
      sessionOf.set(socket, request.authSession!.idHash);
      let userSockets = sockets.get(userId);
      if (!userSockets) sockets.set(userId, (userSockets = new Set()));
      // At most so many sockets per user on an instance: one more is closed at once with a
      // clear code. (Closing the oldest instead would set the user's tabs evicting each other as
      // each reconnects.) A dead socket leaves at the next heartbeat.
      if (userSockets.size >= app.config.rateLimits.socketsPerUser) {
        request.log.warn({ userId, open: userSockets.size }, 'refused a socket: too many open');
        socket.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
        return;
      }
      userSockets.add(socket);
      void presence
        .connected(userId)
        .then(async (cameOnline) => {
          if (cameOnline) await publish(presenceDelivery(app, userId, true).then((d) => [d]));
        })
        .catch((err: unknown) => app.log.warn({ err }, 'presence update failed'));

      const misbehaved = (reason: string) => {
        abuse += 1;
        request.log.warn({ userId, reason, abuse }, 'dropped a socket frame');
        if (abuse >= MAX_ABUSE) socket.close(POLICY_CLOSE, 'Too many invalid messages');
      };

      socket.on('pong', () => alive.set(socket, true));
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        if (isBinary || raw.length > MAX_CLIENT_FRAME_BYTES) return misbehaved('oversized or binary frame');
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          return misbehaved('not JSON');
        }
        const result = clientMessageSchema.safeParse(parsed);
        if (!result.success) return misbehaved('unknown message');
        const message = result.data;
        if (message.type === 'ping') return send(socket, { type: 'pong' });
        if (message.userId !== undefined && Number(message.userId) !== userId) {
          // The session decides who this is; a different claim changes nothing.
          request.log.warn({ userId, claimed: message.userId }, 'socket auth message claimed another user');
        }
        send(socket, { type: 'auth_ok', userId });
      });
      socket.on('close', () => {
        userSockets.delete(socket);
        if (userSockets.size === 0) sockets.delete(userId);
        void app.backgroundWork.track(
          presence
            .disconnected(userId)
            .then(async (wentOffline) => {
              if (wentOffline) await publish(presenceDelivery(app, userId, false).then((d) => [d]));
            })
            .catch((err: unknown) => app.log.warn({ err }, 'presence update failed')),
        );
      });
    },
  );

  // Heartbeat: a socket that did not answer the last ping is dead and is dropped.
  const heartbeat = setInterval(() => {
    for (const set of sockets.values()) {
      for (const socket of set) {
        if (!alive.get(socket)) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const set of sockets.values()) for (const socket of set) socket.close(1001, 'Server shutting down');
  });
  app.addHook('onClose', async () => {
    // Fan-outs still running publish to the bus: let them finish first.
    await app.backgroundWork.drain(5_000);
    await bus.close();
    await presence.stop?.();
  });
  return { presence };
}
