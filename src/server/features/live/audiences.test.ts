import { describe, expect, it } from 'vitest';
import { ConnectedAudiences, type AudienceFacts } from './audiences.ts';

/** Facts kept in a map, as the database would answer them; `hold` makes reads wait for `release`. */
function fakeFacts(initial: Record<number, Partial<AudienceFacts>>) {
  const facts = new Map<number, AudienceFacts>();
  const set = (userId: number, partial: Partial<AudienceFacts>) =>
    facts.set(userId, { isAdmin: false, friendIds: [], stakedBetIds: [], ...facts.get(userId), ...partial });
  for (const [id, partial] of Object.entries(initial)) set(Number(id), partial);
  let held: (() => void)[] | null = null;
  let reads = 0;
  return {
    set,
    delete: (userId: number) => facts.delete(userId),
    get reads() {
      return reads;
    },
    hold: () => void (held = []),
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const go of waiting) go();
    },
    load: async (userId: number) => {
      reads += 1;
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      // Read when the database answers, not when asked.
      const found = facts.get(userId);
      return found ? structuredClone(found) : null;
    },
  };
}

const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
const noTroubles = {
  readFailed: (error: unknown) => {
    throw error;
  },
  accountClosed: (userId: number) => {
    throw new Error(`user ${userId} has no account`);
  },
};

// Users 1..9; bet 100 is created by user 1.
const BET = { id: 100, creatorId: 1 };

