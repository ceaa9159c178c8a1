import { z } from 'zod';

/**
 * The environment, parsed once at start-up (DESIGN §2). A bad value stops the process with a
 * message that names the variable.
 */

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Load tests and busy shared front ends raise it; the default guards each user against scripts.
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(120),
  // Web Push (RFC 8292): an uncompressed P-256 public key (65 bytes) and its private key (32
  // bytes), base64url, as `npx web-push generate-vapid-keys` prints them.
  VAPID_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be 65 bytes in base64url').optional()),
  VAPID_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 bytes in base64url').optional()),
  VAPID_SUBJECT: z.preprocess(emptyToUndefined, z.string().regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: or https: URL').optional()),
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

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
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
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  production: boolean;
  /** Prefix of every Redis key and channel, so deployments (and test runs) can share a Redis. */
  redisPrefix: string;
  rateLimits: RateLimitConfig;
  /** Periodic jobs such as the overdue-bet sweep; tests run them by hand instead. */
  backgroundJobs: boolean;
  push: PushConfig;
}

export interface PushConfig {
  /** null: generated once into DATA_DIR (src/server/features/push/vapid-keys.ts). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** Who the push services may contact about our pushes (RFC 8292 `sub`). */
  vapidSubject: string;
  /** Origins accepted as push endpoints although not public https (tests, private push services). */
  endpointAllow: string[];
  /** Waits before each new try of a push that failed for a passing reason. */
  retryDelaysMs: number[];
}

export interface RateLimitConfig {
  /** Sign-in attempts on the embedded provider's page, per client IP, per window. */
  loginPerIp: number;
  /** Failed sign-in attempts per email, per window. */
  loginFailuresPerEmail: number;
  loginWindowSeconds: number;
  /** State-changing API requests per user (or per IP when signed out), per minute. */
  writesPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  loginPerIp: 30,
  loginFailuresPerEmail: 10,
  loginWindowSeconds: 15 * 60,
  writesPerMinute: 120,
};

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
  const oidc = e.OIDC_ISSUER_URL
    ? { issuerUrl: e.OIDC_ISSUER_URL, clientId: e.OIDC_CLIENT_ID!, clientSecret: e.OIDC_CLIENT_SECRET! }
    : null;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: e.DATA_DIR },
    redisUrl: e.REDIS_URL ?? null,
    oidc,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    // Open sign-up is the embedded default; with an external issuer the issuer decides who exists.
    openSignup: e.OPEN_SIGNUP ?? oidc === null,
    voidAfterDays: e.VOID_AFTER_DAYS,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    redisPrefix: 'betbro:',
    rateLimits: { ...DEFAULT_RATE_LIMITS, writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE },
    backgroundJobs: true,
    push: {
      vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:push@${new URL(publicUrl).hostname}`,
      endpointAllow: e.PUSH_ENDPOINT_ALLOW,
      retryDelaysMs: [2_000, 10_000, 60_000],
    },
  };
}
