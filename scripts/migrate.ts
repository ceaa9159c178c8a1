import { withConfiguredDatabase } from './lib/configured-database.ts';

// `npm run migrate`: brings the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR) up to date, as every start does, and prints what it applied: for a deploy that
// migrates before it starts new instances. The build runs it to make the embedded template.
await withConfiguredDatabase(async (_database, applied) => {
  console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'already up to date');
});
