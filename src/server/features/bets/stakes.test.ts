import { describe, expect, it } from 'vitest';
import { StakeBatches, type BatchLimits, type BatchTimings } from './stakes.ts';

interface Stake {
  betId: number;
  name: string;
}

/** Runners whose calls stay open until the test settles them, so the test decides what overlaps. */
function manualRunners(placedNone: (error: unknown) => boolean = () => true) {
  const calls: { kind: 'one' | 'many'; stakes: Stake[]; settle: (error?: Error) => void }[] = [];
  const answer = (stakes: Stake[]) => stakes.map((s) => `placed ${s.name}`);
  const runners = {
    one: (stake: Stake) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ kind: 'one', stakes: [stake], settle: (error) => (error ? reject(error) : resolve(answer([stake])[0]!)) });
      }),
    many: (stakes: Stake[]) =>
      new Promise<string[]>((resolve, reject) => {
        calls.push({ kind: 'many', stakes, settle: (error) => (error ? reject(error) : resolve(answer(stakes))) });
      }),
    placedNone,
  };
  return { runners, calls };
}

const stake = (name: string, betId = Number(name.replace(/\D/g, '')) || 1): Stake => ({ name, betId });
const names = (stakes: Stake[]) => stakes.map((s) => s.name);
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const limits: BatchLimits = { batches: 3, size: 4, fill: 2 };

