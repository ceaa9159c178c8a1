import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { ROOT } from './util.ts';

/**
 * Where the initial script's bytes come from: a second Vite build with source maps (in a
 * temporary folder, so dist/ stays as it was) whose generated code is attributed, mapping by
 * mapping, to the npm package or the source folder it came from, then gzipped per part.
 */

export interface BundlePart {
  part: string;
  bytes: number;
  /** Each part gzipped alone: the parts add up to a little more than the whole. */
  gzipBytes: number;
}

function partOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src).split('/').slice(0, 3).join('/') : source;
}

export function bundleBreakdown(entryFiles: string[], top = 15): BundlePart[] {
  const outDir = mkdtempSync(path.join(tmpdir(), 'betbro-bench-vite-'));
  try {
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the source-map build failed:\n${build.stderr}`);
    // The hashed names match dist/ when the sources are the same; the entry is matched by its stem.
    const built = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const stems = new Set(entryFiles.map((f) => path.basename(f).replace(/-[\w-]+\.js$/, '')));
    const texts = new Map<string, string>();
    for (const file of built.filter((f) => stems.has(f.replace(/-[\w-]+\.js$/, '')))) {
      const mapFile = path.join(outDir, 'assets', `${file}.map`);
      // The bundler's own runtime chunk has no sources to map: it is left out.
      if (!existsSync(mapFile)) continue;
      const code = readFileSync(path.join(outDir, 'assets', file), 'utf8');
      const map = JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap;
      const lines = code.split('\n');
      const consumer = new SourceMapConsumer(map);
      let previous: { line: number; column: number; source: string | null } | null = null;
      consumer.eachMapping((m) => {
        if (previous && previous.line === m.generatedLine) {
          const part = partOf(previous.source ?? '(unmapped)');
          const text = lines[previous.line - 1]!.slice(previous.column, m.generatedColumn);
          texts.set(part, (texts.get(part) ?? '') + text);
        }
        previous = { line: m.generatedLine, column: m.generatedColumn, source: m.source };
      });
    }
    return [...texts.entries()]
      .map(([part, text]) => ({ part, bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, top);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
