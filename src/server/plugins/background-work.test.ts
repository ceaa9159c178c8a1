import { describe, expect, it } from 'vitest';
import { backgroundWork } from './background-work.ts';

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
