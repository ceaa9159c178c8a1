import { rebuildFigures } from '../src/server/features/figures/service.ts';
import { withConfiguredDatabase } from './lib/configured-database.ts';

// `npm run figures:rebuild`: recomputes the read model of the player figures and the platform
// totals from the stakes, bets and users, on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR): after a restore or a bulk import. Writers wait while it runs.
await withConfiguredDatabase(async (database) => {
  const rebuilt = await rebuildFigures(database.db);
  console.log(`figures rebuilt: ${rebuilt.rows} player-period rows for ${rebuilt.players} players in ${rebuilt.ms} ms`);
});
