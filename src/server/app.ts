import { randomBytes, randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { BACKFILLS } from './backfills.ts';
import { migrate } from './db/migrate.ts';
import { getOrCreateSecret } from './db/secrets.ts';
import { notFound, parserRefusalHandler, registerErrorHandling, routerRefusalHandler } from './errors.ts';
import { RelyingParty, inProcessFetch } from './features/auth/relying-party.ts';
import { accountRoutes } from './features/account/routes.ts';
import { newAccountMail } from './features/account/service.ts';
import { adminRoutes, contentReportRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { loadSession, welcomeOf } from './features/auth/service.ts';
import { betRoutes } from './features/bets/routes.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { cardRoutes } from './features/cards/routes.ts';
import { pageHeads } from './features/cards/service.ts';
import { activityRoutes } from './features/activities/routes.ts';
import { chatRoutes } from './features/chat/routes.ts';
import { crewRoutes } from './features/crews/routes.ts';
import { finishCrewSeasons, nextSeasonEnd } from './features/crews/service.ts';
import { friendRoutes } from './features/friends/routes.ts';
import { inviteRoutes } from './features/invites/routes.ts';
import { leaderboardRoutes } from './features/leaderboard/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { oddsHistoryRoutes } from './features/odds-history/routes.ts';
import { profileRoutes } from './features/profiles/routes.ts';
import { pushRoutes } from './features/push/routes.ts';
import { startPushDelivery } from './features/push/service.ts';
import { mailRoutes, registerMail } from './features/mail/service.ts';
import { statisticsRoutes } from './features/statistics/routes.ts';
import { finishJuryWindows, nextJuryWindowEnd, notifyExpiredBets, registerBetMetrics, seasonBetsOf, voidOverdueBets } from './features/bets/service.ts';
import { walletRoutes } from './features/wallet/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import {
  EMBEDDED_CLIENT_ID,
  embeddedIssuerUrl,
  identityIssuerOfLocalAccounts,
  registerEmbeddedProvider,
  usesEmbeddedProvider,
} from './oidc/provider.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerAuth, type SessionLoader } from './plugins/auth.ts';
import { backgroundWork, pacedJob, type BackgroundWork } from './plugins/background-work.ts';
import { DomainEvents } from './plugins/domain-events.ts';
import type { Presence } from './features/live/presence.ts';
import { registerRealtime } from './features/live/realtime.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { refuseNulCharacters } from './plugins/text-input.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './plugins/rate-limit.ts';
import { openRedis } from './plugins/redis.ts';
import { originForm, routedPath } from './plugins/request-path.ts';
import { securityHeadersOf } from './plugins/security-headers.ts';
import { DEFAULT_CLIENT_DIR, registerSpa } from './plugins/spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    redis: Redis | null;
    rateLimiter: RateLimiter;
    domainEvents: DomainEvents;
    presence: Presence;
    /** The Prometheus registry /metrics reads (plugins/metrics.ts); features add their own figures. */
    metrics: Registry;
    /** True from the moment the server starts to stop: /readyz answers 503 (shutdown.ts). */
    draining: boolean;
    backgroundWork: BackgroundWork;
    /** Every /api route as registered, for the security matrix that must cover them all. */
    apiRoutes: { method: string; url: string }[];
  }
}