describe('stake batches', () => {
  it('places a lone stake at once, alone', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, limits);
    const answer = batches.place(stake('a1'));
    expect(calls.map((c) => [c.kind, names(c.stakes)])).toEqual([['one', ['a1']]]);
    calls[0]!.settle();
    await expect(answer).resolves.toBe('placed a1');
    expect(batches.counts).toEqual({ alone: 1, batches: 0, batched: 0, againAlone: 0 });
  });

  it('tells how long each stake waited for its batch and how long the database took to answer it', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, limits);
    const seen: BatchTimings[] = [];
    batches.onTimings((timings) => seen.push(timings));
    const first = batches.place(stake('a1'));
    // Below the fill: it waits for the running stake to be answered.
    const second = batches.place(stake('b2'));
    await sleep(40);
    calls[0]!.settle();
    await first;
    await sleep(40);
    expect(calls.map((c) => names(c.stakes))).toEqual([['a1'], ['b2']]);
    calls[1]!.settle();
    await second;
    expect(seen).toHaveLength(2);
    const [alone, waiter] = seen as [BatchTimings, BatchTimings];
    expect(alone.waited).toHaveLength(1);
    expect(alone.waited[0]).toBeLessThan(0.02);
    expect(alone.placing).toBeGreaterThanOrEqual(0.03);
    expect(waiter.waited[0]).toBeGreaterThanOrEqual(0.03);
    expect(waiter.placing).toBeGreaterThanOrEqual(0.03);
  });

  it('answers its stakes even when a listener of their timings fails', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, limits);
    batches.onTimings(() => {
      throw new Error('a broken listener');
    });
    const first = batches.place(stake('a1'));
    const second = batches.place(stake('b2'));
    const third = batches.place(stake('c3'));
    calls[1]!.settle();
    calls[0]!.settle();
    await expect(Promise.all([first, second, third])).resolves.toEqual(['placed a1', 'placed b2', 'placed c3']);
  });

  it('gathers the stakes that arrive while one runs and places them together, in order', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, limits);
    const first = batches.place(stake('a1'));
    // One waiting is below the fill of 2, so nothing starts beside the running stake.
    const second = batches.place(stake('b2'));
    expect(calls).toHaveLength(1);
    const third = batches.place(stake('c3'));
    // Two waiting: a batch starts beside it.
    expect(calls.map((c) => [c.kind, names(c.stakes)])).toEqual([
      ['one', ['a1']],
      ['many', ['b2', 'c3']],
    ]);
    const fourth = batches.place(stake('d4'));
    expect(calls).toHaveLength(2);
    expect(batches.waiting).toBe(1);
    calls[1]!.settle();
    await expect(Promise.all([second, third])).resolves.toEqual(['placed b2', 'placed c3']);
    // A slot freed, but only one stake waits and another batch still runs: it keeps waiting.
    expect(calls).toHaveLength(2);
    calls[0]!.settle();
    await expect(first).resolves.toBe('placed a1');
    expect(calls.map((c) => names(c.stakes))[2]).toEqual(['d4']);
    calls[2]!.settle();
    await expect(fourth).resolves.toBe('placed d4');
    expect(batches.counts).toEqual({ alone: 2, batches: 1, batched: 2, againAlone: 0 });
  });

  it('never runs more batches at once than its limit, nor more stakes in one than its size', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, limits);
    const answers = Array.from({ length: 14 }, (_, i) => batches.place(stake(`s${i + 1}`)));
    await tick();
    expect(calls.map((c) => c.stakes.length)).toEqual([1, 2, 2]);
    expect(batches.waiting).toBe(9);
    calls[0]!.settle();
    await tick();
    expect(calls.map((c) => c.stakes.length)).toEqual([1, 2, 2, 4]);
    for (let i = 1; calls.some((c, j) => j >= i); i += 1) {
      calls[i]!.settle();
      await tick();
    }
    await expect(Promise.all(answers)).resolves.toEqual(answers.map((_, i) => `placed s${i + 1}`));
    expect(Math.max(...calls.map((c) => c.stakes.length))).toBe(4);
  });

  it('sends the next batch before answering the stakes of the one that ended', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, { batches: 1, size: 4, fill: 2 });
    // How many calls had gone out when each stake was answered.
    const sentWhenAnswered = (name: string) => batches.place(stake(name)).then(() => calls.length);
    const first = sentWhenAnswered('a1');
    const second = [sentWhenAnswered('b2'), sentWhenAnswered('c3')];
    const third = sentWhenAnswered('d4');
    calls[0]!.settle();
    await expect(first).resolves.toBe(2);
    expect(calls.map((c) => names(c.stakes))[1]).toEqual(['b2', 'c3', 'd4']);
    const fifth = sentWhenAnswered('e5');
    calls[1]!.settle();
    await expect(Promise.all([...second, third])).resolves.toEqual([3, 3, 3]);
    calls[2]!.settle();
    await expect(fifth).resolves.toBe(3);
  });

  it('keeps two running batches off the same bet: a stake on a held bet waits its turn', async () => {
    const { runners, calls } = manualRunners();
    const batches = new StakeBatches(runners, limits);
    const answers = [batches.place(stake('x', 7)), batches.place(stake('y', 7)), batches.place(stake('z', 7)), batches.place(stake('w', 8))];
    // x runs alone on bet 7; y and z also wait for bet 7, so the batch beside it takes only w.
    expect(calls.map((c) => names(c.stakes))).toEqual([['x'], ['w']]);
    calls[1]!.settle();
    await tick();
    calls[0]!.settle();
    await tick();
    expect(calls.map((c) => names(c.stakes))[2]).toEqual(['y', 'z']);
    calls[2]!.settle();
    await expect(Promise.all(answers)).resolves.toEqual(['placed x', 'placed y', 'placed z', 'placed w']);
  });

  it('places each stake again alone when a batch failed and committed nothing, so errors stay their own', async () => {
    const { runners, calls } = manualRunners(() => true);
    const batches = new StakeBatches(runners, limits);
    const first = batches.place(stake('a1'));
    const rest = [batches.place(stake('b2')), batches.place(stake('c3'))];
    calls[1]!.settle(new Error('deadlock detected'));
    await tick();
    expect(calls.slice(2).map((c) => [c.kind, names(c.stakes)])).toEqual([
      ['one', ['b2']],
      ['one', ['c3']],
    ]);
    calls[2]!.settle(new Error('b2 refused'));
    calls[3]!.settle();
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual(['b2 refused', 'placed c3']);
    calls[0]!.settle();
    await first;
    expect(batches.counts).toEqual({ alone: 1, batches: 0, batched: 0, againAlone: 2 });
  });

  it('fails every stake of a batch with its error when the error leaves the commit in doubt', async () => {
    const { runners, calls } = manualRunners(() => false);
    const batches = new StakeBatches(runners, limits);
    const first = batches.place(stake('a1'));
    const rest = [batches.place(stake('b2')), batches.place(stake('c3'))];
    calls[1]!.settle(new Error('connection lost'));
    const settled = await Promise.allSettled(rest);
    expect(settled.map((s) => s.status === 'rejected' && (s.reason as Error).message)).toEqual(['connection lost', 'connection lost']);
    // Not placed again: they may have committed.
    expect(calls).toHaveLength(2);
    calls[0]!.settle();
    await first;
  });
});
