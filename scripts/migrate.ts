import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';

// `npm run migrate`: brings the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR) up to date, as every start does, and prints what it applied: for a deploy that
// migrates before it starts new instances. The build runs it to make the embedded template.
let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(2);
}
const database = await openDatabase(config.database);
try {
  const { applied } = await migrate(database);
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'already up to date');
} finally {
  await database.close();
}
