/**
 * Work that outlives the request that started it: the live fan-out after a commit, presence
 * updates when a socket closes, the periodic sweeps. Shutdown waits for it before closing the
 * database, so a SIGTERM under load never cuts a query off half way ("Cannot use a pool after
 * calling end").
 */
export interface BackgroundWork {
  /** Runs `work` and keeps it on the list until it settles; its result is passed through. */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once nothing tracked is running, or after `timeoutMs`; says whether it drained. */
  drain(timeoutMs: number): Promise<boolean>;
  readonly size: number;
}

export function backgroundWork(): BackgroundWork {
  const pending = new Set<Promise<unknown>>();
  return {
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return work;
    },
    async drain(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // Work finishing can start more (a fan-out publishing to the bus), so look again until empty.
      while (pending.size > 0) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all([...pending]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, left);
          }),
        ]);
        clearTimeout(timer);
      }
      return true;
    },
    get size() {
      return pending.size;
    },
  };
}
