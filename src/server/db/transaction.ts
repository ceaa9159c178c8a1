import type { Db } from './client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/** The error's code: PostgreSQL's SQLSTATE, or a system error's (such as ECONNRESET). */
function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether PostgreSQL itself answered with this error: its error messages carry a severity, where a
 * lost connection (a system error, whose code can look like a SQLSTATE, as EPIPE does) carries
 * none. A statement the database refused did not commit.
 */
export function answeredByDatabase(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `attempt` again when PostgreSQL aborted it for a serialization failure or a deadlock
 * (DESIGN §5): both mean "try again", never "this is wrong".
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>, attempts = 5): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      const code = errorCode(error);
      if (!code || !RETRYABLE.has(code) || tried >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * tried + Math.random() * 20));
    }
  }
}

/** Runs `work` in a transaction, retried as above. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  return retryingConflicts(() => db.transaction(work), attempts);
}
