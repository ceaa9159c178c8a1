import { mustCall } from './client.ts';
import type { Outcome } from './operation-log.ts';
import type { Player } from './players.ts';
import type { ChaosCrew, World } from './world.ts';

/**
 * The crews: each owned by one player, with a starting balance small enough that some stakes
 * overdraw it, a few outsiders who never join, and seven members who join by invite link.
 */
const CREWS = [
  { name: 'Chaos crew A', startingBalance: '1000.00', seasonDays: 30 },
  { name: 'Chaos crew B', startingBalance: '250.00', seasonDays: 30 },
  { name: 'Chaos crew C', startingBalance: '100.00', seasonDays: 7 },
];
export const CREW_OUTSIDERS = 5;
const CREW_FIRST_MEMBERS = 7;

/** Joins `joiner` to the crew through a fresh invite link of `inviter`'s, logging the join. */
async function joinByInvite(world: World, crew: ChaosCrew, inviter: Player, joiner: Player, kind: string): Promise<Outcome> {
  const { call, log, dice, playerById } = world;
  const invite = await call(inviter, 'POST', `/api/crews/${crew.id}/invites`, {});
  log.count('crew invite', invite);
  if (invite.outcome !== 'ok') return invite.outcome;
  const { token } = invite.json as { token: string };
  if (dice.random() < 0.3) log.count('invite preview', await call(joiner, 'GET', `/api/crews/join/${token}`));
  const start = Date.now();
  const result = await call(joiner, 'POST', `/api/crews/join/${token}`);
  log.membershipOps.push({ crewId: crew.id, userId: joiner.id, kind: 'join', outcome: result.outcome, start, end: Date.now() });
  log.count(kind, result);
  if (result.outcome === 'ok') crew.members.add(joiner.id);
  // Half the links are revoked once used, by their maker or the owner (a member holds at most 20
  // live ones); a revoked link lets nobody in, an outsider least of all.
  if (dice.random() < 0.5) {
    const revoked = await call(dice.random() < 0.5 ? inviter : crew.owner, 'DELETE', `/api/crews/${crew.id}/invites/${token}`);
    log.count('revoke invite', revoked);
    if (revoked.outcome === 'ok') {
      const outsider = playerById.get(dice.pick([...crew.outsiders]))!;
      const sneaked = await call(outsider, 'POST', `/api/crews/join/${token}`);
      log.count('revoked link', sneaked);
      if (sneaked.outcome === 'ok') log.seenProblems.push(`revoked link of crew ${crew.id} let outsider ${outsider.id} in`);
    }
  }
  return result.outcome;
}

/** Creates the crews, before the nemesis starts, into `world.crews`: each with its owner and first members, joined by invite link. */
export async function setupCrews(world: World): Promise<void> {
  const { players, dice, playerById } = world;
  for (const [i, spec] of CREWS.entries()) {
    const owner = players[i]!;
    const created = (await mustCall(world.call, owner, 'POST', '/api/crews', spec)) as { id: number };
    const others = players.filter((p) => p !== owner).sort(() => dice.random() - 0.5);
    const outsiders = others.slice(0, CREW_OUTSIDERS);
    const crew: ChaosCrew = {
      id: created.id,
      owner,
      members: new Set([owner.id]),
      outsiders: new Set(outsiders.map((p) => p.id)),
      pool: [owner, ...others.slice(CREW_OUTSIDERS)],
      seasonEnds: { ok: 0, unknown: 0 },
    };
    world.crews.push(crew);
    for (const joiner of others.slice(CREW_OUTSIDERS, CREW_OUTSIDERS + CREW_FIRST_MEMBERS)) {
      // Invited by the owner or by a member who joined before.
      const inviter = playerById.get(dice.pick([...crew.members]))!;
      if ((await joinByInvite(world, crew, inviter, joiner, 'join crew')) !== 'ok') {
        throw new Error(`chaos setup: player ${joiner.id} could not join crew ${crew.id}`);
      }
    }
  }
}

/** One crew operation: a season end, a removal or a join, a chat message, or reads by a member and an outsider. */
export async function crewOperation(world: World): Promise<void> {
  const { call, log, dice, playerById, openBets } = world;
  const { random, pick } = dice;
  const crew = pick(world.crews);
  const c = random();
  if (c < 0.07) {
    // The owner ends the season now: its open bets are voided and refunded while stakes race.
    const start = Date.now();
    const result = await call(crew.owner, 'POST', `/api/crews/${crew.id}/seasons`, {});
    log.count('season end', result);
    if (result.outcome === 'ok') {
      crew.seasonEnds.ok += 1;
      for (let i = openBets.length - 1; i >= 0; i -= 1) {
        if (openBets[i]!.crew === crew && openBets[i]!.ackAt < start) openBets.splice(i, 1);
      }
    } else if (result.outcome === 'unknown') crew.seasonEnds.unknown += 1;
  } else if (c < 0.37) {
    const removable = [...crew.members].filter((id) => id !== crew.owner.id);
    const joinable = crew.pool.filter((p) => !crew.members.has(p.id));
    if (joinable.length === 0 || (removable.length > 3 && random() < 0.5)) {
      if (removable.length === 0) return;
      // The owner removes a member, or the member leaves.
      const userId = pick(removable);
      const leaves = random() < 0.3;
      crew.members.delete(userId);
      const start = Date.now();
      const result = await call(leaves ? playerById.get(userId)! : crew.owner, 'DELETE', `/api/crews/${crew.id}/members/${userId}`);
      log.membershipOps.push({ crewId: crew.id, userId, kind: 'remove', outcome: result.outcome, start, end: Date.now() });
      log.count(leaves ? 'leave crew' : 'remove member', result);
    } else {
      // A member invites a player (maybe one removed before, who finds their balance as they left it).
      await joinByInvite(world, crew, playerById.get(pick([...crew.members]))!, pick(joinable), 'join crew');
    }
  } else if (c < 0.55) {
    const member = playerById.get(pick([...crew.members]))!;
    log.count('crew message', await call(member, 'POST', `/api/crews/${crew.id}/messages`, { text: `Chaos ${Math.floor(random() * 1e6)}` }));
  } else {
    const member = playerById.get(pick([...crew.members]))!;
    const path = pick([
      '/api/crews',
      `/api/crews/${crew.id}`,
      `/api/crews/${crew.id}/standings`,
      `/api/crews/${crew.id}/seasons`,
      `/api/crews/${crew.id}/messages`,
      `/api/bets?crewId=${crew.id}`,
    ]);
    log.count('crew read', await call(member, 'GET', path));
    // An outsider is told the crew does not exist, and sees none of its bets.
    const outsider = playerById.get(pick([...crew.outsiders]))!;
    const seen = await call(outsider, 'GET', `/api/crews/${crew.id}`);
    log.count('outsider read', seen);
    if (seen.outcome === 'ok') log.seenProblems.push(`outsider ${outsider.id} was shown crew ${crew.id}`);
    const list = await call(outsider, 'GET', `/api/bets?crewId=${crew.id}`);
    if (list.outcome === 'ok' && Array.isArray(list.json) && list.json.length > 0) {
      log.seenProblems.push(`outsider ${outsider.id} was shown ${list.json.length} bets of crew ${crew.id}`);
    }
  }
}
