import type { betOptions, bets, stakes, users } from './schema.ts';

/** Rows as the query builder reads them, named once for every feature that passes them around. */
export type UserRow = typeof users.$inferSelect;
export type BetRow = typeof bets.$inferSelect;
export type OptionRow = typeof betOptions.$inferSelect;
export type StakeRow = typeof stakes.$inferSelect;
