import { sql } from 'drizzle-orm';
import type { buildApp } from '../../src/server/app.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import type { MembershipOp, OperationLog } from './operation-log.ts';
import type { ChaosCrew } from './world.ts';

/**
 * The crews' own checks, beside the ledger audit (which checks every crew season's books): no
 * outsider's stake acknowledged or standing on a crew bet, each crew's seasons as its acknowledged
 * season ends say, each member with a balance in the current season, and each acknowledged join or
 * removal that was the last of its player and crew, raced no other and followed no unknown one,
 * holding. Adds what is wrong to `problems`; answers the report's lines.
 */
export async function checkCrews(
  app: Awaited<ReturnType<typeof buildApp>>,
  { log, crews }: { log: OperationLog; crews: ChaosCrew[] },
  problems: string[],
): Promise<string[]> {
  for (const op of log.stakeOps) {
    if (op.outsider && op.outcome === 'ok') problems.push(`outsider ${op.userId}'s stake on crew bet ${op.betId} was acknowledged`);
  }
  const crewStakes = rowsOf<{ bet_id: number; user_id: number; crew_id: number }>(
    await app.db.execute(sql`select s.bet_id, s.user_id, b.crew_id from stakes s join bets b on b.id = s.bet_id where b.crew_id is not null`),
  );
  const crewById = new Map(crews.map((c) => [c.id, c]));
  for (const s of crewStakes) {
    if (crewById.get(s.crew_id)?.outsiders.has(s.user_id)) problems.push(`outsider ${s.user_id} has a stake on bet ${s.bet_id} of crew ${s.crew_id}`);
  }
  const seasons = rowsOf<{ crew_id: number; seasons: number; current: number }>(
    await app.db.execute(sql`select crew_id, count(*)::int as seasons, count(*) filter (where ended_at is null)::int as current
      from crew_seasons group by crew_id`),
  );
  for (const crew of crews) {
    const row = seasons.find((s) => s.crew_id === crew.id);
    const ended = (row?.seasons ?? 0) - 1;
    if (row?.current !== 1) problems.push(`crew ${crew.id} has ${row?.current ?? 0} current seasons`);
    if (ended < crew.seasonEnds.ok || ended > crew.seasonEnds.ok + crew.seasonEnds.unknown) {
      problems.push(`crew ${crew.id}: ${ended} seasons ended, but ${crew.seasonEnds.ok} ends acknowledged and ${crew.seasonEnds.unknown} unknown`);
    }
  }
  const unfunded = rowsOf<{ crew_id: number; user_id: number }>(
    await app.db.execute(sql`select m.crew_id, m.user_id from crew_members m
      join crew_seasons s on s.crew_id = m.crew_id and s.ended_at is null
      left join crew_balances b on b.season_id = s.id and b.user_id = m.user_id
      where b.user_id is null`),
  );
  for (const row of unfunded) problems.push(`member ${row.user_id} of crew ${row.crew_id} has no balance in its current season`);
  const memberRows = rowsOf<{ crew_id: number; user_id: number }>(await app.db.execute(sql`select crew_id, user_id from crew_members`));
  const isMember = new Set(memberRows.map((m) => `${m.crew_id}:${m.user_id}`));
  const opsByPair = new Map<string, MembershipOp[]>();
  for (const op of log.membershipOps) {
    const key = `${op.crewId}:${op.userId}`;
    opsByPair.set(key, [...(opsByPair.get(key) ?? []), op]);
  }
  let membershipsChecked = 0;
  for (const [key, ops] of opsByPair) {
    // Only the last change, acknowledged, that raced no other: an unknown one may have taken
    // effect at any moment (a request timed out by the client may still commit), so none may be there.
    const last = ops.reduce((a, b) => (b.start > a.start ? b : a));
    if (last.outcome !== 'ok' || ops.some((op) => op !== last && (op.end >= last.start || op.outcome === 'unknown'))) continue;
    membershipsChecked += 1;
    if (last.kind === 'join' && !isMember.has(key)) problems.push(`crew:user ${key} joined (acknowledged) but is not a member`);
    if (last.kind === 'remove' && isMember.has(key)) problems.push(`crew:user ${key} was removed (acknowledged) but is still a member`);
  }
  for (const crew of crews) if (!isMember.has(`${crew.id}:${crew.owner.id}`)) problems.push(`crew ${crew.id} lost its owner`);
  const [figures] = rowsOf<{ bets: number; resolved: number; voided: number; season_voided: number; stakes: number; refunded: number; seasons: number; members: number; messages: number }>(
    await app.db.execute(sql`select
        (select count(*)::int from bets where crew_id is not null) as bets,
        (select count(*)::int from bets where crew_id is not null and status = 'resolved') as resolved,
        (select count(*)::int from bets where crew_id is not null and status = 'void') as voided,
        (select count(*)::int from bets where crew_id is not null and void_reason = 'season_ended') as season_voided,
        (select count(*)::int from stakes s join bets b on b.id = s.bet_id where b.crew_id is not null) as stakes,
        (select count(*)::int from crew_ledger_entries where kind = 'refund') as refunded,
        (select count(*)::int from crew_seasons) as seasons,
        (select count(*)::int from crew_members) as members,
        (select count(*)::int from crew_messages) as messages`),
  );
  return [
    `crews ${crews.length}: ${figures?.seasons ?? 0} seasons (${crews.map((c) => `${c.seasonEnds.ok} ended + ${c.seasonEnds.unknown} unknown`).join(', ')}), ` +
      `${figures?.members ?? 0} members now, ${figures?.messages ?? 0} messages`,
    `crew bets ${figures?.bets ?? 0}: resolved ${figures?.resolved ?? 0}, voided ${figures?.voided ?? 0} (by a season's end ${figures?.season_voided ?? 0}); ` +
      `crew stakes placed ${figures?.stakes ?? 0}, crew refunds ${figures?.refunded ?? 0}; memberships checked against acknowledged changes ${membershipsChecked}`,
  ];
}
