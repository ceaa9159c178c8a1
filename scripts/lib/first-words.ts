import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The words the first script says (docs/decisions/035-languages.md, "The first words"): the
 * catalogue keys written in the modules `src/client/main.tsx` imports without waiting (its static
 * imports, and theirs), which draw the landing page, the loaders, the 404 page and the error
 * screen. The build gives the browser these keys as a catalogue part of their own (vite.config.ts,
 * `?first`), so a signed-out visitor's first screen waits for a few kilobytes of words, not for
 * all of them; every screen that loads later waits for the rest (lazy-screen.ts).
 *
 * A key counts when it is written whole as a string in such a module (`t('auth.landing.signIn')`,
 * a map of keys): the catalogues' keys are never assembled from pieces. The `said.*` keys, the
 * server's and the shared rules' sentences that `said()` looks up by their English, are all first
 * words: an error toast may say any of them on any screen.
 */

export const CLIENT_ENTRY = path.join(import.meta.dirname, '../../src/client/main.tsx');

/** The namespaces every first screen may say, whoever wrote the sentence. */
export const FIRST_NAMESPACES = ['said.'];

/** Each source file `entry` imports without waiting, itself included, parsed: relative TypeScript imports, not `import()`. */
function firstSources(entry: string): Map<string, ts.SourceFile> {
  const sources = new Map<string, ts.SourceFile>();
  const visit = (file: string) => {
    if (sources.has(file)) return;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    sources.set(file, source);
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) || (ts.isExportDeclaration(statement) && !statement.isTypeOnly)
          ? statement.moduleSpecifier
          : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const target = specifier.text;
      if (target.startsWith('.') && /\.tsx?$/.test(target)) visit(path.resolve(path.dirname(file), target));
    }
  };
  visit(entry);
  return sources;
}

/** The source files `entry` imports without waiting, itself included. */
export const firstModules = (entry = CLIENT_ENTRY): string[] => [...firstSources(entry).keys()];

/** Every string written in `source` (literals and templates without a substitution). */
function stringsIn(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Which of `keys` the first script says: written in its modules, or in a first namespace. */
export function firstWords(keys: Iterable<string>, entry = CLIENT_ENTRY): Set<string> {
  const all = new Set(keys);
  const first = new Set<string>();
  for (const key of all) if (FIRST_NAMESPACES.some((namespace) => key.startsWith(namespace))) first.add(key);
  for (const source of firstSources(entry).values()) for (const text of stringsIn(source)) if (all.has(text)) first.add(text);
  return first;
}
