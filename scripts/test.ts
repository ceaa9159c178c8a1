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

const vitestStatus = run([
  path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const e2eStatus = run(['--import', 'tsx', path.join(ROOT, 'scripts/e2e.ts')]);

function readJson(file: string): Record<string, unknown> | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : null;
}
const vitest = readJson(vitestReport) as { numPassedTests?: number; numFailedTests?: number } | null;
const e2e = readJson(e2eReport) as { stats?: { expected?: number; unexpected?: number; flaky?: number } } | null;
const passed = (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);

console.log(`\nvitest: exit ${vitestStatus}; playwright: exit ${e2eStatus}${e2e ? '' : ' (no journeys ran)'}`);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(vitestStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
