import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * What the server loads before it listens: the packages its entry reaches through static imports
 * (an `import()` inside a function is loaded when first called, a type import never). A package
 * only some requests or settings need is imported where it is first used, so an idle server does
 * not hold it (docs/startup-and-memory.md).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY = 'src/server/main.ts';

function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function packagesLoadedAtStart(): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [ENTRY];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  }
  return packages;
}

describe('the server at start-up', () => {
  const packages = packagesLoadedAtStart();

  it('reaches the packages every server needs', () => {
    expect(packages).toContain('fastify');
    expect(packages).toContain('drizzle-orm');
  });

  it.each([
    ['nodemailer', 'only with SMTP_URL, at the first mail sent'],
    ['@electric-sql/pglite', 'only on the embedded database, when it opens'],
    ['satori', "the link cards' renderer, in a process of its own"],
    ['@resvg/resvg-js', "the link cards' renderer, in a process of its own"],
    ['qrcode', 'at the first code asked for'],
  ])('does not load %s (%s)', (name) => {
    expect([...packages].filter((p) => p === name || p.startsWith(`${name}/`))).toEqual([]);
  });
});
