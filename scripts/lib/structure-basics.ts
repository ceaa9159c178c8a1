import path from 'node:path';
import ts from 'typescript';

/**
 * What the structure checks share (scripts/check-structure.ts and the files beside this one): the
 * places of the tree they judge, a problem as they report it, and a file's imports.
 */

export const FEATURES_DIR = 'src/server/features/';
export const PUBLIC_ENTRY = 'service.ts';
export const CLIENT_FEATURES_DIR = 'src/client/features/';

export const SERVER_DIR = 'src/server/';
/** Helpers of the server's tests: they build scenes from any feature. */
export const SERVER_TEST_HELPERS = 'src/server/test/';

export interface Problem {
  kind:
    | 'internal-import'
    | 'layer-import'
    | 'infrastructure-import'
    | 'file-cycle'
    | 'feature-cycle'
    | 'feature-name'
    | 'sql-crossing'
    | 'sql-face'
    | 'doc-walk'
    | 'file-length';
  message: string;
}

/** The relative imports of one source file, resolved to repository paths. */
export function importsOf(file: string, source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  return info.importedFiles
    .map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
}


export const isTest = (file: string) => /\.test\.tsx?$/.test(file);
export const isSql = (file: string) => file.endsWith('.sql');

/** The folder of the feature a file belongs to (`src/server/features/bets`), or null outside the features. */
export function featureOf(file: string): string | null {
  for (const dir of [FEATURES_DIR, CLIENT_FEATURES_DIR]) {
    if (file.startsWith(dir)) return dir + file.slice(dir.length).split('/')[0]!;
  }
  return null;
}