export interface BuildOptions {
  /** Where the built client lives; defaults to dist/client. */
  clientDir?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Trusts the `hops` nearest addresses of the X-Forwarded-For chain: the proxies in front of us. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/**
 * Builds the whole server without listening: plugins first, then routes, then the one error
 * handler. Tests call it and use `app.inject`; main.ts calls it and listens.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const securityHeaders = securityHeadersOf(config);
  const app = Fastify({
    logger: { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // A caller's request id is kept when it looks sane, so logs line up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 100 * 1024,
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (config.ts). A hop
    // count is passed as the function Fastify would make of it (its types take no number).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A request target in absolute form (`GET http://elsewhere/path`) is read as its path alone.
    rewriteUrl: originForm,
    // Ids and invite tokens are far shorter: a longer path parameter is refused with a 414.
    routerOptions: { maxParamLength: 100 },
    // Refusals made before any hook runs answer in the API's shape too, with the security headers.
    frameworkErrors: routerRefusalHandler(securityHeaders),
    clientErrorHandler: parserRefusalHandler(securityHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Many HTTP clients send `content-type: application/json` on a bodyless DELETE or POST; treat
  // the empty body as no body instead of refusing it. Everything else keeps Fastify's parser
  // (with its prototype-poisoning protection).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : parseJson(request, body as string, done),
  );
  // JSON is the API's one body type (the sign-in form adds its own parser in its scope): any
  // other content type is a 415, not a string handed to the route.
  app.removeContentTypeParser('text/plain');
  refuseNulCharacters(app);

  const apiRoutes: { method: string; url: string }[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('draining', false);
  app.addHook('preClose', async () => {
    app.draining = true;
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });

  const database = await openDatabase(config.database, { prepareStatements: !config.plainPaths.has('prepared-statements') });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const work = backgroundWork();
  app.decorate('backgroundWork', work);
  // What a request has written may give the periodic jobs work (pacedJob): a request that may
  // write counts as activity once answered. Reads, such as a load balancer's /readyz, do not.
  app.addHook('onResponse', async (request) => {
    if (!READ_METHODS.has(request.method)) work.touch();
  });
  // Registered first, so it runs last: after the server stopped and drained its requests and
  // every other plugin closed, and once the work started by those requests has finished.
  app.addHook('onClose', async () => {
    if (!(await work.drain(8_000))) app.log.warn({ pending: work.size }, 'closing the database with work still running');
    await database.close();
  });
  try {
    await migrate(database, BACKFILLS);
  } catch (error) {
    await database.close();
    throw error;
  }

  const redis = config.redisUrl ? openRedis(config.redisUrl) : null;
  app.decorate('redis', redis);
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Set on the raw response, so that answers written past Fastify's reply (the embedded
  // provider's, the hijacked ones) carry them too.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of Object.entries(securityHeaders)) reply.raw.setHeader(name, value);
    done();
  });
  const cookieSecret = await getOrCreateSecret(app.db, 'cookie_secret', () => randomBytes(32).toString('hex'));
  await app.register(fastifyCookie, { secret: cookieSecret });
  app.decorate('rateLimiter', redis ? redisRateLimiter(redis, config.redisPrefix) : memoryRateLimiter());
  app.decorate('domainEvents', new DomainEvents());
  // Crews reach their seasons' bets through this: the bets feature depends on crews, not back.
  app.decorate('seasonBets', seasonBetsOf(app));

  await registerApiDocs(app);

  registerErrorHandling(app);
  registerMetrics(app);
  registerBetMetrics(app);
  const sessions: SessionLoader = (token, options) => loadSession(app, token, options);
  registerAuth(app, app.rateLimiter, sessions);
  // The domain events' two listeners: the live layer's fan-out to sockets, and push.
  const { presence } = await registerRealtime(app);
  app.decorate('presence', presence);
  const vapidKeys = await startPushDelivery(app);
  // Mail queued by requests goes out from here, stopped (and the SMTP connection closed) on close.
  registerMail(app);

  await app.register(healthRoutes);
  await app.register(authRoutes, { rp: await setUpSignIn(app) });
  await app.register(betRoutes);
  await app.register(oddsHistoryRoutes);
  await app.register(walletRoutes);
  await app.register(friendRoutes);
  await app.register(inviteRoutes);
  await app.register(cardRoutes);
  await app.register(calendarRoutes);
  await app.register(profileRoutes);
  await app.register(leaderboardRoutes);
  await app.register(activityRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes, { keys: vapidKeys });
  await app.register(chatRoutes);
  await app.register(crewRoutes);
  await app.register(statisticsRoutes);
  await app.register(accountRoutes);
  await app.register(mailRoutes);
  await app.register(adminRoutes);
  await app.register(contentReportRoutes);
  if (config.backgroundJobs) startBackgroundJobs(app);

  // Every page carries its link card's tags (docs/product.md §6.8): the cards feature says which;
  // a signed-out visitor's first page, the landing page saying how to sign in here.
  const sendIndex = await registerSpa(app, options.clientDir ?? DEFAULT_CLIENT_DIR, sessions, {
    pageHead: pageHeads(app),
    welcome: () => welcomeOf(app),
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !/^\/(api|oidc|ws)(\/|$)/.test(routedPath(request));
    // Page routes belong to the client's router, which draws its own 404 screen.
    if (isPage && sendIndex) return sendIndex(request, reply);
    // The answer names nothing of the request: it is the same for every path.
    throw notFound();
  });

  return app;
}

/**
 * The relying party, and the embedded provider when Betbro is its own issuer: either because no
 * issuer is configured, or because OIDC_ISSUER_URL names our own /oidc (which exercises the
 * external path against the embedded provider).
 */
async function setUpSignIn(app: FastifyInstance): Promise<RelyingParty> {
  const { config } = app;
  const redirectUri = `${config.publicUrl}/auth-callback`;
  if (!usesEmbeddedProvider(app)) {
    return new RelyingParty({ ...config.oidc!, redirectUri, postLogoutRedirectUri: config.publicUrl });
  }
  const clientSecret =
    config.oidc?.clientSecret ??
    (await getOrCreateSecret(app.db, 'oidc_client_secret', () => randomBytes(32).toString('hex')));
  const clientId = config.oidc?.clientId ?? EMBEDDED_CLIENT_ID;
  await registerEmbeddedProvider(app, { clientId, clientSecret, limiter: app.rateLimiter, newAccountMail: newAccountMail(app) });
  return new RelyingParty({
    issuerUrl: embeddedIssuerUrl(config.publicUrl),
    clientId,
    clientSecret,
    redirectUri,
    postLogoutRedirectUri: config.publicUrl,
    identityIssuer: identityIssuerOfLocalAccounts(config),
    // Configured as an external issuer, it is reached over the network like any other.
    ...(config.oidc ? {} : { fetch: inProcessFetch(app) }),
  });
}

/** Periodic work every instance runs; each job is safe to run on several instances at once. */
function startBackgroundJobs(app: FastifyInstance): void {
  const sweep = setInterval(() => {
    void app.backgroundWork.track(
      voidOverdueBets(app)
        .then((voided) => {
          if (voided === 0) return;
          app.log.info({ voided }, 'voided overdue bets');
          // Its notices may be mailed: work for the mail sender (pacedJob).
          app.backgroundWork.touch();
        })
        .catch((err: unknown) => app.log.error({ err }, 'overdue-bet sweep failed')),
    );
    void app.backgroundWork.track(
      notifyExpiredBets(app)
        .then((notified) => notified > 0 && app.backgroundWork.touch())
        .catch((err: unknown) => app.log.error({ err }, 'expiry notifications failed')),
    );
  }, 60_000);
  sweep.unref();
  const { idleSweepMs } = app.config;
  // A jury bet's windows end to the second (docs/product.md §4.6): its sweep runs more often.
  const jury = pacedJob(app.backgroundWork, {
    everyMs: JURY_SWEEP_MS,
    idleMs: idleSweepMs,
    run: async () => {
      const finished = await finishJuryWindows(app).catch((err: unknown) => {
        app.log.error({ err }, 'jury sweep failed');
        throw err;
      });
      if (finished > 0) app.log.info({ finished }, 'finished jury bets');
      return { worked: finished > 0, nextDueAt: await nextJuryWindowEnd(app) };
    },
  });
  // A crew season ends at its end time (docs/product.md §6.7), within seconds.
  const seasons = pacedJob(app.backgroundWork, {
    everyMs: JURY_SWEEP_MS,
    idleMs: idleSweepMs,
    run: async () => {
      const finished = await finishCrewSeasons(app).catch((err: unknown) => {
        app.log.error({ err }, 'crew season sweep failed');
        throw err;
      });
      if (finished > 0) app.log.info({ finished }, 'ended crew seasons');
      return { worked: finished > 0, nextDueAt: await nextSeasonEnd(app) };
    },
  });
  // Before any onClose hook: no sweep may start once closing has begun, while what is under way
  // is drained (app.backgroundWork) and the database closed.
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    jury.stop();
    seasons.stop();
  });
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** How often every instance looks for jury bets whose window has ended, and crew seasons that have. */
const JURY_SWEEP_MS = 2_000;
