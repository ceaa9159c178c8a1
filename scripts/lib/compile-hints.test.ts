import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

/** Where `needle` is in `code`: 1-based line, 0-based column, as source maps count. */
function positionOf(code: string, needle: string): { line: number; column: number } {
  const index = code.indexOf(needle);
  expect(index).toBeGreaterThanOrEqual(0);
  const before = code.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') - 1 };
}

describe('compile hints', () => {
  let dir = '';
  let files: { name: string; code: string }[] = [];

  beforeAll(async () => {
    // A small client as the build sees one: an entry that loads a screen later (a chunk of its own).
    dir = await mkdtemp(path.join(tmpdir(), 'betbro-compile-hints-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.js"></script>');
    await writeFile(path.join(dir, 'main.js'), "export function start() {\n  return import('./screen.js').then((m) => m.draw());\n}\nstart();\n");
    // Its styles make the entry list the screen's dependencies on its first line (__vite__mapDeps).
    await writeFile(path.join(dir, 'screen.css'), 'h1 { color: teal; }\n');
    await writeFile(path.join(dir, 'screen.js'), "import './screen.css';\nexport function draw() {\n  document.title = 'drawn by the screen';\n}\n");
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      plugins: [compileHints()],
      build: { outDir: path.join(dir, 'dist'), sourcemap: true, minify: false },
    });
    const assets = path.join(dir, 'dist', 'assets');
    files = await Promise.all(
      (await readdir(assets)).filter((f) => f.endsWith('.js')).map(async (name) => ({ name, code: await readFile(path.join(assets, name), 'utf8') })),
    );
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('start every chunk, the entry with its list of dependencies included', () => {
    expect(files.length).toBe(2);
    for (const { code } of files) expect(code.startsWith(COMPILE_HINT)).toBe(true);
    const entry = files.find(({ code }) => code.includes('__vite__mapDeps'));
    expect(entry?.code.split('\n')[1]).toMatch(/^const __vite__mapDeps=/);
  });

  it('keep each source map pointing at the code it maps', async () => {
    const screen = files.find(({ code }) => code.includes('drawn by the screen'))!;
    const map = new TraceMap(await readFile(path.join(dir, 'dist', 'assets', `${screen.name}.map`), 'utf8'));
    const original = originalPositionFor(map, positionOf(screen.code, 'drawn by the screen'));
    expect(original.source).toMatch(/screen\.js$/);
    expect(original.line).toBe(3);
  });
});
