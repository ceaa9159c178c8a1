import { defineConfig } from 'vitest/config';

// Unit tests run once. Server tests are integration tests: they build the app on a fresh
// database, so they run once on embedded PGlite and, when TEST_DATABASE_URL is set, once more
// on that PostgreSQL (and Redis, when TEST_REDIS_URL is set).
const serverTests = ['src/server/**/*.test.ts'];
// Several instances sharing one database and Redis: only possible on PostgreSQL with Redis.
const multiInstanceTests = 'src/server/**/*.multi-instance.test.ts';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withRedis = Boolean(process.env.TEST_REDIS_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
        },
      },
      {
        // Client code and screens, in a DOM, with Testing Library.
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/client.ts'],
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: [multiInstanceTests],
          env: { BETBRO_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: serverTests,
                exclude: withRedis ? [] : [multiInstanceTests],
                env: { BETBRO_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
