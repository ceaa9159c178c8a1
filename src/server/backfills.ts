import type { RawQuery } from './db/client.ts';
import { juryBackfills } from './features/bets/service.ts';
import { crewNameBackfills } from './features/crews/service.ts';
import { figuresBackfills } from './features/figures/service.ts';
import { usernameBackfills } from './features/users/service.ts';

/**
 * Each migration's backfill, by the migration's tag, as the features export them from their
 * service.ts: code that fills new tables or columns from existing rows, once, after every
 * migration and every SQL function is in place (`migrate`, db/migrate.ts). An assembler, like
 * app.ts and schema.ts: it sits above the features it gathers, so that db/ knows none of them.
 */
export const BACKFILLS: Record<string, (query: RawQuery) => Promise<void>> = {
  ...figuresBackfills,
  ...usernameBackfills,
  ...crewNameBackfills,
  ...juryBackfills,
};
