import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's directory: the nearest one above this module with a package.json. It holds from
 * the source (src/server/project-dir.ts) as from the build (dist/server/main.js), which is where
 * dist/client and dist/pglite-template are found.
 */
function findProjectDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

export const PROJECT_DIR = findProjectDir();
