import { afterEach, describe, expect, it, vi } from 'vitest';
import { backgroundWork, pacedJob, type PacedRun } from './background-work.ts';

describe('background work', () => {
  it('drains work that is running, including work it starts on the way', async () => {
    const work = backgroundWork();
    const finished: string[] = [];
    void work.track(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          finished.push('first');
          void work.track(new Promise<void>((r) => setTimeout(() => (finished.push('second'), r()), 20)));
          resolve();
        }, 20),
      ),
    );
    expect(work.size).toBe(1);
    await expect(work.drain(2_000)).resolves.toBe(true);
    expect(finished).toEqual(['first', 'second']);
    expect(work.size).toBe(0);
  });

  it('gives up after the timeout and passes results and failures through', async () => {
    const work = backgroundWork();
    void work.track(new Promise(() => {}));
    await expect(work.drain(30)).resolves.toBe(false);
    await expect(work.track(Promise.resolve(7))).resolves.toBe(7);
    await expect(work.track(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('a paced job', () => {
  afterEach(() => vi.useRealTimers());

  /** Advances the clock one tick at a time, letting each run settle. */
  async function ticks(n: number, everyMs: number) {
    for (let i = 0; i < n; i += 1) await vi.advanceTimersByTimeAsync(everyMs);
  }

  function counting(answer: () => PacedRun) {
    const job = { runs: 0 };
    const run = async () => {
      job.runs += 1;
      return answer();
    };
    return { job, run };
  }

  it('runs at every tick without an idle interval, as on PostgreSQL', async () => {
    vi.useFakeTimers();
    const work = backgroundWork();
    const { job, run } = counting(() => ({ worked: false, nextDueAt: null }));
    const paced = pacedJob(work, { everyMs: 100, idleMs: null, run });
    await ticks(5, 100);
    paced.stop();
    expect(job.runs).toBe(5);
  });

  it('on the embedded database, sleeps while idle and runs on activity, at its deadline and every idleMs', async () => {
    vi.useFakeTimers();
    const work = backgroundWork();
    let nextDueAt: Date | null = null;
    const { job, run } = counting(() => ({ worked: false, nextDueAt }));
    const paced = pacedJob(work, { everyMs: 100, idleMs: 1_000, run });
    await ticks(1, 100);
    expect(job.runs).toBe(1);
    await ticks(5, 100);
    expect(job.runs).toBe(1);
    // A request answered: the next tick runs.
    work.touch();
    await ticks(1, 100);
    expect(job.runs).toBe(2);
    // Its answer names a deadline 300 ms after this tick: it runs once that has come, not before.
    nextDueAt = new Date(Date.now() + 400);
    work.touch();
    await ticks(1, 100);
    expect(job.runs).toBe(3);
    nextDueAt = null;
    await ticks(2, 100);
    expect(job.runs).toBe(3);
    await ticks(1, 100);
    expect(job.runs).toBe(4);
    // Nothing at all: once every idleMs.
    await ticks(9, 100);
    expect(job.runs).toBe(4);
    await ticks(1, 100);
    expect(job.runs).toBe(5);
    paced.stop();
  });

  it('counts its own work as activity, and tries a failed run again at the next tick', async () => {
    vi.useFakeTimers();
    const work = backgroundWork();
    let runs = 0;
    let fail = false;
    const paced = pacedJob(work, {
      everyMs: 100,
      idleMs: 1_000,
      run: async () => {
        runs += 1;
        if (fail) throw new Error('database away');
        return { worked: runs === 1, nextDueAt: null };
      },
    });
    await ticks(1, 100);
    expect(work.activity).toBe(1);
    // Its own work is activity: one more run, which finds nothing.
    await ticks(3, 100);
    expect(runs).toBe(2);
    fail = true;
    work.touch();
    await ticks(3, 100);
    expect(runs).toBe(5);
    paced.stop();
  });
});
