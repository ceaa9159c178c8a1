import { z } from 'zod';
import { MAX_CENTS, parseAmountToCents } from '../money.ts';
import { mixesScripts, userText } from '../user-text.ts';
import { messageTextSchema } from './chat.ts';

/**
 * Crews (docs/product.md §6.7): a friend group's own space, with its members, its seasons, its
 * money per season, its standings and its chat.
 */

export const CREW_NAME_MAX = 40;
export const DEFAULT_STARTING_BALANCE = '1000.00';
export const MIN_STARTING_CENTS = 1_000; // $10.00
export const MAX_STARTING_CENTS = 100_000_000; // $1,000,000.00
export const DEFAULT_SEASON_DAYS = 30;
export const MAX_SEASON_DAYS = 365;
/** How many crews a player may belong to at once. */
export const CREWS_PER_PLAYER_MAX = 20;
/** How many members a crew holds. */
export const CREW_MEMBERS_MAX = 100;
export const CREW_INVITE_DAYS = 7;
/** How many live (unexpired) invite links a member may hold to one crew at once. */
export const CREW_INVITES_PER_MEMBER_MAX = 20;

/**
 * A crew's name is what its invite page shows, so it follows the username rules against
 * look-alikes (docs/product.md §6.7): NFKC (a full-width "Ｆ" is an "F"), letters of one script.
 * The server also refuses a name that looks like another crew's (its confusable skeleton).
 */
export const crewNameSchema = z.lazy(() => userText({ field: 'Crew name', typeError: 'Crew name is required', compatibility: true })
  .min(1, 'Crew name is required')
  .max(CREW_NAME_MAX, `Crew name must be at most ${CREW_NAME_MAX} characters`)
  .refine((name) => !mixesScripts(name), 'Crew name must not mix letters of different alphabets'));

const startingBalanceSchema = z.lazy(() => z
  .union([z.string(), z.number()], { error: 'Starting balance must be an amount like 1000.00' })
  .transform((value, ctx) => {
    const cents = parseAmountToCents(value);
    if (cents === null || cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Starting balance must be an amount like 1000.00' });
      return z.NEVER;
    }
    if (cents < MIN_STARTING_CENTS || cents > MAX_STARTING_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Starting balance must be between 10.00 and 1000000.00' });
      return z.NEVER;
    }
    return cents;
  }));

export const createCrewBodySchema = z.lazy(() => z.object({
  name: crewNameSchema,
  /** Each member's balance at the start of every season; cents once parsed. */
  startingBalance: startingBalanceSchema.optional().transform((cents) => cents ?? 100_000),
  seasonDays: z
    .number({ error: `Season length must be a whole number of days from 1 to ${MAX_SEASON_DAYS}` })
    .int(`Season length must be a whole number of days from 1 to ${MAX_SEASON_DAYS}`)
    .min(1, `Season length must be a whole number of days from 1 to ${MAX_SEASON_DAYS}`)
    .max(MAX_SEASON_DAYS, `Season length must be a whole number of days from 1 to ${MAX_SEASON_DAYS}`)
    .default(DEFAULT_SEASON_DAYS),
}));
export type CreateCrewBody = z.input<typeof createCrewBodySchema>;

const userRefSchema = z.lazy(() => z.object({ id: z.number().int(), username: z.string() }));

export const crewSeasonSchema = z.lazy(() => z.object({
  number: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
}));
export type CrewSeason = z.infer<typeof crewSeasonSchema>;

export const crewMemberSchema = z.lazy(() => z.object({
  id: z.number().int(),
  username: z.string(),
  /** The member's balance in the crew's current season. */
  balance: z.string(),
}));

/** A crew as its members see it (GET /api/crews/:id). */
export const crewSchema = z.lazy(() => z.object({
  id: z.number().int(),
  name: z.string(),
  ownerId: z.number().int(),
  startingBalance: z.string(),
  seasonDays: z.number().int(),
  season: crewSeasonSchema,
  members: z.array(crewMemberSchema),
}));
export type Crew = z.infer<typeof crewSchema>;

/** One of my crews, as the list of them shows it (GET /api/crews). */
export const crewSummarySchema = z.lazy(() => z.object({
  id: z.number().int(),
  name: z.string(),
  ownerId: z.number().int(),
  startingBalance: z.string(),
  season: crewSeasonSchema,
  memberCount: z.number().int(),
  /** My balance in the current season. */
  balance: z.string(),
}));
export type CrewSummary = z.infer<typeof crewSummarySchema>;

export const createdCrewInviteSchema = z.lazy(() => z.object({
  token: z.string(),
  url: z.string(),
  expiresAt: z.string(),
}));
export type CreatedCrewInvite = z.infer<typeof createdCrewInviteSchema>;

/** A live invite link as its maker, or the crew's owner, lists it: the token is not kept, so it goes by id. */
export const crewInviteSchema = z.lazy(() => z.object({
  id: z.number().int(),
  inviter: userRefSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
}));
export type CrewInvite = z.infer<typeof crewInviteSchema>;
/** An invite named in a path: its token, or its id from the list. */
export const crewInviteParamsSchema = z.lazy(() => z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  token: z.string().min(1).max(100),
}));

/** What anyone holding the link sees before joining. */
export const crewInvitePreviewSchema = z.lazy(() => z.object({
  crew: z.object({ id: z.number().int(), name: z.string(), memberCount: z.number().int() }),
  inviter: userRefSchema,
}));
export type CrewInvitePreview = z.infer<typeof crewInvitePreviewSchema>;

export const crewTokenParamsSchema = z.lazy(() => z.object({ token: z.string().min(1).max(100) }));

/**
 * A member's line in a season's standings (docs/product.md §6.7): ranked by balance plus the
 * stakes they have in play, so a stake never drops a player below those who never bet; a member
 * without a bet this season is unranked (`rank` null). Seasons frozen before `inPlay` existed
 * read it as 0.00.
 */
export const standingRowSchema = z.lazy(() => z.object({
  rank: z.number().int().nullable(),
  user: userRefSchema,
  balance: z.string(),
  /** The member's stakes on this season's bets still open. */
  inPlay: z.string(),
  profit: z.string(),
  bets: z.number().int(),
  wins: z.number().int(),
}));
export type StandingRow = z.infer<typeof standingRowSchema>;

export const crewStandingsSchema = z.lazy(() => z.object({
  season: crewSeasonSchema,
  rows: z.array(standingRowSchema),
}));
export type CrewStandings = z.infer<typeof crewStandingsSchema>;

/** A season that ended, its standings frozen as they stood at its end. */
export const pastSeasonSchema = z.lazy(() => crewSeasonSchema.unwrap().extend({
  winner: userRefSchema.nullable(),
  rows: z.array(standingRowSchema),
}));
export type PastSeason = z.infer<typeof pastSeasonSchema>;
export const pastSeasonsSchema = z.lazy(() => z.array(pastSeasonSchema));

export const crewMessageSchema = z.lazy(() => z.object({
  id: z.number().int(),
  crewId: z.number().int(),
  senderId: z.number().int(),
  senderUsername: z.string(),
  text: z.string(),
  createdAt: z.string(),
}));
export type CrewMessage = z.infer<typeof crewMessageSchema>;
export const crewMessagePageSchema = z.lazy(() => z.object({
  messages: z.array(crewMessageSchema),
  nextBefore: z.number().int().nullable(),
}));
export const sendCrewMessageBodySchema = z.lazy(() => z.object({ text: messageTextSchema }));

export const crewMemberParamsSchema = z.lazy(() => z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  userId: z.coerce.number().int().min(1).max(2_147_483_647),
}));
