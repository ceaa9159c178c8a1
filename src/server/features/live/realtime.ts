import { randomUUID } from 'node:crypto';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import {
  CLIENT_FRAMES_PER_SECOND,
  CLIENT_FRAME_BURST,
  MAX_CLIENT_FRAME_BYTES,
  POLICY_CLOSE,
  clientMessageSchema,
  type ServerMessage,
} from '../../../shared/ws-events.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import { SESSION_COOKIE, liveSessionsOf, loadSession } from '../auth/service.ts';
import { TOO_MANY_SOCKETS, audienceOfBet, deliveriesFor, presenceDelivery, type Delivery } from './service.ts';
import { SocketPresence, memoryPresence, redisPresence, type Presence } from './presence.ts';
import { memoryBus, memoryEventClock, redisBus, redisEventClock, registerLiveMetrics, type Bus, type EventClock } from './bus.ts';

/**
 * The live layer (docs/decisions/005-live-layer.md): /ws on the same port, authenticated by the
 * session cookie and the Origin; committed domain events fan out to the sockets of the users
 * allowed to see them, on this instance or, through Redis, on any other. A socket lives no longer
 * than its session.
 */

const HEARTBEAT_MS = 30_000;
const MAX_ABUSE = 5;
// A session's sockets are checked this long after its expiry by this server's clock, so that a
// database clock a little behind does not find it live and have it checked again at once.
const EXPIRY_MARGIN_MS = 250;
// setTimeout holds at most 2^31 ms; a session checked once a day costs nothing.
const MAX_EXPIRY_CHECK_MS = 24 * 60 * 60 * 1000;
// Of a claimed user id, a log line repeats no more than this.
const LOGGED_CLAIM_CHARS = 32;

/**
 * A frame the protocol layer refuses (too large, bad UTF-8, a reserved opcode: ws's WS_ERR_* codes)
 * is the client's fault, not ours: one warn line, no stack, and the socket goes. Anything else is
 * a fault of ours, logged in full.
 */
function socketFailed(error: Error, socket: WebSocket, log: FastifyBaseLogger, userId: number | undefined): void {
  const { code } = error as Error & { code?: string };
  if (code?.startsWith('WS_ERR_')) log.warn({ userId, reason: error.message, code }, 'dropped a socket: bad frame');
  else log.error({ err: error }, 'socket failed');
  socket.terminate();
}

