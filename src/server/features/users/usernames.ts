import { or, sql } from 'drizzle-orm';
import { GENERATED_USERNAME_PREFIX, reservedNameCheck } from '../../../shared/schemas/users.ts';
import { skeleton } from '../../../shared/text-skeleton.ts';
import type { Db, RawQuery } from '../../db/client.ts';
import { users } from './tables.ts';
import { badRequest, conflict } from '../../errors.ts';

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

/**
 * What the migration that brought the skeletons (0014_security_hardening) needs once after its
 * SQL (db/migrate.ts runs it): each chosen name's skeleton, for the earliest user of each
 * look-alike group only. The later ones keep their names, and the group stays taken for everyone
 * else.
 */
export const usernameBackfills: Record<string, (query: RawQuery) => Promise<void>> = {
  '0014_security_hardening': async (query) => {
    const rows = await query<{ id: number; username: string }>(
      `select id, username from users where lower(left(username, ${GENERATED_USERNAME_PREFIX.length})) <> '${GENERATED_USERNAME_PREFIX}' order by id`,
    );
    const seen = new Set<string>();
    const ids: number[] = [];
    const skeletons: string[] = [];
    for (const { id, username } of rows) {
      const nameSkeleton = skeleton(username);
      if (seen.has(nameSkeleton)) continue;
      seen.add(nameSkeleton);
      ids.push(id);
      skeletons.push(nameSkeleton);
    }
    await query(
      `update users set username_skeleton = v.skeleton
       from unnest($1::int[], $2::text[]) as v(id, skeleton) where users.id = v.id`,
      [ids, skeletons],
    );
  },
};
