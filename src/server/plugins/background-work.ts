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
  /** Something may have given the periodic jobs work: a request was answered, or a job did some. */
  touch(): void;
  /** How many times touch() was called: a job compares it with the count at its last run. */
  readonly activity: number;
}

export function backgroundWork(): BackgroundWork {
  const pending = new Set<Promise<unknown>>();
  let activity = 0;
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
    touch() {
      activity += 1;
    },
    get activity() {
      return activity;
    },
  };
}

/** What one run of a periodic job tells its pacing. */
export interface PacedRun {
  /** It wrote something (a bet settled, a mail sent): work for the other jobs, perhaps. */
  worked: boolean;
  /** When it next has work of its own that time alone brings (a jury window ending); null: none known. */
  nextDueAt: Date | null;
}

export interface PacedJobOptions {
  everyMs: number;
  /**
   * null: the job runs every `everyMs`. Otherwise it runs every `everyMs` only while something
   * may have given it work: activity since its last run (a request that may write, once answered;
   * another job's work), or the time it reported as due. With neither it runs once every `idleMs`.
   * Only for the embedded database, which no other process writes: there an idle server with
   * nothing due runs no statement, and PostgreSQL's WebAssembly is not optimised for sweeps that
   * find nothing (docs/startup-and-memory.md).
   */
  idleMs: number | null;
  run: () => Promise<PacedRun>;
}

/** Starts a periodic job, its runs tracked as background work; stop() ends it. */
export function pacedJob(work: BackgroundWork, { everyMs, idleMs, run }: PacedJobOptions): { stop(): void } {
  let running = false;
  let seenActivity = -1;
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let dueAt = Number.NEGATIVE_INFINITY;
  const tick = () => {
    if (running) return;
    const now = Date.now();
    if (idleMs !== null && work.activity === seenActivity && now < dueAt && now - lastRunAt < idleMs) return;
    running = true;
    seenActivity = work.activity;
    lastRunAt = now;
    void work
      .track(run())
      .then(
        ({ worked, nextDueAt }) => {
          if (worked) work.touch();
          dueAt = nextDueAt?.getTime() ?? Number.POSITIVE_INFINITY;
        },
        // A failed run (the job logs its own errors) is tried again at the next tick.
        () => (dueAt = Number.NEGATIVE_INFINITY),
      )
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
