import { or, sql } from 'drizzle-orm';
import { reservedNameCheck } from '../shared/schemas/users.ts';
import { skeleton } from '../shared/text-skeleton.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema.ts';
import { badRequest, conflict } from './errors.ts';

/**
 * Reserved names and words behind look-alike letters too ("admln", "Supp0rt", "Adm_1ns",
 * "betbr0_help"): the schema's rule, comparing skeletons (UTS #39, src/shared/text-skeleton.ts).
 * Answers the message to show, or null.
 */
export const reservedLookAlike = reservedNameCheck(skeleton);

export const usernameTaken = () => conflict('Username is already taken', 'username_taken');

/**
 * Checks a name a user is about to take (the schema has checked its form) and answers its
 * skeleton, to be stored with it. A clear answer first; the unique indexes settle races.
 */
export async function claimableUsername(db: Db, username: string): Promise<{ skeleton: string }> {
  const reserved = reservedLookAlike(username);
  if (reserved) throw badRequest(reserved);
  const nameSkeleton = skeleton(username);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${username.toLowerCase()}`, sql`${users.usernameSkeleton} = ${nameSkeleton}`))
    .limit(1);
  if (taken) throw usernameTaken();
  return { skeleton: nameSkeleton };
}
