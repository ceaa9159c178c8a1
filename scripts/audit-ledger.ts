import { formatDollars } from '../src/shared/money.ts';
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { auditLedger } from '../src/server/features/wallet/audit.ts';

// `npm run audit-ledger`: checks every money invariant on the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). Exit code 1 on any violation.
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
  const { violations, totals } = await auditLedger(database.db);
  for (const violation of violations) console.log(`VIOLATION ${violation}`);
  const summary =
    `${totals.users} users, ${totals.ledgerRows} ledger rows; balances ${formatDollars(totals.balancesCents)} + ` +
    `open pools ${formatDollars(totals.openPoolsCents)} = grants ${formatDollars(totals.grantsCents)} + ` +
    `adjustments ${formatDollars(totals.adjustmentsCents)}`;
  if (violations.length === 0) {
    console.log(`ledger ok: ${summary}`);
  } else {
    console.log(`${violations.length} violation(s): ${summary}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