describe('ConnectedAudiences', () => {
  it('finds the creator, their friends, the stakers and the admins among connected users, never a stranger', async () => {
    const facts = fakeFacts({
      1: { friendIds: [2, 3] },
      2: { friendIds: [1] },
      3: { friendIds: [1] },
      4: { stakedBetIds: [100] }, // a staker who is no longer a friend
      5: { isAdmin: true },
      6: {}, // a stranger
    });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    for (const id of [1, 2, 4, 5, 6]) await audiences.join(id); // 3 is not connected here
    expect(sorted(audiences.ofBet(BET))).toEqual([1, 2, 4, 5]);
    // Another creator's bet: only the admin.
    expect(sorted(audiences.ofBet({ id: 200, creatorId: 9 }))).toEqual([5]);
  });

  it('keeps a user until their last socket closes, then forgets them everywhere', async () => {
    const facts = fakeFacts({ 1: {}, 2: { friendIds: [1], stakedBetIds: [100], isAdmin: true } });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    await audiences.join(2);
    await audiences.join(2);
    expect(facts.reads).toBe(1);
    audiences.leave(2);
    expect(sorted(audiences.ofBet(BET))).toEqual([2]);
    audiences.leave(2);
    expect(sorted(audiences.ofBet(BET))).toEqual([]);
    expect(sorted(audiences.ofBet({ id: 300, creatorId: 7 }))).toEqual([]);
    expect(audiences.size).toBe(0);
  });

  it('adds a staker to the bet from their stake on, and ignores stakers connected elsewhere', async () => {
    const facts = fakeFacts({ 1: {}, 7: {} });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    await audiences.join(7);
    expect(sorted(audiences.ofBet(BET))).toEqual([]);
    audiences.staked(7, 100);
    audiences.staked(8, 100); // not connected here
    expect(sorted(audiences.ofBet(BET))).toEqual([7]);
    expect(sorted(audiences.ofBet({ id: 101, creatorId: 1 }))).toEqual([]);
  });

  it('reads a user again when their friends or role change', async () => {
    const facts = fakeFacts({ 2: { friendIds: [1] }, 3: {} });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    await audiences.join(2);
    await audiences.join(3);
    facts.set(2, { friendIds: [] });
    facts.set(3, { friendIds: [1], isAdmin: true });
    await audiences.changed(2);
    await audiences.changed(3);
    expect(sorted(audiences.ofBet(BET))).toEqual([3]);
    expect(sorted(audiences.ofBet({ id: 200, creatorId: 9 }))).toEqual([3]);
    await audiences.changed(4); // not connected: nothing to read
    expect(facts.reads).toBe(4);
  });

  it('takes a former friend and a lost admin role away at once, before the facts are read again', async () => {
    const facts = fakeFacts({ 2: { friendIds: [1] }, 3: { isAdmin: true } });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    await audiences.join(2);
    await audiences.join(3);
    facts.set(2, { friendIds: [] });
    facts.set(3, { isAdmin: false });
    facts.hold();
    const reads = [audiences.unfriended(2, 1), audiences.accountChanged(3)];
    // The reads are still out: neither hears of the bet any more.
    expect(sorted(audiences.ofBet(BET))).toEqual([]);
    facts.release();
    await Promise.all(reads);
    expect(sorted(audiences.ofBet(BET))).toEqual([]);
    // A role change that kept the role: heard again once read.
    facts.set(3, { isAdmin: true });
    await audiences.accountChanged(3);
    expect(sorted(audiences.ofBet(BET))).toEqual([3]);
  });

  it('fails closed when a read fails: the user hears nothing until read again', async () => {
    let failing = false;
    const facts = fakeFacts({ 1: {}, 2: { friendIds: [1], stakedBetIds: [100], isAdmin: true } });
    const errors: number[] = [];
    const audiences = new ConnectedAudiences(
      async (userId) => {
        if (failing) throw new Error('database down');
        return facts.load(userId);
      },
      { ...noTroubles, readFailed: (_error, userId) => errors.push(userId) },
    );
    await audiences.join(2);
    failing = true;
    await audiences.changed(2);
    expect(errors).toEqual([2]);
    expect(sorted(audiences.ofBet(BET))).toEqual([]);
    expect(sorted(audiences.ofBet({ id: 200, creatorId: 9 }))).toEqual([]);
    failing = false;
    await audiences.refreshAll();
    expect(sorted(audiences.ofBet(BET))).toEqual([2]);
  });

  it('reads every connected user again', async () => {
    const facts = fakeFacts({ 2: {}, 3: {}, 4: {} });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    for (const id of [2, 3, 4]) await audiences.join(id);
    facts.set(3, { friendIds: [1] });
    facts.set(4, { stakedBetIds: [100] });
    await audiences.refreshAll();
    expect(facts.reads).toBe(6);
    expect(sorted(audiences.ofBet(BET))).toEqual([3, 4]);
  });

  it('drops a user whose account closed and says so, so that their sockets can go', async () => {
    const facts = fakeFacts({ 2: { friendIds: [1], isAdmin: true } });
    const closed: number[] = [];
    const audiences = new ConnectedAudiences(facts.load, { ...noTroubles, accountClosed: (userId) => closed.push(userId) });
    await audiences.join(2);
    await audiences.join(5); // no such user: closed from the start
    expect(closed).toEqual([5]);
    expect(sorted(audiences.ofBet(BET))).toEqual([2]);
    facts.delete(2);
    await audiences.accountChanged(2);
    expect(closed).toEqual([5, 2]);
    expect(sorted(audiences.ofBet(BET))).toEqual([]);
  });

  it('reads again when told of a change while a read is under way, so the last read follows it', async () => {
    const facts = fakeFacts({ 2: {} });
    const audiences = new ConnectedAudiences(facts.load, noTroubles);
    facts.hold();
    const joined = audiences.join(2);
    // The friendship and a stake commit while the first read is still out.
    facts.set(2, { friendIds: [1], stakedBetIds: [100] });
    void audiences.changed(2);
    audiences.staked(2, 100);
    facts.release();
    await new Promise((resolve) => setImmediate(resolve));
    facts.release();
    await joined;
    expect(facts.reads).toBe(2);
    expect(sorted(audiences.ofBet({ id: 555, creatorId: 1 }))).toEqual([2]);
    expect(sorted(audiences.ofBet({ id: 100, creatorId: 9 }))).toEqual([2]);
  });

  it('indexes nothing for a user who left while being read, and reports a failed read', async () => {
    const facts = fakeFacts({ 2: { isAdmin: true } });
    const errors: unknown[] = [];
    const audiences = new ConnectedAudiences(facts.load, { ...noTroubles, readFailed: (error) => errors.push(error) });
    facts.hold();
    const joined = audiences.join(2);
    audiences.leave(2);
    facts.release();
    await joined;
    expect(sorted(audiences.ofBet(BET))).toEqual([]);

    const failing = new ConnectedAudiences(
      async () => {
        throw new Error('database down');
      },
      { ...noTroubles, readFailed: (error) => errors.push(error) },
    );
    await failing.join(2);
    expect(errors).toEqual([new Error('database down')]);
    expect(sorted(failing.ofBet(BET))).toEqual([]);
  });
});
