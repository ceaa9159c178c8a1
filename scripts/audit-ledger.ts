import { formatDollars } from '../src/shared/money.ts';
import { auditLedger } from '../src/server/features/wallet/service.ts';
import { withConfiguredDatabase } from './lib/configured-database.ts';

// `npm run audit-ledger`: checks every money invariant on the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR). Exit code 1 on any violation.
await withConfiguredDatabase(async (database) => {
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
});
