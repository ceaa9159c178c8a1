import { z } from 'zod';
import { BET_STATUSES } from './schemas/bets.ts';
import { betCommentSchema, chatMessageSchema } from './schemas/chat.ts';
import { crewMessageSchema } from './schemas/crews.ts';
import { notificationSchema } from './schemas/notifications.ts';

/**
 * The socket contract (docs/decisions/005-live-layer.md): every message is JSON with a `type`.
 * The server validates what clients send; the client parses what the server sends.
 */

export const clientMessageSchema = z.lazy(() => z.discriminatedUnion('type', [
  // Answered, never trusted: the session decides who the socket belongs to.
  z.object({ type: z.literal('auth'), userId: z.union([z.number(), z.string()]).optional() }),
  z.object({ type: z.literal('ping') }),
]));
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** The public state of a bet's pools: the same for every viewer. */
export const betPoolsSchema = z.lazy(() => z.object({
  betId: z.number().int(),
  status: z.enum(BET_STATUSES),
  optionAmounts: z.array(z.string()),
  odds: z.array(z.number().nullable()),
  optionStakeCounts: z.array(z.number().int()),
  totalPot: z.string(),
  participants: z.number().int(),
  winningOption: z.number().int().nullable(),
  /** The crew whose members bet on it, or null for a bet among friends: only a crew bet moves crew balances. */
  crewId: z.number().int().nullable(),
}));
export type BetPools = z.infer<typeof betPoolsSchema>;

export const serverMessageSchema = z.lazy(() => z.discriminatedUnion('type', [
  // `quietForMs`: how long since anything but presence was last published to anyone, or null when
  // not known (docs/live-updates.md): a page younger than that has read nothing out of date.
  z.object({ type: z.literal('auth_ok'), userId: z.number().int(), quietForMs: z.number().int().nonnegative().nullable().optional() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('new_bet'), bet: betPoolsSchema, creatorId: z.number().int(), title: z.string() }),
  // `poolsOnly`: only the pools moved (a stake), and a client patches what it holds with them;
  // otherwise more of the bet changed (its words, its resolution), and what shows it is read again.
  z.object({ type: z.literal('bet_updated'), bet: betPoolsSchema, poolsOnly: z.boolean() }),
  z.object({ type: z.literal('bet_resolved'), bet: betPoolsSchema }),
  z.object({ type: z.literal('bet_comment'), comment: betCommentSchema }),
  z.object({ type: z.literal('friend_request'), requesterId: z.number().int(), requesterUsername: z.string() }),
  z.object({ type: z.literal('friend_accepted'), userId: z.number().int(), username: z.string() }),
  z.object({ type: z.literal('friend_removed'), userId: z.number().int() }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('crew_message'), message: crewMessageSchema }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  z.object({ type: z.literal('presence'), userId: z.number().int(), isOnline: z.boolean() }),
]));
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Frames larger than this are dropped unread. */
export const MAX_CLIENT_FRAME_BYTES = 4096;

/**
 * How many frames a socket may send: this many at once, refilled at CLIENT_FRAMES_PER_SECOND.
 * The app's client sends one per socket (its auth message); a socket sending more is closed
 * with POLICY_CLOSE.
 */
export const CLIENT_FRAME_BURST = 20;
export const CLIENT_FRAMES_PER_SECOND = 2;

/**
 * The close code (1008, policy violation) of a socket the server will not serve again as it is:
 * its session ended, its user has too many sockets open, or it sent too many frames or too many
 * invalid ones. The client does not reconnect after it.
 */
export const POLICY_CLOSE = 1008;
