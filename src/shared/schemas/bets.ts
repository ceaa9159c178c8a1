import { z } from 'zod';
import { userText } from '../user-text.ts';
import { idSchema } from './common.ts';

export const BET_CATEGORIES = ['Sports', 'Entertainment', 'Politics', 'Personal', 'General'] as const;
export type BetCategory = (typeof BET_CATEGORIES)[number];
export const EXPIRATION_TYPES = ['time', 'date', 'indefinite'] as const;
/**
 * `proposed` and `disputed` are a jury bet's result waiting (docs/product.md §4.6): no more
 * stakes, the money still in its pools until it settles as `resolved` or `void`.
 */
export const BET_STATUSES = ['active', 'proposed', 'disputed', 'resolved', 'void'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
/** The statuses of a bet whose money is still in its pools: every one but the two settled ones. */
export const UNSETTLED_STATUSES = ['active', 'proposed', 'disputed'] as const satisfies readonly BetStatus[];
export const isUnsettled = (status: BetStatus) => (UNSETTLED_STATUSES as readonly BetStatus[]).includes(status);

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
export const MAX_HOURS = 8760;
export const MIN_STAKE_CENTS = 100;
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** Unknown categories fall back to General (docs/product.md §4.2). */
export const categorySchema = z.lazy(() => z
  .unknown()
  .transform((value): BetCategory => (BET_CATEGORIES as readonly unknown[]).includes(value) ? (value as BetCategory) : 'General'));

const titleSchema = z.lazy(() => userText({ field: 'Title', typeError: 'Title is required' }).min(1, 'Title is required').max(200, 'Title too long'));
const descriptionSchema = z.lazy(() => userText({ field: 'Description', typeError: 'Description is required', multiline: true })
  .min(1, 'Description is required')
  .max(1000, 'Description too long'));

/**
 * Blank options are dropped before counting (docs/product.md §4.2). Options equal ignoring case are
 * refused here; the server also refuses look-alikes ("Yes" with a Greek capital upsilon), with the
 * confusables table that is too large for the client's bundle (src/shared/text-skeleton.ts).
 */
const optionsSchema = z.lazy(() => z
  .array(userText({ field: 'An option', typeError: 'Options must be text' }).max(100, 'Option too long'), { error: 'At least 2 options required' })
  .transform((list) => list.filter((option) => option.length > 0))
  .pipe(
    z
      .array(z.string())
      .min(MIN_OPTIONS, 'At least 2 options required')
      .max(MAX_OPTIONS, 'At most 10 options allowed')
      .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, 'Options must be different'),
  ));

/**
 * Who decides a bet (docs/product.md §4.6): its creator (the default); a referee, a friend of
 * the creator who alone (or an admin) resolves it and may never stake on it; or the creator's
 * proposal, which any staker may dispute before a jury of the creator's other friends.
 */
export const RESOLUTION_MODES = ['creator', 'referee', 'jury'] as const;
export type ResolutionMode = (typeof RESOLUTION_MODES)[number];
export const resolutionBodySchema = z.lazy(() => z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('creator') }),
    z.object({
      mode: z.literal('referee'),
      refereeId: z.number({ error: 'Choose a referee' }).int('Choose a referee').positive('Choose a referee').max(2_147_483_647, 'Choose a referee'),
    }),
    z.object({ mode: z.literal('jury') }),
  ],
  { error: 'Who decides must be the creator, a referee or a jury' },
));

export const createBetBodySchema = z.lazy(() => z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    category: categorySchema.optional().transform((c) => c ?? 'General'),
    options: optionsSchema,
    expirationType: z.enum(EXPIRATION_TYPES, { error: 'Invalid expiration type' }).default('indefinite'),
    expirationValue: z
      .union([z.string().max(100), z.number()])
      .optional()
      .transform((value) => (value === undefined ? '' : String(value).trim())),
    resolution: resolutionBodySchema.default({ mode: 'creator' }),
    /** A crew bet (docs/product.md §6.7): seen by that crew's members, staked from their crew balance. */
    crewId: z.number({ error: 'Choose a crew' }).int('Choose a crew').positive('Choose a crew').max(2_147_483_647, 'Choose a crew').nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.expirationType === 'time') {
      const hours = Number(body.expirationValue);
      if (body.expirationValue === '' || !Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS) {
        ctx.addIssue({ code: 'custom', path: ['expirationValue'], message: 'Hours must be a whole number from 1 to 8760' });
      }
    } else if (body.expirationType === 'date') {
      const at = Date.parse(body.expirationValue);
      if (body.expirationValue === '' || Number.isNaN(at)) {
        ctx.addIssue({ code: 'custom', path: ['expirationValue'], message: 'Expiration date is invalid' });
      } else if (at <= Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['expirationValue'], message: 'Expiration date must be in the future' });
      } else if (at > Date.now() + YEAR_MS) {
        ctx.addIssue({ code: 'custom', path: ['expirationValue'], message: 'Expiration date must be within one year' });
      }
    }
  }));
