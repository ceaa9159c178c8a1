import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { rebuildFigures } from '../src/server/features/figures/rebuild.ts';

// `npm run figures:rebuild`: recomputes the read model of the player figures and the platform
// totals from the stakes, bets and users, on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR): after a restore or a bulk import. Writers wait while it runs.
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const database = await openDatabase(config.database);
try {
  await migrate(database);
  const rebuilt = await rebuildFigures(database.db);
  console.log(`figures rebuilt: ${rebuilt.rows} player-period rows for ${rebuilt.players} players in ${rebuilt.ms} ms`);
} finally {
  await database.close();
}
