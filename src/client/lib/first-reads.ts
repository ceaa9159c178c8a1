/**
 * The reads a first screen makes, started as soon as the server has said who is here, so that
 * they travel while that screen's code downloads instead of after it has run (decision record
 * 008). Each answer is taken once, by the first `apiRequest` for the same path while it is
 * fresh; every later read asks the server again.
 *
 * The paths are the ones the screens' own queries request (READ_PATHS in src/shared/first-screen.ts,
 * which the features' API modules use too), so the two cannot drift apart.
 */

import { dashboardReads, firstScreenAt, type Layout } from '../../shared/first-screen.ts';
import { needsProfileSetup } from '../../shared/schemas/users.ts';

/** An answer older than this is not used: the screen that wanted it did not come in time. */
const FRESH_MS = 10_000;

const started = new Map<string, { at: number; response: Promise<Response> }>();
/**
 * Paths the app has already read itself. An early read of one would come too late to be its
 * first answer, and would wait to be taken by a later read as news that may no longer be true
 * (a refetch after a live event, say): it does not start.
 */
const readAlready = new Set<string>();

/**
 * Keeps the answer to GET `path` started now (`startFirstRead` in api.ts, which sends it as
 * every API request goes out), for the first `takeFirstRead(path)`; one read per path.
 */
export function keepFirstRead(path: string, send: () => Promise<Response>): void {
  if (started.has(path) || readAlready.has(path)) return;
  const response = send();
  // A failure shows when the answer is taken; one nobody takes is not an unhandled rejection.
  response.catch(() => undefined);
  started.set(path, { at: Date.now(), response });
}

/**
 * Forgets every early read nobody has taken: after a write, their answers may be out of date
 * (a stake made before the dashboard has asked for its bets).
 */
export function dropFirstReads(): void {
  started.clear();
}

/**
 * The answer to an early GET `path`, once, if one was started and is still fresh. Either way the
 * app has now read `path`, and no early read of it starts any more.
 */
export function takeFirstRead(path: string): Promise<Response> | undefined {
  readAlready.add(path);
  const read = started.get(path);
  if (!read) return undefined;
  started.delete(path);
  return Date.now() - read.at <= FRESH_MS ? read.response : undefined;
}

/**
 * The reads to start as the app starts at `pathname`, once the server has said who is here: the
 * dashboard's on the dashboard's address, a bet page's on a bet's (shared/first-screen.ts). There
 * they always start, even when a phone reloads on another view (its views change without a change
 * of address): the server names these reads in the page's Link header, and an answer the browser
 * fetched ahead must be taken now, while it is fresh, not by a query minutes later (decision
 * record 021).
 */
export function readsAtStart(user: { role: 'user' | 'admin'; username: string } | null, pathname: string, layout: Layout): string[] {
  const screen = firstScreenAt(pathname);
  if (!user || needsProfileSetup(user.username) || !screen) return [];
  return pathname === '/' ? dashboardReads(user, layout) : screen.reads(user);
}