export type CreateBetBody = z.input<typeof createBetBodySchema>;

export const editBetBodySchema = z.lazy(() => z.object({ title: titleSchema, description: descriptionSchema }));

export const participateBodySchema = z.lazy(() => z.object({
  option: z
    .number({ error: 'Please choose an option' })
    .int('Please choose an option')
    .min(0, 'Please choose an option')
    .max(MAX_OPTIONS - 1, 'Please choose an option'),
  amount: z.union([z.number(), z.string()], { error: 'Please enter a valid bet amount' }),
}));

/**
 * A link a player gives as evidence or with a dispute: free text's rules first (nothing hidden:
 * no control, tab, line break, bidi or invisible character, which a URL parser would drop or
 * keep out of sight), then http or https only, so that it never runs as a script; kept as the
 * address the URL standard writes (`new URL(x).href`), what a browser will open.
 */
const isWebAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
const linkSchema = z.lazy(() => userText({ field: 'Link', typeError: 'Link must be a web address' })
  .max(500, 'Link too long')
  .refine(isWebAddress, 'Link must be a web address')
  .transform((text) => new URL(text).href));

const optionIndexSchema = (message: string) => z.number({ error: message }).int(message).min(0, message).max(MAX_OPTIONS - 1, message);

export const resolveBodySchema = z.lazy(() => z.object({
  winningOption: z
    .number({ error: 'Choose the winning option' })
    .int('Choose the winning option')
    .min(0, 'Choose the winning option'),
  /** A jury bet's proposal only (docs/product.md §4.6): what shows the result, for the stakers. */
  evidence: z
    .object({
      text: userText({ field: 'Evidence', typeError: 'Evidence must be text', multiline: true }).max(1000, 'Evidence too long').optional(),
      url: linkSchema.optional(),
    })
    .optional(),
}));
export type ResolveBody = z.input<typeof resolveBodySchema>;
/** An admin's resolution settles at once, with no evidence to weigh. */
export const adminResolveBodySchema = z.lazy(() => resolveBodySchema.unwrap().omit({ evidence: true }));

/** A staker objects to a jury bet's proposed result (docs/product.md §4.6). */
export const disputeBodySchema = z.lazy(() => z.object({
  reason: userText({ field: 'Reason', typeError: 'Give a reason', multiline: true }).min(1, 'Give a reason').max(1000, 'Reason too long'),
  url: linkSchema.optional(),
}));
export type DisputeBody = z.input<typeof disputeBodySchema>;

/** A juror's choice. */
export const voteBodySchema = z.lazy(() => z.object({ option: optionIndexSchema('Choose an option') }));

export const userParticipationSchema = z.lazy(() => z.object({
  amount: z.string(),
  option: z.number().int(),
  /** What the stake pays if its option wins, at the current pools. */
  potentialWin: z.string(),
  /** What settlement paid back (payout, refund, or 0.00); null while unsettled. */
  payout: z.string().nullable(),
}));

/** Who decides the bet and where that stands (docs/product.md §4.6). */
export const betResolutionSchema = z.lazy(() => z.object({
  mode: z.enum(RESOLUTION_MODES),
  referee: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  proposedOption: z.number().int().nullable(),
  evidence: z.object({ text: z.string().nullable(), url: z.string().nullable() }).nullable(),
  challengeEndsAt: z.string().nullable(),
  juryEndsAt: z.string().nullable(),
  votesCast: z.number().int(),
  votesNeeded: z.number().int(),
  /**
   * How many jurors were seated when the result was disputed (0 before). Fewer than the quorum:
   * no jury, `votesNeeded` stays 0, and the admins decide (else the proposal stands).
   */
  jurorsSeated: z.number().int(),
}));
export type BetResolution = z.infer<typeof betResolutionSchema>;

/** The Bet of docs/product.md §4.1. Amounts are decimal strings; odds null means infinity. */
export const betSchema = z.lazy(() => z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  category: z.enum(BET_CATEGORIES),
  options: z.array(z.string()),
  optionAmounts: z.array(z.string()),
  odds: z.array(z.number().nullable()),
  optionStakeCounts: z.array(z.number().int()),
  participants: z.number().int(),
  creatorId: z.number().int(),
  creator: z.object({ id: z.number().int(), username: z.string() }),
  status: z.enum(BET_STATUSES),
  isResolved: z.boolean(),
  isExpired: z.boolean(),
  expirationType: z.enum(EXPIRATION_TYPES),
  expirationValue: z.string(),
  expiresAt: z.string().nullable(),
  winningOption: z.number().int().nullable(),
  totalPot: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  userParticipation: userParticipationSchema.nullable(),
  resolution: betResolutionSchema,
  /** The crew the bet belongs to, or null for a bet among the creator's friends. */
  crewId: z.number().int().nullable(),
}));
export type Bet = z.infer<typeof betSchema>;

