import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` turns changes in the features' tables (gathered by schema.ts) into a new SQL migration.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/schema.ts',
  out: './src/server/db/migrations',
});
