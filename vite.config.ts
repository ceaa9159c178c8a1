import { defineConfig, type Plugin } from 'vite';
import { catalogues } from './scripts/lib/vite-catalogues.ts';
import { compileHints } from './scripts/lib/compile-hints.ts';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const serverPort = Number(process.env.PORT ?? 3000);
const backend = `http://localhost:${serverPort}`;

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a `.br` and a `.gz` beside every text asset of the build, compressed once at the highest
 * levels, for the server to send as they are (@fastify/static's `preCompressed`) instead of
 * compressing on every request. A sibling that would not be smaller is not written; the server
 * then sends the file itself.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'betbro:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Also called after a failed build, which may have written nothing.
      if (!existsSync(outDir)) return;
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        // Not the build manifest (.vite/): the server reads it, no browser does.
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes(`${path.sep}.vite`))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

type ModuleGraph = { getModuleInfo(id: string): { importers: string[]; dynamicImporters: string[] } | null };

const RECHARTS = /node_modules[\\/]recharts[\\/]/;

/**
 * Chunks. Left alone, the bundler makes a chunk for every different set of lazy screens that
 * shares a module: dozens of sub-kilobyte files (each icon, each API hook), each one more request
 * before a phone can draw its first screen, six at a time over HTTP/1.1. Instead:
 * - `boot`: everything the first page load needs (it ends up in the entry chunk);
 * - `shared`: whatever two or more lazy chunks use (the ui kit, the features' API hooks, Radix, the
 *   icons), in one chunk, except what only the charts need: that stays with Recharts, so that only
 *   the screens that draw charts download it;
 * - the rest as the bundler splits it: one chunk per screen, the mobile shell, Recharts.
 */
function chunkGroups() {
  const chartsOnly = new Map<string, boolean>();
  // Recharts and the dependencies that nothing else imports.
  const isChartsOnly = (root: string, graph: ModuleGraph): boolean => {
    const known = chartsOnly.get(root);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    const only = (id: string): boolean => {
      if (RECHARTS.test(id)) return true;
      if (!id.includes('node_modules')) return false;
      if (seen.has(id)) return true; // a cycle: decided by its other importers
      seen.add(id);
      const info = graph.getModuleInfo(id);
      const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
      return importers.length > 0 && importers.every(only);
    };
    const result = only(root);
    chartsOnly.set(root, result);
    return result;
  };
  return [
    { name: 'boot', tags: ['$initial' as const], priority: 2 },
    {
      name: (id: string, graph: ModuleGraph) => (isChartsOnly(id, graph) ? null : 'shared'),
      debugName: 'shared',
      minShareCount: 2,
      priority: 1,
    },
  ];
}

export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [react(), tailwindcss(), catalogues(), compileHints(), precompress()],
  resolve: {
    // The catalogues arrive parsed (catalogues() above): the browser's intl-messageformat never parses.
    alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each module became, for the server's first-screen hints
    // (src/server/plugins/spa.ts). Read by the server, never served.
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: chunkGroups() } },
    },
  },
  server: {
    port: 5173,
    // In development Vite serves the client and hands everything else to the API server.
    proxy: {
      '/api': backend,
      '/oidc': backend,
      '/interaction': backend,
      '/healthz': backend,
      '/readyz': backend,
      '/ws': { target: backend.replace('http', 'ws'), ws: true },
    },
  },
});
