import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');
const BUILD_MARKER = path.join(ROOT, 'dist/client/index.html');
const INPUTS = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when there is no client build or a source file changed after it was made. */
export function clientBuildIsStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const builtAt = statSync(BUILD_MARKER).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > builtAt);
}

/** Builds the client with Vite when the build is missing or stale. */
export function ensureClientBuild(): void {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (missing or out of date)...');
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The client build failed.');
    process.exit(result.status ?? 1);
  }
}