export const participantSchema = z.lazy(() => z.object({
  userId: z.number().int(),
  username: z.string(),
  option: z.number().int(),
  amount: z.string(),
  potentialWin: z.string(),
  createdAt: z.string(),
}));
export type Participant = z.infer<typeof participantSchema>;

/**
 * How many participants a bet's detail lists: the most recent, newest first (docs/product.md §4.1).
 * The database function bet_detail (src/server/features/bets/bet-detail.sql) applies it; `participants` counts them all.
 */
export const PARTICIPANT_LIST_LIMIT = 50;

export const betDetailSchema = z.lazy(() => betSchema.unwrap().extend({
  /** The bet's most recent stakes, newest first, at most PARTICIPANT_LIST_LIMIT of them. */
  participantList: z.array(participantSchema),
  /** Whether the caller may stake / resolve / dispute / vote now; the server checks again on the call. */
  canStake: z.boolean(),
  canResolve: z.boolean(),
  canDispute: z.boolean(),
  canVote: z.boolean(),
}));
export type BetDetail = z.infer<typeof betDetailSchema>;

export const betListSchema = z.lazy(() => z.array(betSchema));

/** Which winner to show the payouts of (GET /api/bets/{id}/payouts?winningOption=). */
export const payoutsQuerySchema = z.lazy(() => z.object({ winningOption: z.coerce.number().int().min(0).max(MAX_OPTIONS - 1) }));

/**
 * What resolving the bet with `winningOption` would pay each stake, by the settlement's own rule
 * (src/shared/payout.ts): shown before the decider confirms (docs/product.md §4.6). `kind` is
 * `refund` when nobody backed that option. Per stake, oldest first: what it gets back (`returns`)
 * and its profit (`returns` − `stake`, negative for a lost stake, 0.00 for a refund).
 */
export const payoutPreviewSchema = z.lazy(() => z.object({
  winningOption: z.number().int(),
  kind: z.enum(['payout', 'refund']),
  rows: z.array(
    z.object({
      user: z.object({ id: z.number().int(), username: z.string() }),
      option: z.number().int(),
      stake: z.string(),
      returns: z.string(),
      profit: z.string(),
    }),
  ),
}));
export type PayoutPreview = z.infer<typeof payoutPreviewSchema>;

export const TIMELINE_KINDS = ['created', 'proposed', 'disputed', 'voted', 'resolved', 'voided'] as const;
/** What happened to a bet, oldest first (docs/product.md §4.6). */
export const betTimelineSchema = z.lazy(() => z.object({
  events: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(TIMELINE_KINDS),
      actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
      option: z.number().int().optional(),
      text: z.string().optional(),
      url: z.string().optional(),
    }),
  ),
}));
export type BetTimeline = z.infer<typeof betTimelineSchema>;

/**
 * How many could sit on the jury of a bet the caller creates now, among friends or in a crew, and
 * how many a jury bet needs (docs/product.md §4.6): the create form says so before it is sent.
 */
export const juryPoolQuerySchema = z.lazy(() => z.object({ crewId: idSchema.optional() }));
export const juryPoolSchema = z.lazy(() => z.object({ possibleJurors: z.number().int(), quorum: z.number().int() }));
export type JuryPool = z.infer<typeof juryPoolSchema>;

/**
 * The jury bets an admin should watch (docs/product.md §4.6): disputed, newest dispute first.
 * `decidedBy` says who settles each: its seated jury, or, with fewer jurors than the quorum, the
 * admins (the admins' queue), whose silence lets the proposal stand at `juryEndsAt`.
 */
export const openDisputesSchema = z.lazy(() => z.object({
  disputes: z.array(
    z.object({
      bet: betSchema,
      decidedBy: z.enum(['jury', 'admins']),
      disputedBy: z.object({ id: z.number().int(), username: z.string() }),
      reason: z.string(),
      url: z.string().nullable(),
      disputedAt: z.string(),
    }),
  ),
}));
export type OpenDisputes = z.infer<typeof openDisputesSchema>;

/** The most bets one page of a feed holds. */
export const MAX_PAGE_SIZE = 100;

export const listQuerySchema = z.lazy(() => z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  before: idSchema.optional(),
}));
/** GET /api/bets may ask for one crew's bets (docs/product.md §6.7). */
export const betsQuerySchema = z.lazy(() => listQuerySchema.unwrap().extend({ crewId: idSchema.optional() }));

export const ledgerEntrySchema = z.lazy(() => z.object({
  id: z.number().int(),
  kind: z.enum(['grant', 'stake', 'payout', 'refund', 'adjustment']),
  amount: z.string(),
  balanceAfter: z.string(),
  betId: z.number().int().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
}));
export const ledgerPageSchema = z.lazy(() => z.object({
  entries: z.array(ledgerEntrySchema),
  nextBefore: z.number().int().nullable(),
}));
