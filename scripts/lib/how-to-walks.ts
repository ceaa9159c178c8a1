import { SERVER_DIR, SERVER_TEST_HELPERS, importsOf, isSql, isTest, type Problem } from './structure-basics.ts';
import { sqlCode, sqlNamesUsed, sqlObjectsOf, sqlOfCode } from './sql-structure.ts';

/*
 * The walks of docs/how-to.md ("Follow a stake", ...): each is a numbered list of the server files a
 * request passes through, with its count in the section's first paragraph ("24 files"). The check
 * holds them to the same graph: the count is the list's length, every file exists, and each file
 * is reached from one listed before it, by an import or by SQL: a file naming a table, view or
 * function reaches the file that declares it, and a table reaches the files of its triggers.
 */

/** Every file's way to the files whose SQL it uses, and every table's to its triggers. */
function sqlFileGraph(sources: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const objects = sqlObjectsOf(sources);
  const graph = new Map<string, Set<string>>();
  const add = (from: string, to: string) => {
    if (from === to) return;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  };
  for (const [file, source] of sources) {
    if (!file.startsWith(SERVER_DIR) || file.startsWith(SERVER_TEST_HELPERS) || isTest(file)) continue;
    const code = isSql(file) ? sqlCode(source) : /\.tsx?$/.test(file) ? sqlOfCode(source) : '';
    for (const name of sqlNamesUsed(code, objects)) add(file, objects.get(name)!.file);
    if (isSql(file)) {
      for (const m of code.matchAll(/\bcreate\s+(?:or\s+replace\s+)?trigger\s+[a-z_][a-z0-9_]*\s+[^;]*?\bon\s+([a-z_][a-z0-9_]*)/gi)) {
        const table = objects.get(m[1]!.toLowerCase());
        if (table) add(table.file, file);
      }
    }
  }
  return graph;
}

export interface Walk {
  title: string;
  count: number | null;
  files: string[];
}

/** The walks of a how-to: each `### Follow ...` section, its count and its numbered files (paths from src/server/). */
export function walksOf(markdown: string): Walk[] {
  return markdown
    .split(/^### /m)
    .slice(1)
    .filter((section) => section.startsWith('Follow '))
    .map((section) => {
      const [title = '', ...rest] = section.split('\n');
      const text = rest.join('\n');
      const count = /\((\d+) files\b/.exec(text);
      const files = [...text.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => SERVER_DIR + m[1]!);
      return { title: title.trim(), count: count ? Number(count[1]) : null, files };
    });
}

/** What is wrong with the walks against the tree. */
export function walkProblems(walks: Walk[], sources: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  const sqlGraph = sqlFileGraph(sources);
  const next = (file: string): string[] => [
    ...(isSql(file) ? [] : importsOf(file, sources.get(file) ?? '').filter((target) => sources.has(target))),
    ...(sqlGraph.get(file) ?? []),
  ];
  for (const walk of walks) {
    const name = `docs/how-to.md, "${walk.title}"`;
    if (walk.count !== walk.files.length) {
      problems.push({ kind: 'doc-walk', message: `${name} says ${walk.count ?? 'no count of'} files and lists ${walk.files.length}` });
    }
    const reached = new Set<string>();
    const reach = (from: string) => {
      const queue = [from];
      while (queue.length > 0) {
        const file = queue.pop()!;
        for (const target of next(file)) {
          if (!reached.has(target)) {
            reached.add(target);
            queue.push(target);
          }
        }
      }
    };
    walk.files.forEach((file, i) => {
      if (!sources.has(file)) {
        problems.push({ kind: 'doc-walk', message: `${name} lists ${file}, which does not exist` });
      } else if (i > 0 && !reached.has(file)) {
        problems.push({ kind: 'doc-walk', message: `${name} lists ${file}, which no file listed before it reaches by an import or by SQL` });
      }
      reached.add(file);
      if (sources.has(file)) reach(file);
    });
  }
  return problems;
}
