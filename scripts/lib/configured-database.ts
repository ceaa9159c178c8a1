import { ConfigError, loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { BACKFILLS } from '../../src/server/backfills.ts';
import { migrate } from '../../src/server/db/migrate.ts';

/** The configuration the server would read; a bad setting ends the process with exit code 2 and the message naming it. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  }
}

/**
 * For the operator's commands: the database the server would use (DATABASE_URL, or the embedded
 * one in DATA_DIR), brought up to date, open for `work` (with what bringing it up to date applied),
 * closed after. A bad setting ends the process with exit code 2 and the message naming it.
 */
export async function withConfiguredDatabase<T>(work: (database: Database, applied: string[]) => Promise<T>): Promise<T> {
  const config = loadConfigOrExit();
  const database = await openDatabase(config.database);
  try {
    const { applied } = await migrate(database, BACKFILLS);
    return await work(database, applied);
  } finally {
    await database.close();
  }
}
