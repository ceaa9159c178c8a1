import type { Plugin, Rollup } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later): a script whose first line is this comment has
 * all its functions compiled while it streams in, on a background thread, instead of each one on
 * the main thread at its first call. Every chunk of the client holds code that its screen runs
 * as it draws, so every chunk starts with it; other browsers read a comment.
 * Why and what it earns: docs/decisions/038-code-compiled-as-it-arrives.md.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Puts COMPILE_HINT on top of every chunk of `bundle`, moving a source map's lines down with the code. */
export function addCompileHints(bundle: Rollup.OutputBundle): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    chunk.code = COMPILE_HINT + chunk.code;
    // A source map (`vite build --sourcemap`) is its own file by now: one more line on top is one more `;`.
    const map = bundle[`${chunk.fileName}.map`];
    if (map?.type === 'asset') {
      const json = JSON.parse(String(map.source)) as { mappings: string };
      map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
    }
  }
}

export function compileHints(): Plugin {
  return {
    name: 'betbro:compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite has put its own first line (the list of each chunk's dependencies) on top of the entry.
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
      },
    },
  };
}
