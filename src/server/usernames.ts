import { or, sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import { RESERVED_USERNAMES, RESERVED_USERNAME_MESSAGE } from '../shared/schemas/users.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema.ts';
import { badRequest, conflict } from './errors.ts';

/**
 * Look-alike usernames (Unicode UTS #39). Two names are confusable when their skeletons are
 * equal: "aIice" and "alice" (capital I and small L), "b0b" and "bob", "rn" and "m". The skeleton
 * maps every character to its prototype with the confusables data Unicode publishes (the
 * `unhomoglyph` package). Names are unique ignoring case, so the skeleton ignores case too: as
 * "I" passes for "l" and "i" for "I", all three are one letter here. It is stored with each
 * chosen name (users.username_skeleton, unique), so a taken look-alike is refused like a taken name.
 */
export function usernameSkeleton(name: string): string {
  // Mapped before lowercasing ("I" looks like "l" only as a capital) and after ("M" like "rn" only once small).
  return unhomoglyph(unhomoglyph(name.normalize('NFD')).toLowerCase().replaceAll('i', 'l'));
}

const RESERVED_SKELETONS = new Set(RESERVED_USERNAMES.map(usernameSkeleton));

/** Reserved names and their look-alikes ("admln", "suppOrt", "Adm_1n"). */
export function isReservedLookAlike(name: string): boolean {
  return RESERVED_SKELETONS.has(usernameSkeleton(name.replaceAll('_', '')));
}

export const usernameTaken = () => conflict('Username is already taken', 'username_taken');

/**
 * Checks a name a user is about to take (the schema has checked its form) and answers its
 * skeleton, to be stored with it. A clear answer first; the unique indexes settle races.
 */
export async function claimableUsername(db: Db, username: string): Promise<{ skeleton: string }> {
  if (isReservedLookAlike(username)) throw badRequest(RESERVED_USERNAME_MESSAGE);
  const skeleton = usernameSkeleton(username);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, sql`${users.usernameSkeleton} = ${skeleton}`))
    .limit(1);
  if (taken) throw usernameTaken();
  return { skeleton };
}
