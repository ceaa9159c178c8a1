import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { LANDING_DIR, landingFile } from '../../src/shared/landing-pages.ts';
import type { Welcome } from '../../src/shared/schemas/auth.ts';
import { ROOT } from './build.ts';

/**
 * The landing page's HTML in every language and for every answer of GET /api/auth/welcome, in
 * dist/client/.landing (not served as files: the server puts one in a signed-out visitor's page,
 * docs/decisions/040-landing-page-in-the-page.md). The client's own LandingPage draws it, built
 * for Node by Vite (the catalogues are Vite modules) into a folder removed afterwards. Run after
 * the client build (build.ts, buildClient).
 */
export async function writeLandingPages(clientDir = path.join(ROOT, 'dist/client')): Promise<number> {
  const outDir = path.join(ROOT, 'dist/landing-build');
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(ROOT, 'src/client/app/landing-markup.tsx'),
      outDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
    },
  });
  try {
    const { LOCALES, landingMarkup } = (await import(pathToFileURL(path.join(outDir, 'landing-markup.js')).href)) as {
      LOCALES: readonly string[];
      landingMarkup: (locale: string, welcome: Welcome) => Promise<string>;
    };
    const dir = path.join(clientDir, LANDING_DIR);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    let written = 0;
    for (const locale of LOCALES) {
      for (const builtInProvider of [true, false]) {
        for (const openSignup of [true, false]) {
          for (const firstRun of [true, false]) {
            const welcome = { builtInProvider, openSignup, firstRun };
            writeFileSync(path.join(dir, landingFile(locale, welcome)), await landingMarkup(locale, welcome));
            written += 1;
          }
        }
      }
    }
    return written;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await writeLandingPages();
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
