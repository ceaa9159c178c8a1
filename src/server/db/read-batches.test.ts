import { describe, expect, it } from 'vitest';
import { ReadBatches, readLimitsFor } from './read-batches.ts';

/** A reader whose queries the test answers by hand, recording the keys of each. */
function manualReader() {
  const queries: { keys: string[]; answer: (found: Map<string, string>) => void; fail: (e: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      queries.push({ keys, answer: resolve, fail: reject });
    });
  return { queries, readMany };
}

/** Lets every promise callback that is due run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const upper = (keys: string[]) => new Map(keys.map((k) => [k, k.toUpperCase()]));

describe('reads by key in batches', () => {
  it('sends a read at once while fewer than inFlight are running, and queues the rest for one query', async () => {
    const { queries, readMany } = manualReader();
    const reads = new ReadBatches(readMany, { inFlight: 2, size: 64 });
    const a = reads.read('a');
    const b = reads.read('b');
    const rest = ['c', 'd', 'e'].map((k) => reads.read(k));
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b']]);

    queries[0]!.answer(upper(['a']));
    await expect(a).resolves.toBe('A');
    // The freed slot takes everything queued.
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b'], ['c', 'd', 'e']]);
    queries[2]!.answer(upper(['c', 'd', 'e']));
    await expect(Promise.all(rest)).resolves.toEqual(['C', 'D', 'E']);
    queries[1]!.answer(upper(['b']));
    await expect(b).resolves.toBe('B');
    expect(reads.counts).toEqual({ queries: 3, keys: 5 });
  });

  it('answers each read with its own key only, undefined when its key was not found', async () => {
    const { queries, readMany } = manualReader();
    const reads = new ReadBatches(readMany, { inFlight: 1, size: 64 });
    const first = reads.read('x');
    const queued = ['p', 'q', 'p'].map((k) => reads.read(k));
    queries[0]!.answer(new Map());
    await expect(first).resolves.toBeUndefined();
    // A key asked twice is read once, and both readers get it.
    expect(queries[1]!.keys).toEqual(['p', 'q']);
    queries[1]!.answer(new Map([['q', 'Q'], ['p', 'P']]));
    await expect(Promise.all(queued)).resolves.toEqual(['P', 'Q', 'P']);
  });

  it('takes at most `size` keys in one query', async () => {
    const { queries, readMany } = manualReader();
    const reads = new ReadBatches(readMany, { inFlight: 1, size: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((k) => reads.read(k));
    queries[0]!.answer(upper(queries[0]!.keys));
    await settled();
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b', 'c']]);
    queries[1]!.answer(upper(queries[1]!.keys));
    await settled();
    queries[2]!.answer(upper(queries[2]!.keys));
    await expect(Promise.all(all)).resolves.toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('fails every read of a failed query, and goes on with the next', async () => {
    const { queries, readMany } = manualReader();
    const reads = new ReadBatches(readMany, { inFlight: 1, size: 64 });
    const first = reads.read('a');
    const queued = [reads.read('b'), reads.read('c')];
    queries[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settled();
    queries[1]!.fail(new Error('still down'));
    await expect(Promise.allSettled(queued)).resolves.toEqual([
      { status: 'rejected', reason: new Error('still down') },
      { status: 'rejected', reason: new Error('still down') },
    ]);
    await settled();
    const later = reads.read('d');
    queries[2]!.answer(upper(['d']));
    await expect(later).resolves.toBe('D');
  });

  it('reads every key alone and at once on the plain path', async () => {
    const { queries, readMany } = manualReader();
    const reads = new ReadBatches(readMany, readLimitsFor('postgres', true));
    const all = ['a', 'b', 'c'].map((k) => reads.read(k));
    expect(queries.map((q) => q.keys)).toEqual([['a'], ['b'], ['c']]);
    for (const q of queries) q.answer(upper(q.keys));
    await expect(Promise.all(all)).resolves.toEqual(['A', 'B', 'C']);
  });
});
