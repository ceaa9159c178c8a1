import { z } from 'zod';
import { parseAmountToCents } from '../money.ts';
import { userText } from '../user-text.ts';
import { betSchema, ledgerEntrySchema } from './bets.ts';
import { idSchema } from './common.ts';
import { newPasswordSchema } from './password.ts';
import { ROLES, userSchema, usernameSchema } from './users.ts';

/** Administration (docs/product.md §10): users, audit log, reports, moderation. */

/** A user as admins see them: always with the email, and whether the account was deactivated. */
export const adminUserSchema = z.lazy(() => userSchema.unwrap().extend({
  deactivatedAt: z.string().nullable(),
  betsCreated: z.number().int(),
}));
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * A user as a row of the admin's list: everything but the rank, which is read for one player at
 * a time (it costs one look at the leaderboard per player); the user's detail carries it.
 */
export const adminUserRowSchema = z.lazy(() => adminUserSchema.unwrap().omit({ rank: true }));
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const ADMIN_USER_SORTS = ['signup', 'balance', 'bets'] as const;

export const adminUserListQuerySchema = z.lazy(() => z.object({
  /** Prefix of the username or the email, ignoring case. */
  q: z.string().trim().max(254).default(''),
  sort: z.enum(ADMIN_USER_SORTS, { error: 'Sort must be signup, balance or bets' }).default('signup'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('desc'),
  status: z.enum(['all', 'active', 'deactivated'], { error: 'Status must be all, active or deactivated' }).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}));

export const adminUserListSchema = z.lazy(() => z.object({
  users: z.array(adminUserRowSchema),
  /** How many users match the filter, over all pages. */
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
}));
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const ledgerSummaryRowSchema = z.lazy(() => z.object({
  kind: ledgerEntrySchema.unwrap().shape.kind,
  count: z.number().int(),
  total: z.string(),
}));

export const adminUserDetailSchema = z.lazy(() => z.object({
  user: adminUserSchema,
  /** One row per ledger kind, zeros included; the totals sum to the balance. */
  ledgerSummary: z.array(ledgerSummaryRowSchema),
  /** Bets the user created, newest first (at most 50). */
  bets: z.array(betSchema),
  stakesCount: z.number().int(),
  activeSessions: z.number().int(),
  deactivated: z.boolean(),
}));
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** docs/product.md §10.1: username, email and password required; role defaults to 'user'. */
export const createUserBodySchema = z.lazy(() => z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').pipe(usernameSchema),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Enter a valid email address')
    .pipe(z.email('Enter a valid email address'))
    .transform((email) => email.toLowerCase()),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').pipe(newPasswordSchema),
  role: z.enum(ROLES, { error: 'Role must be user or admin' }).default('user'),
}));
export type CreateUserBody = z.input<typeof createUserBodySchema>;

export const setRoleBodySchema = z.lazy(() => z.object({
  role: z.enum(ROLES, { error: 'Role must be user or admin' }),
}));

const SIGNED_AMOUNT = /^([+-])?(.*)$/s;

/**
 * A signed amount in dollars ("-12.50", "+5", 7.25) as cents: non-zero, whole cents. Numbers are
 * read through their shortest decimal form, so 0.1 + 0.2 is refused rather than rounded.
 */
export const signedAmountSchema = z.lazy(() => z
  .union([z.number(), z.string().max(32)], { error: 'Enter a valid amount' })
  .transform((input, ctx) => {
    const text = String(input).trim();
    const [, sign, rest = ''] = SIGNED_AMOUNT.exec(text) ?? [];
    const cents = rest.startsWith('-') || rest.startsWith('+') ? null : parseAmountToCents(rest);
    if (cents === null) {
      const fraction = /^[+-]?\d*\.\d{3,}$/.test(text);
      ctx.addIssue({ code: 'custom', message: fraction ? 'Amount must be in whole cents' : 'Enter a valid amount' });
      return z.NEVER;
    }
    if (cents === 0) {
      ctx.addIssue({ code: 'custom', message: 'Amount must not be zero' });
      return z.NEVER;
    }
    return sign === '-' ? -cents : cents;
  }));

export const adjustBodySchema = z.lazy(() => z.object({
  amount: signedAmountSchema,
  reason: userText({ field: 'Reason', typeError: 'Reason is required' })
    .min(1, 'Reason is required')
    .max(200, 'Reason must be at most 200 characters'),
}));
export type AdjustBody = z.input<typeof adjustBodySchema>;

export const adjustResponseSchema = z.lazy(() => z.object({
  user: adminUserSchema,
  /** The ledger row the adjustment wrote. */
  entry: ledgerEntrySchema,
}));

export const deactivateResponseSchema = z.lazy(() => z.object({
  id: z.number().int(),
  deactivatedAt: z.string(),
  /** False when the account had been deactivated before this call. */
  deactivatedNow: z.boolean(),
  sessionsRevoked: z.number().int(),
  /** Open bets the user created, voided with every stake refunded. */
  voidedBetIds: z.array(z.number().int()),
}));

