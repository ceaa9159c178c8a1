import http from 'node:http';
import https from 'node:https';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { ReadBatches, readLimitsFor } from '../../db/read-batches.ts';
import { mayReachOwner, notificationPath, notifications, presentToOwner } from '../notifications/service.ts';
import { pushSubscriptions } from './tables.ts';
import { userPreferences, type UserRow } from '../users/service.ts';
import { conflict, notFound } from '../../errors.ts';
import type { DomainEvent } from '../../plugins/domain-events.ts';
import type { PushPayload, PushSubscriptionBody } from '../../../shared/schemas/push.ts';
import type { Notification } from '../../../shared/schemas/notifications.ts';
import { inQuietHours } from '../../../shared/quiet-hours.ts';
import { checkPushEndpoint, isAllowedOrigin, NonPublicAddressError, publicOnlyLookup, urlRefusal } from './endpoint.ts';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.ts';

/**
 * Web Push (RFC 8291 payload encryption and RFC 8292 VAPID, by the web-push library): every
 * notification the app stores is also pushed to each browser its user subscribed, after the
 * commit, in the background. The library builds each request; sending it is ours, so that the
 * connection's DNS lookup can refuse non-public addresses (see endpoint.ts).
 *
 * The server sends requests where its users say, so each user's share is bounded: at most
 * SUBSCRIPTIONS_PER_USER endpoints, PUSH_PER_USER_PER_MINUTE notifications pushed a minute, and
 * TRIES requests per notification and endpoint.
 */

/** Subscriptions kept per user: a new one beyond this replaces their oldest. */
const SUBSCRIPTIONS_PER_USER = 5;
/** Requests per push and subscription: the first try and one more after a passing failure. */
const TRIES = 2;
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const BODY_MAX_CHARS = 300;

export async function subscribe(app: FastifyInstance, user: UserRow, body: PushSubscriptionBody): Promise<void> {
  await checkPushEndpoint(body.endpoint, app.config.push.endpointAllow);
  const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth };
  // A browser has one endpoint. Its owner subscribing it again renews it; anyone else is refused,
  // since taking it over would silence the owner's device.
  const [stored] = await app.db
    .insert(pushSubscriptions)
    .values({ userId: user.id, endpoint: body.endpoint, ...keys })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...keys, createdAt: new Date() },
      setWhere: eq(pushSubscriptions.userId, user.id),
    })
    .returning({ id: pushSubscriptions.id });
  if (!stored) throw conflict('This device already receives push notifications for another account', 'push_endpoint_taken');
  const kept = app.db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, user.id))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(SUBSCRIPTIONS_PER_USER);
  await app.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, user.id), notInArray(pushSubscriptions.id, kept)));
}

export async function unsubscribe(app: FastifyInstance, user: UserRow, endpoint: string): Promise<void> {
  const removed = await app.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('Push subscription not found', 'subscription_not_found');
}

/** What a push shows, and where it leads when clicked: an absolute URL of the client. */
export function pushPayloadOf(row: Pick<Notification, 'type' | 'title' | 'body' | 'betId' | 'conversationId' | 'crewId'>, publicUrl: string): PushPayload {
  const body = row.body.length > BODY_MAX_CHARS ? `${row.body.slice(0, BODY_MAX_CHARS - 1)}…` : row.body;
  return { title: row.title, body, url: `${publicUrl}${notificationPath(row)}` };
}

type Subscription = typeof pushSubscriptions.$inferSelect;
type Outcome = { status: number; retryAfterMs: number | null } | { error: Error };

/** One POST of an encrypted push to its endpoint; never throws. */
function send(app: FastifyInstance, keys: VapidKeys, subscription: Subscription, payload: PushPayload): Promise<Outcome> {
  const url = new URL(subscription.endpoint);
  const allowed = isAllowedOrigin(url, app.config.push.endpointAllow);
  const refusal = allowed ? null : urlRefusal(url);
  if (refusal) return Promise.resolve({ error: new NonPublicAddressError(`endpoint refused: ${refusal}`) });
  let details: ReturnType<typeof webPush.generateRequestDetails>;
  try {
    details = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: app.config.push.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
      },
    );
  } catch (error) {
    return Promise.resolve({ error: error as Error });
  }
  return new Promise((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        timeout: SEND_TIMEOUT_MS,
        ...(allowed ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        const retryAfter = Number(response.headers['retry-after']);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : null }),
        );
        response.on('error', (error) => resolve({ error }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('push endpoint timed out')));
    request.on('error', (error) => resolve({ error }));
    request.end(details.body ?? undefined);
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/**
 * Delivers one push: done on 2xx; the subscription is deleted on 404 or 410 (the browser gave
 * it up); a network error, 429 or 5xx is tried once more after `retryDelayMs` (or the push
 * service's Retry-After, if longer) if `stillWanted` says so then; a refused endpoint and
 * anything else is logged and dropped.
 */
