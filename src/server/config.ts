import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_DIR } from './project-dir.ts';

/**
 * The environment, parsed once at start-up (README.md, Configuration). A bad value stops the
 * process with a message that names the variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

// The names proxy-addr (Fastify's trustProxy) knows for whole ranges.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' forwarded headers (X-Forwarded-For, -Proto, -Host) are believed: unset, none;
 * a number, that many hops in front of the server; else the proxies' addresses or CIDR ranges.
 */
const trustProxySetting = z
  .string()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value.trim())) {
      const hops = Number(value.trim());
      if (hops >= 1 && hops <= 20) return hops;
    } else {
      const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
      if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries;
    }
    ctx.addIssue({ code: 'custom', message: 'expected a hop count (1-20) or comma-separated addresses/CIDRs' });
    return z.NEVER;
  })
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  OIDC_ISSUER_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().optional()),
  ADMIN_EMAILS: z.string().default(''),
  OPEN_SIGNUP: z.preprocess(emptyToUndefined, booleanFlag.optional()),
  VOID_AFTER_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
  // A jury bet (docs/product.md §4.6): how long stakers may dispute a proposal, how long a jury
  // has, and how many votes decide.
  CHALLENGE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(86_400),
  JURY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(259_200),
  JURY_QUORUM: z.coerce.number().int().min(1).max(1000).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Load tests and busy shared front ends raise it; the default guards each user against scripts.
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(120),
  PLAIN_PATHS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['feed-reads', 'feed-json', 'prepared-statements', 'stake-batches', 'read-batches', 'first-screen-hints']))),
  // Sized so the app's own screens never meet it; a script reading in a loop does.
  RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(1200),
  // Many people behind one address (an office, a campus), or a test run signing up its players.
  RATE_LIMIT_SIGN_INS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  TRUST_PROXY: z.preprocess(emptyToUndefined, trustProxySetting),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  // Within the 10 s a stop may take: the rest is left for requests to finish.
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(5).default(0),
  // Web Push (RFC 8292): an uncompressed P-256 public key (65 bytes) and its private key (32
  // bytes), base64url, as `npx web-push generate-vapid-keys` prints them.
  VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be 65 bytes in base64url').optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes in base64url').optional()),
  VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.string().regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: or https: URL').optional()),
  // A person reads only so many lock-screen alerts a minute; past it notifications wait in the app.
  PUSH_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  // Outgoing mail (features/mail): unset, each mail is one line in the log instead.
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'must be an address, alone or as "Name <address>"')
      .optional(),
  ),
  PUSH_ENDPOINT_ALLOW: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const origins = v.split(',').map((s) => s.trim()).filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/+$/, '')) {
          ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${origin}` });
        }
      }
      return origins.map((origin) => origin.replace(/\/+$/, ''));
    }),
});

/**
 * The speed machinery that can be switched off, each for the plain way it replaces, so that
 * `npm run bench -- --plain=...` can measure what each one earns (docs/performance.md):
 * - feed-reads: feed pages read plainly (bets/plain-feed.ts: no page ids, no kept bets, no row JSON);
 * - feed-json: feed pages go through the route's serializer instead of the kept JSON;
 * - prepared-statements: statements are sent unnamed, planned on every call;
 * - stake-batches: every stake in a transaction of its own;
 * - read-batches: every session lookup and push subscription read in a query of its own;
 * - first-screen-hints: no Link header for the dashboard's chunks and first reads.
 * Each piece's comment names the plain way and the test that holds the two equal.
 */
export type PlainPath = z.infer<typeof envSchema>['PLAIN_PATHS'][number];

export type DatabaseConfig =
  // dataDir null: in memory (tests), empty or, with `from`, a copy of a dumped data directory
  // (Database.dumpDataDir): the tests start each app from one migrated database.
  | { kind: 'pglite'; dataDir: string | null; from?: Blob }
  | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null; // null: embedded provider
  adminEmails: string[];
  openSignup: boolean;
  voidAfterDays: number;
  jury: { challengeWindowSeconds: number; juryWindowSeconds: number; quorum: number };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Fastify's trustProxy: false ignores forwarded headers (TRUST_PROXY unset). */
  trustProxy: false | number | string[];
  /** The bearer token /metrics asks for; null: /metrics answers 404. */
  metricsToken: string | null;
  /** Prefix of every Redis key and channel, so deployments (and test runs) can share a Redis. */
  redisPrefix: string;
  rateLimits: RateLimitConfig;
  /** How long a stopping server answers /readyz with 503 while still serving, before it closes. */
  shutdownDelayMs: number;
  /** Periodic jobs such as the overdue-bet sweep; tests run them by hand instead. */
  backgroundJobs: boolean;
  /**
   * On the embedded database, how often a periodic job that nothing has given work runs anyway
   * (plugins/background-work.ts, pacedJob); null, as on PostgreSQL: every job keeps its cadence.
   */
  idleSweepMs: number | null;
  /** Speed machinery switched off (PLAIN_PATHS): empty in any real deployment. */
  plainPaths: ReadonlySet<PlainPath>;
  push: PushConfig;
  mail: MailConfig;
}

export interface MailConfig {
  /** null: no mail leaves the server; each is written to the log as one line (features/mail). */
  smtpUrl: string | null;
  /** The From header of every mail. */
  from: string;
  /** The waits between a failed delivery and the next try; past the last, the mail is given up. */
  retryDelaysMs: number[];
  /** How often the sender looks for mail another instance (or a crash) left waiting. */
  pollIntervalMs: number;
}

export interface PushConfig {
  /** null: generated once into DATA_DIR (src/server/features/push/vapid-keys.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Who the push services may contact about our pushes (RFC 8292 `sub`). */
  vapidSubject: string;
  /** Origins accepted as push endpoints although not public https (tests, private push services). */
  endpointAllow: string[];
  /** Wait before the one new try of a push that failed for a passing reason. */
  retryDelayMs: number;
  /** Notifications pushed per user per minute; the others are stored but not pushed. */
  perUserPerMinute: number;
}

export interface RateLimitConfig {
  /** Sign-in attempts on the embedded provider's page, per client IP, per window. */
  loginPerIp: number;
  /** Sign-in attempts for one email from one IP, per window (a success starts it again). */
  loginPerEmailAndIp: number;
  /**
   * Sign-in attempts for one email from all IPs together, per window: far above the per-(email,
   * IP) limit, so one attacker cannot lock the owner out, yet a ceiling on spread-out guessing.
   */
  loginPerEmail: number;
  loginWindowSeconds: number;
  /** State-changing API requests per user (or per IP when signed out), per minute. */
  writesPerMinute: number;
  /** Reading API requests per user (or per IP when signed out), per minute. */
  readsPerMinute: number;
  /** Open live sockets per user; a new one beyond it closes the user's oldest. */
  socketsPerUser: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerIp: 30,
  loginPerEmailAndIp: 10,
  loginPerEmail: 100,
  loginWindowSeconds: 15 * 60,
  writesPerMinute: 120,
  readsPerMinute: 1200,
  socketsPerUser: 20,
};

/** A minute, 5 minutes, 30 minutes, 2 hours: a mail server down for an afternoon still gets it. */
/** A minute: the overdue-bet and digest sweeps' own cadence. */
const IDLE_SWEEP_MS = 60_000;

export const DEFAULT_MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oidcParts = [e.OIDC_ISSUER_URL, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  // One rule for every program (start, seed-demo, audit-ledger...): relative to the project's
  // directory, wherever the command was run from.
  const dataDir = path.resolve(PROJECT_DIR, e.DATA_DIR);
  const oidc = e.OIDC_ISSUER_URL
    ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! }
    : null;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir },
    redisUrl: e.REDIS_URL ?? null,
    oidc,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    // Open sign-up is the embedded default; with an external issuer the issuer decides who exists.
    openSignup: e.OPEN_SIGNUP ?? oidc === null,
    voidAfterDays: e.VOID_AFTER_DAYS,
    jury: { challengeWindowSeconds: e.CHALLENGE_WINDOW_SECONDS, juryWindowSeconds: e.JURY_WINDOW_SECONDS, quorum: e.JURY_QUORUM },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN ?? null,
    redisPrefix: 'betbro:',
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
      loginPerIp: e.RATE_LIMIT_SIGN_INS_PER_IP,
    },
    shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
    backgroundJobs: true,
    // Only this process writes an embedded database, so between requests nothing but time brings
    // work, and the jobs know when; another instance on PostgreSQL may write at any moment.
    idleSweepMs: e.DATABASE_URL ? null : IDLE_SWEEP_MS,
    plainPaths: new Set(e.PLAIN_PATHS),
    push: {
      vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:push@${new URL(publicUrl).hostname}`,
      endpointAllow: e.PUSH_ENDPOINT_ALLOW,
      retryDelayMs: 10_000,
      perUserPerMinute: e.PUSH_PER_USER_PER_MINUTE,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `Betbro <no-reply@${new URL(publicUrl).hostname}>`,
      retryDelaysMs: DEFAULT_MAIL_RETRY_DELAYS_MS,
      pollIntervalMs: 5_000,
    },
  };
}