export const AUDIT_ACTIONS = [
  'user.create',
  'user.deactivate',
  'user.role',
  'user.adjust',
  'bet.edit',
  'bet.resolve',
  'bet.delete',
  'bet.void',
  'report.resolve',
  'report.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGET_TYPES = ['user', 'bet', 'content_report'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditLogQuerySchema = z.lazy(() => z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  before: idSchema.optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: idSchema.optional(),
  actorId: idSchema.optional(),
}));

const jsonObjectSchema = z.lazy(() => z.record(z.string(), z.unknown()));

export const auditEntrySchema = z.lazy(() => z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.number().int(),
  before: jsonObjectSchema.nullable(),
  after: jsonObjectSchema.nullable(),
  createdAt: z.string(),
}));
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = z.lazy(() => z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.number().int().nullable(),
}));

/** One UTC day of the reports' series; `date` is YYYY-MM-DD. */
export const dailyFigureSchema = z.lazy(() => z.object({
  date: z.string(),
  volume: z.string(),
  newUsers: z.number().int(),
  betsCreated: z.number().int(),
  betsResolved: z.number().int(),
}));

export const REPORT_DAYS = 30;

/**
 * Platform analytics (docs/product.md §10.3), with the rules of the player figures
 * (src/shared/player-figures.ts): refunded stakes and deleted bets do not count.
 * volume = the stakes that count; commission = 1% of it, rounded to the cent (a figure only,
 * nothing is deducted); active bet value = the stakes on open bets; users = accounts not
 * deactivated; average bets per user = the stakes that count / users; total bets = bets not
 * deleted, active bets = the open ones among them.
 */
export const reportsSchema = z.lazy(() => z.object({
  totalVolume: z.string(),
  platformCommission: z.string(),
  activeBetValue: z.string(),
  totalUsers: z.number().int(),
  onlineUsers: z.number().int(),
  averageBetsPerUser: z.number(),
  totalBets: z.number().int(),
  activeBets: z.number().int(),
  totalStakes: z.number().int(),
  /** The last 30 UTC days, oldest first, today last. */
  daily: z.array(dailyFigureSchema),
  generatedAt: z.string(),
}));
export type Reports = z.infer<typeof reportsSchema>;

export const CONTENT_REPORT_KINDS = ['bet', 'user', 'comment'] as const;
export const CONTENT_REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

export const contentReportBodySchema = z.lazy(() => z.object({
  kind: z.enum(CONTENT_REPORT_KINDS, { error: 'Choose what to report' }),
  id: z
    .number({ error: 'Choose what to report' })
    .int('Choose what to report')
    .positive('Choose what to report')
    .max(Number.MAX_SAFE_INTEGER, 'Choose what to report'),
  reason: userText({ field: 'Reason', typeError: 'Reason is required', multiline: true })
    .min(1, 'Reason is required')
    .max(500, 'Reason must be at most 500 characters'),
}));
export type ContentReportBody = z.input<typeof contentReportBodySchema>;

export const contentReportReceiptSchema = z.lazy(() => z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_REPORT_KINDS),
  targetId: z.number().int(),
  status: z.enum(CONTENT_REPORT_STATUSES),
  createdAt: z.string(),
}));

export const moderationQuerySchema = z.lazy(() => z.object({
  status: z.enum(['all', ...CONTENT_REPORT_STATUSES], { error: 'Status must be all, open, resolved or dismissed' }).default('all'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
}));

const userRefSchema = z.lazy(() => z.object({ id: z.number().int(), username: z.string() }));

export const moderationItemSchema = z.lazy(() => z.object({
  id: z.number().int(),
  kind: z.enum(CONTENT_REPORT_KINDS),
  targetId: z.number().int(),
  reason: z.string(),
  status: z.enum(CONTENT_REPORT_STATUSES),
  reporter: userRefSchema,
  /** What was reported, as it is now; null fields when it is gone. */
  target: z.object({
    label: z.string().nullable(),
    /** The user behind it: the bet's creator, the user, the comment's author. */
    userId: z.number().int().nullable(),
    betId: z.number().int().nullable(),
  }),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: userRefSchema.nullable(),
  note: z.string().nullable(),
}));
export type ModerationItem = z.infer<typeof moderationItemSchema>;

export const moderationQueueSchema = z.lazy(() => z.object({
  reports: z.array(moderationItemSchema),
  openCount: z.number().int(),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
}));

/** The body is optional: a bare POST resolves or dismisses without a note. */
export const handleReportBodySchema = z.lazy(() => z
  .object({ note: userText({ field: 'Note', typeError: 'Note must be text', multiline: true }).max(500, 'Note must be at most 500 characters').optional() })
  .nullish());
