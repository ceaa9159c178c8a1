import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { LongFirstSequencer } from './tests/setup/sequencer.ts';
import { catalogues } from './scripts/lib/vite-catalogues.ts';

// Unit tests run once. Server tests are integration tests: they build the app on a database of
// their own, so they run once on embedded PGlite and, when TEST_DATABASE_URL is set, once more
// on that PostgreSQL (and Redis, when TEST_REDIS_URL is set). How the run is laid out to stay
// fast, and where a new slow test goes: docs/how-to.md, "Keep the tests fast".
const serverTests = ['src/server/**/*.test.ts'];
// Several instances sharing one database and Redis: only possible on PostgreSQL with Redis.
const multiInstanceTests = 'src/server/**/*.multi-instance.test.ts';
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const withRedis = Boolean(process.env.TEST_REDIS_URL);

/**
 * The server's longest files (property, fuzz, concurrency and live tests, each 5 s or more in one
 * project): they run in projects of their own whose files start first (tests/setup/sequencer.ts),
 * so that none of them starts last and decides alone when the run ends.
 */
export const LONG_SERVER_TESTS = [
  'src/server/features/live/live.test.ts',
  'src/server/features/live/live.multi-instance.test.ts',
  'src/server/features/bets/jury-invariant.test.ts',
  'src/server/features/bets/money-invariant.test.ts',
  'src/server/features/bets/concurrency.test.ts',
  'src/server/features/crews/crews-invariant.test.ts',
  'src/server/features/figures/read-model.test.ts',
  'src/server/security/route-matrix.test.ts',
  'src/server/security/fuzz.test.ts',
  'src/server/security/sessions-end.test.ts',
  'src/server/features/mail/mail.test.ts',
  'src/server/db/migrate.test.ts',
];

/**
 * Workers: one per core and one more. Much of a server test's time is spent waiting for a
 * database answer or a timer, so a third worker on two cores keeps both busy; more only queue.
 * `VITEST_MAX_WORKERS` overrides it.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? availableParallelism() + 1);

function serverProjects(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration[] {
  const shared = {
    env: { BETBRO_TEST_DB: kind },
    // The files of a worker share its modules (docs/how-to.md, "Keep the tests fast").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  const exclude = kind === 'postgres' && withRedis ? [] : [multiInstanceTests];
  return [
    { test: { ...shared, name: `long-${kind}`, include: LONG_SERVER_TESTS, exclude } },
    { test: { ...shared, name: `server-${kind}`, include: serverTests, exclude: [...exclude, ...LONG_SERVER_TESTS] } },
  ];
}

export default defineConfig({
  test: {
    maxWorkers,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console.ts'],
        },
      },
      {
        // Client code and screens, in a DOM, with Testing Library. The files of a worker share one
        // jsdom and one module graph (React, TanStack Query, Radix... are loaded once per worker,
        // not once per file): a test leaves the document, the mocks, the globals and the timers as
        // it found them, which the setup files enforce after every test. Both setup files are
        // listed, not imported by one another: an imported module runs once per worker, so its
        // hooks would hold for the first file only.
        // The catalogues as the browser gets them: parsed, in their two parts.
        plugins: [catalogues()],
        test: {
          name: 'client',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console.ts', 'tests/setup/client.ts'],
        },
      },
      ...serverProjects('pglite'),
      ...(withPostgres ? serverProjects('postgres') : []),
    ],
  },
});
