import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../../..');

/**
 * The compiled server: each production program as one ES module with its source map
 * (`<name>.bundle.js`), started by `<name>.js`, which turns on source maps for the project's own
 * code only, then imports the bundle.
 */
export const SERVER_DIR = path.join(ROOT, 'dist/server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'main.js');
const SERVER_PROGRAMS = {
  main: 'src/server/main.ts',
  'seed-demo': 'scripts/seed-demo.ts',
  'audit-ledger': 'scripts/audit-ledger.ts',
  'figures-rebuild': 'scripts/figures-rebuild.ts',
  migrate: 'scripts/migrate.ts',
  // The link cards' renderer runs in a process of its own (src/server/features/cards/render.ts).
  'card-renderer': 'src/server/features/cards/renderer-process.ts',
};
/**
 * The SQL src/server/db/migrate.ts reads at run time from the server's folder: the migrations
 * (db/migrations) and each feature's functions, views and triggers (features/<feature>/*.sql).
 * Copied into dist/server at the same paths.
 */
function copyServerSql(): void {
  const source = path.join(ROOT, 'src/server');
  cpSync(path.join(source, 'db/migrations'), path.join(SERVER_DIR, 'db/migrations'), { recursive: true });
  for (const feature of readdirSync(path.join(source, 'features'))) {
    for (const file of readdirSync(path.join(source, 'features', feature)).filter((name) => name.endsWith('.sql'))) {
      cpSync(path.join(source, 'features', feature, file), path.join(SERVER_DIR, 'features', feature, file));
    }
  }
}

const CLIENT_MARKER = path.join(ROOT, 'dist/client/index.html');
const CLIENT_INPUTS = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];
const SERVER_INPUTS = ['src/server', 'src/shared', 'scripts/lib/build.ts', ...Object.values(SERVER_PROGRAMS), 'package-lock.json'];

/** The newest modification time under `target` (file modification times only, no contents read). */
function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `marker` is missing or one of `inputs` changed after it was written. */
function isStale(marker: string, inputs: string[]): boolean {
  if (!existsSync(marker)) return true;
  const builtAt = statSync(marker).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(ROOT, input)) > builtAt);
}

export const clientBuildIsStale = () => isStale(CLIENT_MARKER, CLIENT_INPUTS);
export const serverBuildIsStale = () => isStale(SERVER_ENTRY, SERVER_INPUTS);

/**
 * The embedded database a first start copies (src/server/db/client.ts): a cluster made by
 * PostgreSQL's initdb and brought up to date by the compiled migrations runner, at build time
 * instead of at a first start. It holds the schema only; secrets are made by each installation.
 */
const PGLITE_TEMPLATE = path.join(ROOT, 'dist/pglite-template');

function buildPgliteTemplate(): void {
  const dataDir = `${PGLITE_TEMPLATE}.tmp`;
  rmSync(dataDir, { recursive: true, force: true });
  const result = spawnSync(process.execPath, [path.join(SERVER_DIR, 'migrate.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
  });
  if (result.status !== 0) throw new Error('Making the embedded database template failed.');
  rmSync(PGLITE_TEMPLATE, { recursive: true, force: true });
  renameSync(path.join(dataDir, 'pglite'), PGLITE_TEMPLATE);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Builds the client with Vite into dist/client, then the landing page's HTML in every language
 * (landing-pages.ts), which the server puts in a signed-out visitor's page.
 */
export function buildClient(): void {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The client build failed.');
  const landing = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/lib/landing-pages.ts')], { cwd: ROOT, stdio: 'inherit' });
  if (landing.status !== 0) throw new Error("The landing page's HTML could not be written.");
}

/**
 * Packages compiled into the bundles instead of imported from node_modules at run time.
 * drizzle-orm: its package.json declares 137 KB of subpath exports, which Node's ES module loader
 * parses again for each of its modules it resolves, about 370 ms of a start.
 */
const BUNDLED_PACKAGES = ['drizzle-orm'];

/** Every package import left to node_modules, except `bundled` (and their subpaths). */
function packagesExternalBut(bundled: string[]): Plugin {
  const isBundled = (specifier: string) => bundled.some((name) => specifier === name || specifier.startsWith(`${name}/`));
  return {
    name: 'packages-external-but',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => (isBundled(args.path) ? undefined : { path: args.path, external: true }));
    },
  };
}

/**
 * What each program's `<name>.js` holds. Source maps must be on before the bundle is compiled, so
 * the bundle comes in by a dynamic import. `nodeModules: false`: stack traces name our .ts lines,
 * and the maps that packages ship are not read and held in memory (about 7 MB of the server's
 * heap, docs/startup-and-memory.md), which `node --enable-source-maps` would do.
 */
const programStart = (name: string) => `import { setSourceMapsSupport } from 'node:module';

setSourceMapsSupport(true, { nodeModules: false, generatedCode: false });
await import('./${name}.bundle.js');
`;

/**
 * Compiles the server and the programs production runs to plain JavaScript in dist/server with
 * esbuild: one bundle per program, packages left in node_modules, source maps beside, so that
 * stack traces name the .ts lines; then each program's start file (`programStart`). Then makes
 * the embedded database template with them.
 */
export async function buildServer(): Promise<void> {
  const esbuild = await import('esbuild');
  rmSync(SERVER_DIR, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(SERVER_PROGRAMS).map(([name, file]) => [`${name}.bundle`, path.join(ROOT, file)])),
    outdir: SERVER_DIR,
    bundle: true,
    plugins: [packagesExternalBut(BUNDLED_PACKAGES)],
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
  copyServerSql();
  // main.js last: its date is what serverBuildIsStale compares.
  for (const name of Object.keys(SERVER_PROGRAMS).reverse()) writeFileSync(path.join(SERVER_DIR, `${name}.js`), programStart(name));
  buildPgliteTemplate();
}

export function ensureClientBuild(): void {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (missing or out of date)...');
  buildClient();
}

export async function ensureServerBuild(): Promise<void> {
  if (!serverBuildIsStale()) return;
  console.log('Building the server (missing or out of date)...');
  await buildServer();
}

/** Builds whatever part of dist/ is missing or older than its sources. */
export async function ensureBuild(): Promise<void> {
  ensureClientBuild();
  await ensureServerBuild();
}
