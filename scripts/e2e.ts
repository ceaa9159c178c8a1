import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium, findHeadlessShell } from './lib/chromium.ts';
import { startMailCatcher } from './lib/mail-catcher.ts';
import { ROOT, ensureBuild } from './lib/build.ts';

// Runs the Playwright journeys against the built app (the compiled server, as `npm start` runs
// it): each worker starts one on a free port with a fresh data directory under one temporary
// directory (tests/e2e/server.ts). The journeys run in Chromium's headless shell when Debian's
// chromium-headless-shell is installed, else in Chromium itself. Without Chromium a developer gets one line saying so; under
// CI=true it is a failure.

const chromium = findChromium();
if (!chromium) {
  const reason = "no Chromium at /usr/bin/chromium (install Debian's chromium package or set CHROMIUM_PATH)";
  if (process.env.CI === 'true') {
    console.error(`Browser journeys cannot run: ${reason}.`);
    process.exit(1);
  }
  console.log(`Browser journeys skipped: ${reason}.`);
  process.exit(0);
}

await ensureBuild();

const dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-e2e-'));
// The servers mail through it; the journeys read the links from the file (tests/e2e/helpers.ts).
const mailFile = path.join(dataDir, 'mail.jsonl');
const mail = await startMailCatcher(mailFile);

// Not spawnSync: the mail catcher answers from this process while the journeys run.
const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    CHROMIUM_HEADLESS_SHELL_PATH: findHeadlessShell() ?? chromium,
    E2E_DATA_DIR: dataDir,
    E2E_SMTP_URL: mail.url,
    E2E_MAIL_FILE: mailFile,
  },
});
const status = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
await mail.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