async function deliver(
  app: FastifyInstance,
  keys: VapidKeys,
  subscription: Subscription,
  payload: PushPayload,
  stillWanted: () => Promise<boolean>,
  signal: AbortSignal,
) {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await send(app, keys, subscription, payload);
    if ('status' in outcome && outcome.status >= 200 && outcome.status < 300) return;
    if ('status' in outcome && (outcome.status === 404 || outcome.status === 410)) {
      await app.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.endpoint, subscription.endpoint)));
      return;
    }
    const passing =
      'error' in outcome ? !(outcome.error instanceof NonPublicAddressError) : outcome.status === 429 || outcome.status >= 500;
    const log = { subscriptionId: subscription.id, attempt, ...('error' in outcome ? { err: outcome.error } : { status: outcome.status }) };
    if (!passing || attempt >= TRIES || signal.aborted) {
      app.log.warn(log, 'push not delivered');
      return;
    }
    app.log.info(log, 'push failed, trying again');
    const retryAfter = 'status' in outcome ? (outcome.retryAfterMs ?? 0) : 0;
    await sleep(Math.min(Math.max(app.config.push.retryDelayMs, retryAfter), 10 * 60_000), signal);
    if (signal.aborted || !(await stillWanted())) return;
  }
}

type SubscriptionReads = ReadBatches<number, Subscription[]>;

/**
 * Every stake notifies its bet's creator, so the subscriptions of the notifications announced
 * together are read in one query (db/read-batches.ts).
 */
function subscriptionReads(app: FastifyInstance): SubscriptionReads {
  return new ReadBatches(async (userIds) => {
    const rows = await app.db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    const byUser = new Map<number, Subscription[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    return byUser;
  }, readLimitsFor(app.database.kind, app.config.plainPaths.has('read-batches')));
}

async function pushNotification(
  app: FastifyInstance,
  keys: VapidKeys,
  reads: SubscriptionReads,
  event: Extract<DomainEvent, { type: 'notification' }>,
  signal: AbortSignal,
) {
  const subscriptions = (await reads.read(event.userId)) ?? [];
  if (subscriptions.length === 0) return;
  const [stored] = event.notification ? [] : await app.db.select().from(notifications).where(eq(notifications.id, event.notificationId));
  const notification = event.notification ?? (stored && (await presentToOwner(app.db, stored)));
  if (!notification) return;
  const row = { ...notification, userId: event.userId };
  // A push shows the bet's title on a lock screen: it follows who sees the bet when it is sent.
  const stillWanted = () => mayReachOwner(app.db, row);
  if (!(await stillWanted())) return;
  if (await inQuietHoursNow(app, row.userId)) return;
  // Counted once a push is due, so that users without subscriptions cost the limiter nothing.
  const rate = await app.rateLimiter.hit(`push:user:${row.userId}`, app.config.push.perUserPerMinute, 60);
  if (!rate.allowed) {
    app.log.info({ userId: row.userId, notificationId: row.id }, 'push skipped: the user’s push rate is used up');
    return;
  }
  const payload = pushPayloadOf(row, app.config.publicUrl);
  await Promise.all(subscriptions.map((s) => deliver(app, keys, s, payload, stillWanted, signal)));
}

/** Whether the player is in their quiet hours now (docs/product.md §8.3): no push then. */
async function inQuietHoursNow(app: FastifyInstance, userId: number): Promise<boolean> {
  const [row] = await app.db
    .select({ from: userPreferences.quietFrom, to: userPreferences.quietTo, timeZone: userPreferences.timeZone })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.from && row.to ? inQuietHours({ from: row.from, to: row.to }, row.timeZone, new Date()) : false;
}

/**
 * Pushes every notification announced after its commit: the domain events' second listener,
 * beside the live layer (features/live/realtime.ts), started by app.ts. Notifications of a muted type
 * are never stored (notifyAll in notifications/service.ts, stake_on_bets in bets/stake.sql), so
 * preferences hold for pushes too. The work is tracked as background work; closing the app cuts
 * the retries' waits short. Answers the VAPID keys it signs with, for the routes.
 */
export async function startPushDelivery(app: FastifyInstance): Promise<VapidKeys> {
  const keys = await loadVapidKeys(app.config);
  const closing = new AbortController();
  const reads = subscriptionReads(app);
  const unsubscribe = app.domainEvents.subscribe((event) => {
    if (event.type !== 'notification') return;
    void app.backgroundWork.track(
      pushNotification(app, keys, reads, event, closing.signal).catch((err: unknown) => app.log.error({ err }, 'push delivery failed')),
    );
  });
  app.addHook('onClose', async () => {
    closing.abort();
    unsubscribe();
  });
  return keys;
}

export { pushSubscriptions } from './tables.ts';