export async function registerRealtime(app: FastifyInstance): Promise<{ presence: Presence }> {
  const instanceId = randomUUID();
  let bus: Bus;
  let presence: Presence & { stop?: () => Promise<void> };
  let eventClock: EventClock;
  if (app.redis) {
    await app.redis.connect().catch(() => {});
    const busError = (err: unknown) => app.log.warn({ err }, 'live bus error');
    bus = await redisBus(app.redis, app.config.redisPrefix, instanceId, busError);
    presence = redisPresence(app.redis, app.config.redisPrefix, instanceId);
    eventClock = redisEventClock(app.redis, app.config.redisPrefix, busError);
  } else {
    bus = memoryBus();
    presence = memoryPresence();
    eventClock = memoryEventClock();
  }

  const sockets = new Map<number, Set<WebSocket>>();
  const send = (socket: WebSocket, message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /** An app session with sockets here: they close when it ends. */
  interface SessionHere {
    idHash: string;
    userId: number;
    sockets: Set<WebSocket>;
    expiryCheck: NodeJS.Timeout | null;
  }
  const sessionsHere = new Map<string, SessionHere>();
  const sessionOf = new WeakMap<WebSocket, SessionHere>();
  // The checks under way, by user. What arrives for the user meanwhile is sent once the check is
  // done, so nothing published after a session ended reaches its sockets.
  const checks = new Map<number, Promise<void>>();
  // Counts the `changed` deliveries: one that arrives while a socket is being opened may be about
  // the session it opens with.
  let changesHeard = 0;
  const changesHeardAtUpgrade = new WeakMap<object, number>();
  // The response each upgrade is routed through (@fastify/websocket), let go of once it opened.
  const upgradeResponses = new WeakMap<object, ServerResponse>();

  const checkAtExpiry = (session: SessionHere, expiresAt: Date) => {
    if (session.expiryCheck) clearTimeout(session.expiryCheck);
    const delay = Math.min(Math.max(expiresAt.getTime() - Date.now(), 0) + EXPIRY_MARGIN_MS, MAX_EXPIRY_CHECK_MS);
    session.expiryCheck = setTimeout(() => void checkSessionsOf(session.userId), delay);
    session.expiryCheck.unref();
  };
  /**
   * How sockets go with their session, however it ended (a logout, an expiry, a password
   * change, a deactivation, an account deletion): the user's sessions with sockets here are read
   * again; the sockets of one no longer live close, the others are checked again at its expiry as
   * requests have slid it. A check that fails closes the user's sockets here for the client to
   * reconnect, so that no socket outlives its session unchecked.
   */
  const checkSessionsOf = (userId: number): Promise<void> => {
    const check: Promise<void> = (checks.get(userId) ?? Promise.resolve())
      .then(async () => {
        const here = new Set([...(sockets.get(userId) ?? [])].flatMap((socket) => sessionOf.get(socket) ?? []));
        if (here.size === 0) return;
        const live = await liveSessionsOf(app, userId);
        for (const session of here) {
          const expiresAt = live.get(session.idHash);
          if (expiresAt) checkAtExpiry(session, expiresAt);
          else for (const socket of session.sockets) socket.close(POLICY_CLOSE, 'Session ended');
        }
      })
      .catch((err: unknown) => {
        app.log.warn({ err, userId }, 'checking the sessions of sockets failed');
        for (const socket of sockets.get(userId) ?? []) socket.close(1011, 'Try again');
      })
      .finally(() => {
        if (checks.get(userId) === check) checks.delete(userId);
      });
    checks.set(userId, check);
    return check;
  };
  // What the bus brought this instance, for /metrics: every delivery, and those for none of the
  // users with a socket here (with Redis each instance is sent only its own users' deliveries).
  const heard = { deliveries: 0, forNobodyHere: 0 };
  bus.subscribe((delivery) => {
    if ('changed' in delivery) {
      // A session or the account ended, or the role changed: sockets whose session ended close;
      // the others stay and hear what the new role lets them.
      changesHeard += 1;
      if (sockets.has(delivery.changed)) void checkSessionsOf(delivery.changed);
      return;
    }
    heard.deliveries += 1;
    let anyHere = false;
    const sendTo = (userId: number) => {
      for (const socket of sockets.get(userId) ?? []) if (socket.readyState === socket.OPEN) socket.send(delivery.frame);
    };
    for (const userId of delivery.userIds) {
      if (!sockets.has(userId)) continue;
      anyHere = true;
      const check = checks.get(userId);
      if (check) void check.then(() => sendTo(userId));
      else sendTo(userId);
    }
    if (!anyHere) heard.forNobodyHere += 1;
  });
  registerLiveMetrics(app, heard);

  /**
   * Who a delivery is for. A bet's audience is read from bet_viewers (features/bets/visibility.sql)
   * once, by the instance where its event committed, so it follows the friendships, stakes and
   * roles as they are committed now; the bus carries it to the instances holding their sockets.
   */
  const publishOne = async (delivery: Delivery) => {
    // Presence patches the screens it shows on and is read again by them (docs/live-updates.md):
    // everything else tells a page going live that what it read may be out of date.
    if ('changed' in delivery || delivery.message.type !== 'presence') eventClock.tick();
    if ('changed' in delivery) return bus.publish(delivery);
    // Alone, this instance holds every socket: with none open, nobody is there to hear it.
    if (!app.redis && sockets.size === 0) return;
    const userIds = 'bet' in delivery ? await audienceOfBet(app, delivery.bet.id) : delivery.userIds;
    if (userIds.length > 0) await bus.publish({ userIds, frame: JSON.stringify(delivery.message) });
  };
  const publish = (deliveries: Promise<Delivery[]>) =>
    app.backgroundWork.track(
      deliveries
        .then((list) => Promise.all(list.map(publishOne)))
        .catch((err: unknown) => app.log.error({ err }, 'live fan-out failed')),
    );
  const unsubscribe = app.domainEvents.subscribe((event) => void publish(deliveriesFor(app, event)));
  const socketPresence = new SocketPresence(
    presence,
    async (userId, isOnline) => {
      await publish(presenceDelivery(app, userId, isOnline).then((d) => [d]));
    },
    (work) => void app.backgroundWork.track(work.catch((err: unknown) => app.log.warn({ err }, 'presence update failed'))),
  );

  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    errorHandler: (error, socket, request) => socketFailed(error, socket, request.log, request.currentUser?.id),
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
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (origin && !allowedOrigins(request.host, request.protocol).has(origin)) {
          throw forbidden('Cross-site socket connections are not allowed', 'cross_site_request');
        }
        changesHeardAtUpgrade.set(request.raw, changesHeard);
        upgradeResponses.set(request.raw, reply.raw);
        const token = request.cookies[SESSION_COOKIE];
        // The upgrade's answer sets no cookie, so it does not slide the session: the app's own
        // requests do, and renew the cookie with it.
        const loaded = token ? await loadSession(app, token, { slide: false }) : null;
        if (!loaded) throw unauthorized();
        request.currentUser = loaded.user;
        request.authSession = loaded.session;
      },
    },
    (socket, request) => {
      const userId = request.currentUser!.id;
      const { idHash, expiresAt } = request.authSession!;
      const log = request.log;
      // A socket keeps its user, session and log, and nothing else of its upgrade: the library's
      // error listener holds the request and its reply for the socket's life, and the response the
      // upgrade was routed with holds the TCP socket, together about 4 KB a socket (decision 036).
      socket.removeAllListeners('error');
      socket.on('error', (error) => socketFailed(error, socket, log, userId));
      upgradeResponses.get(request.raw)?.detachSocket(request.raw.socket);
      let abuse = 0;
      alive.set(socket, true);
      let userSockets = sockets.get(userId);
      if (!userSockets) sockets.set(userId, (userSockets = new Set()));
      // At most so many sockets per user on an instance: one more is closed at once with a
      // clear code. (Closing the oldest instead would set the user's tabs evicting each other as
      // each reconnects.) A dead socket leaves at the next heartbeat.
      if (userSockets.size >= app.config.rateLimits.socketsPerUser) {
        log.warn({ userId, open: userSockets.size }, 'refused a socket: too many open');
        socket.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
        return;
      }
      userSockets.add(socket);
      let session = sessionsHere.get(idHash);
      if (!session) {
        session = { idHash, userId, sockets: new Set(), expiryCheck: null };
        sessionsHere.set(idHash, session);
        checkAtExpiry(session, expiresAt);
      }
      session.sockets.add(socket);
      sessionOf.set(socket, session);
      // The session may have ended while the socket opened, too early for the check to see it.
      if (changesHeard !== changesHeardAtUpgrade.get(request.raw)) void checkSessionsOf(userId);
      // Counted where every instance reads it before the socket is said to be live: from then on
      // the bus routes the user's deliveries here. A count that cannot be kept closes the socket
      // for the client to try again.
      const counted = socketPresence.opened(userId);
      counted.catch(() => socket.close(1011, 'Try again'));

      // Each kind of trouble is logged once per socket, so a client cannot fill the log.
      const warned = new Set<string>();
      const warnOnce = (message: string, fields: Record<string, unknown> = {}) => {
        if (warned.has(message)) return;
        warned.add(message);
        log.warn({ userId, ...fields }, message);
      };
      const misbehaved = (reason: string) => {
        abuse += 1;
        warnOnce('dropped a socket frame', { reason });
        if (abuse >= MAX_ABUSE) {
          warnOnce('closed a socket: too many invalid messages');
          socket.close(POLICY_CLOSE, 'Too many invalid messages');
        }
      };
      // A token bucket: CLIENT_FRAME_BURST frames at once, refilled at CLIENT_FRAMES_PER_SECOND.
      let frames = CLIENT_FRAME_BURST;
      let countedAt = Date.now();
      const withinRate = () => {
        const now = Date.now();
        frames = Math.min(CLIENT_FRAME_BURST, frames + ((now - countedAt) / 1000) * CLIENT_FRAMES_PER_SECOND);
        countedAt = now;
        if (frames >= 1) {
          frames -= 1;
          return true;
        }
        warnOnce('closed a socket: too many frames');
        socket.close(POLICY_CLOSE, 'Too many messages');
        return false;
      };

      socket.on('pong', () => alive.set(socket, true));
      socket.on('ping', () => void withinRate());
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        // Frames that were on their way when the socket began to close are not read.
        if (socket.readyState !== socket.OPEN || !withinRate()) return;
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
          warnOnce('socket auth message claimed another user', { claimed: String(message.userId).slice(0, LOGGED_CLAIM_CHARS) });
        }
        void counted.then(
          async () => {
            // Asked once counted: a delivery routed before then has ticked already.
            const quietForMs = await eventClock.quietFor().catch(() => null);
            send(socket, { type: 'auth_ok', userId, quietForMs });
          },
          () => {},
        );
      });
      socket.on('close', () => {
        userSockets.delete(socket);
        if (userSockets.size === 0) sockets.delete(userId);
        session.sockets.delete(socket);
        if (session.sockets.size === 0) {
          if (session.expiryCheck) clearTimeout(session.expiryCheck);
          sessionsHere.delete(idHash);
        }
        socketPresence.closed(userId);
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
    socketPresence.stop();
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
