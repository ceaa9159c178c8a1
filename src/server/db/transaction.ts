import type { Db } from './client.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected

/** What an error may carry, as the PostgreSQL drivers and Node set it. */
type ErrorFields = { code?: unknown; severity?: unknown; constraint?: unknown };

/** An error and its causes, outermost first: drizzle wraps the driver's error, which has the code. */
export function errorChain(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  for (let current: unknown = error; current && chain.length < 3; current = (current as { cause?: unknown }).cause) {
    chain.push(current as ErrorFields);
  }
  return chain;
}

const UNIQUE_VIOLATION = '23505';

/** Whether the error is PostgreSQL refusing a duplicate of a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return errorChain(error).some((e) => e.code === UNIQUE_VIOLATION);
}

/** The error's code: PostgreSQL's SQLSTATE, or a system error's (such as ECONNRESET). */
function errorCode(error: unknown): string | undefined {
  return errorChain(error).find((e) => typeof e.code === 'string')?.code as string | undefined;
}

/**
 * Whether PostgreSQL itself answered with this error: its error messages carry a severity, where a
 * lost connection (a system error, whose code can look like a SQLSTATE, as EPIPE does) carries
 * none. A statement the database refused did not commit.
 */
export function answeredByDatabase(error: unknown): boolean {
  return errorChain(error).some((e) => typeof e.code === 'string' && typeof e.severity === 'string');
}

/**
 * Runs `attempt` again when PostgreSQL aborted it for a serialization failure or a deadlock
 * (decision 003): both mean "try again", never "this is wrong".
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
