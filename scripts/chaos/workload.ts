import { crewOperation } from './crews.ts';
import { errorCode, type Outcome } from './operation-log.ts';
import type { ChaosBet, World } from './world.ts';

/** The share of the created bets that are crew bets. */
const CREW_BET_SHARE = 0.3;
const CLOSED = new Set(['already_resolved', 'bet_not_found']);

/** A bet believed open, mostly, or any bet. */
const pickBet = ({ dice, openBets, bets }: World) => (openBets.length > 0 && dice.random() < 0.85 ? dice.pick(openBets) : dice.pick(bets));

/** The bet is settled or gone once an answer says so. */
function noteClosed({ openBets }: World, bet: { id: number }, outcome: Outcome, json: unknown): void {
  if (outcome !== 'ok' && !(outcome === 'failed' && CLOSED.has(errorCode(json) ?? ''))) return;
  const at = openBets.findIndex((b) => b.id === bet.id);
  if (at >= 0) openBets.splice(at, 1);
}

/**
 * One random operation of a client: a bet created (a crew bet, a jury bet), a stake (some beyond
 * the balance or repeated, some by a crew's outsider), a crew operation, resolutions racing each
 * other, a dispute, a vote, or an admin's delete.
 */
async function operation(world: World): Promise<void> {
  const { call, log, dice, players, playerById, admin, openBets, proposedBets, disputedBets } = world;
  const { random, pick } = dice;
  const r = random();
  if (r < 0.12 || openBets.length < 3) {
    // A share of the bets are crew bets, made by one of the crew's members.
    const crew = random() < CREW_BET_SHARE ? pick(world.crews) : null;
    const creator = crew ? playerById.get(pick([...crew.members]))! : pick(players);
    const jury = random() < 0.4;
    const result = await call(creator, 'POST', '/api/bets', {
      title: `Chaos ${Math.floor(random() * 1e6)}`,
      description: 'Random',
      options: ['A', 'B', 'C'].slice(0, 2 + Math.floor(random() * 2)),
      ...(jury ? { resolution: { mode: 'jury' } } : {}),
      ...(crew ? { crewId: crew.id } : {}),
    });
    log.count(`${crew ? 'crew ' : ''}${jury ? 'create jury' : 'create'}`, result);
    if (result.outcome === 'ok') {
      const bet: ChaosBet = { id: (result.json as { id: number }).id, creator, jury, crew, ackAt: Date.now() };
      world.bets.push(bet);
      openBets.push(bet);
    }
  } else if (r < 0.7) {
    const bet = pickBet(world);
    // On a crew bet, mostly one of its members (not its creator), now and then an outsider.
    const outsider = bet.crew !== null && random() < 0.1;
    const members = bet.crew ? [...bet.crew.members].filter((id) => id !== bet.creator.id) : [];
    const user = outsider
      ? playerById.get(pick([...bet.crew!.outsiders]))!
      : members.length > 0
        ? playerById.get(pick(members))!
        : pick(players);
    const amount = random() < 0.1 ? '1500.00' : (1 + Math.floor(random() * 12_000) / 100).toFixed(2);
    const result = await call(user, 'POST', `/api/bets/${bet.id}/participate`, { option: Math.floor(random() * 2), amount });
    log.count(outsider ? 'outsider stake' : bet.crew ? 'crew stake' : 'stake', result);
    log.stakeOps.push({ userId: user.id, betId: bet.id, amount, outcome: result.outcome, outsider });
  } else if (r < 0.74) {
    await crewOperation(world);
  } else if (r < 0.86) {
    const bet = pickBet(world);
    const winner = Math.floor(random() * 2);
    // Resolutions race each other: the creator (a jury bet's proposes) and an admin at the same moment.
    const results = await Promise.all([
      call(bet.creator, 'POST', `/api/bets/${bet.id}/resolve`, { winningOption: winner }),
      random() < (bet.jury ? 0.1 : 0.5) ? call(admin, 'POST', `/api/admin/bets/${bet.id}/resolve`, { winningOption: 1 - winner }) : null,
    ]);
    for (const [i, result] of results.entries()) {
      if (!result) continue;
      log.count(bet.jury && i === 0 ? 'propose' : 'resolve', result);
      // A proposal closes the bet to stakes; its settlement comes later.
      if (bet.jury && i === 0 && result.outcome === 'ok') proposedBets.push(bet);
      noteClosed(world, bet, result.outcome, result.json);
    }
  } else if (r < 0.91 && proposedBets.length > 0) {
    // Mostly a staker of the bet disputes; anyone else is refused.
    const bet = pick(proposedBets);
    const stakers = log.stakeOps.filter((o) => o.betId === bet.id && o.outcome === 'ok').map((o) => o.userId);
    const user = stakers.length > 0 && random() < 0.9 ? players.find((p) => p.id === pick(stakers))! : pick(players);
    const result = await call(user, 'POST', `/api/bets/${bet.id}/dispute`, { reason: 'Not what happened' });
    log.count('dispute', result);
    if (result.outcome === 'ok') disputedBets.push(bet);
  } else if (r < 0.96 && disputedBets.length > 0) {
    const bet = pick(disputedBets.slice(-3));
    log.count('vote', await call(pick(players), 'POST', `/api/bets/${bet.id}/votes`, { option: Math.floor(random() * 2) }));
  } else {
    const bet = pickBet(world);
    const result = await call(admin, 'DELETE', `/api/admin/bets/${bet.id}`);
    log.count('delete', result);
    noteClosed(world, bet, result.outcome, result.json);
  }
}

/** `clients` clients, each running one operation after another until `deadline`. */
export async function runClients(world: World, clients: number, deadline: number): Promise<void> {
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) await operation(world);
    }),
  );
}
