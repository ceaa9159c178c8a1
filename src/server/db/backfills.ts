import { GENERATED_USERNAME_PREFIX } from '../../shared/schemas/users.ts';
import { skeleton as usernameSkeleton } from '../../shared/text-skeleton.ts';
import type { RawQuery } from './client.ts';

/**
 * Code some migrations need once after their SQL, keyed by the migration's tag: it runs after
 * every migration and the functions of ./functions are in place (migrate.ts), so it may call them.
 */
export const BACKFILLS: Record<string, (query: RawQuery) => Promise<void>> = {
  // The read model of the player figures and the platform totals, filled from today's rows by
  // the same function as `npm run figures:rebuild`.
  '0013_player_figures': async (query) => {
    await query('select rebuild_figures()');
  },
  // Each chosen name's skeleton, for the earliest user of each look-alike group only: the later
  // ones keep their names, and the group stays taken for everyone else.
  '0014_security_hardening': async (query) => {
    const rows = await query<{ id: number; username: string }>(
      `select id, username from users where lower(left(username, ${GENERATED_USERNAME_PREFIX.length})) <> '${GENERATED_USERNAME_PREFIX}' order by id`,
    );
    const seen = new Set<string>();
    const ids: number[] = [];
    const skeletons: string[] = [];
    for (const { id, username } of rows) {
      const skeleton = usernameSkeleton(username);
      if (seen.has(skeleton)) continue;
      seen.add(skeleton);
      ids.push(id);
      skeletons.push(skeleton);
    }
    await query(
      `update users set username_skeleton = v.skeleton
       from unnest($1::int[], $2::text[]) as v(id, skeleton) where users.id = v.id`,
      [ids, skeletons],
    );
  },
};
