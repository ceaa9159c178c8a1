import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/build.ts';

// `npm test`: every test. Vitest (unit, and integration on PGlite, plus PostgreSQL/Redis when
// TEST_DATABASE_URL / TEST_REDIS_URL are set), then the Playwright journeys in Chromium.
// Ends with one line adding up both runners.

const reports = path.join(ROOT, 'test-results');
mkdirSync(reports, { recursive: true });
const vitestReport = path.join(reports, 'vitest-report.json');
const e2eReport = path.join(reports, 'e2e-report.json');
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });

const run = (args: string[]) =>
  spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: process.env }).status ?? 1;

let started = Date.now();
const vitestStatus = run([
  path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitestSeconds = (Date.now() - started) / 1000;
started = Date.now();
const e2eStatus = run(['--import', 'tsx', path.join(ROOT, 'scripts/e2e.ts')]);
const e2eSeconds = (Date.now() - started) / 1000;

function readJson(file: string): Record<string, unknown> | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}
const vitest = readJson(vitestReport) as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number } | null;
const e2e = readJson(e2eReport) as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } } | null;
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

console.log(`\nvitest: exit ${vitestStatus}, ${vitest?.numPassedTests ?? 0} passed, ${vitest?.numFailedTests ?? 0} failed in ${vitestSeconds.toFixed(0)} s`);
console.log(
  `playwright: exit ${e2eStatus}, ` +
    (e2e ? `${e2e.stats?.expected ?? 0} passed, ${e2e.stats?.unexpected ?? 0} failed, ${e2e.stats?.flaky ?? 0} flaky` : 'no journeys ran') +
    ` in ${e2eSeconds.toFixed(0)} s`,
);
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
