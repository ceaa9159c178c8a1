import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import rules that ESLint cannot state, run by `npm run lint`:
 *
 * 1. A server feature (a folder under src/server/features) imports `src/shared`, the server's
 *    infrastructure (db, plugins, errors, config), its own folder, and another feature only
 *    through that feature's public entry, its `service.ts`.
 * 2. No import cycle between files, and none between server feature folders.
 *
 * Type-only imports count: a cycle through types is still a cycle a reader has to untangle. A test
 * file follows the entry rule too, but does not make a feature depend on another: nothing imports
 * a test, so the feature graph is drawn from the code the app runs.
 */

export const FEATURES_DIR = 'src/server/features/';
export const PUBLIC_ENTRY = 'service.ts';

export interface Problem {
  kind: 'internal-import' | 'file-cycle' | 'feature-cycle';
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

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

export const featureOf = (file: string): string | null =>
  file.startsWith(FEATURES_DIR) ? file.slice(FEATURES_DIR.length).split('/')[0]! : null;

/** Every elementary cycle is not needed: one cycle per strongly connected component names the problem. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;

  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = graph.get(node)?.has(node) ?? false;
      if (component.length > 1 || selfLoop) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);

  // Name one concrete loop through each component, so the message is a path a reader can follow.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...members].sort()[0]!;
    const loop = [start];
    const seen = new Set([start]);
    let at = start;
    for (;;) {
      const next = [...(graph.get(at) ?? [])].filter((n) => members.has(n)).sort();
      const back = next.find((n) => n === start);
      const forward = next.find((n) => !seen.has(n));
      if (back !== undefined && (forward === undefined || loop.length > 1)) break;
      if (forward === undefined) break;
      loop.push(forward);
      seen.add(forward);
      at = forward;
    }
    return [...loop, start];
  });
}

export function checkStructure(sources: ReadonlyMap<string, string>): Problem[] {
  const problems: Problem[] = [];
  const fileGraph = new Map<string, Set<string>>();
  const featureGraph = new Map<string, Set<string>>();

  for (const [file, source] of sources) {
    const targets = importsOf(file, source).filter((target) => sources.has(target));
    fileGraph.set(file, new Set(targets));
    const from = featureOf(file);
    if (from === null) continue;
    if (!featureGraph.has(from)) featureGraph.set(from, new Set());
    for (const target of targets) {
      const to = featureOf(target);
      if (to === null || to === from) continue;
      if (!isTest(file)) featureGraph.get(from)!.add(to);
      if (path.posix.basename(target) !== PUBLIC_ENTRY || path.posix.dirname(target) !== `${FEATURES_DIR}${to}`) {
        problems.push({
          kind: 'internal-import',
          message: `${file} imports ${target}: another feature is reached through its ${FEATURES_DIR}${to}/${PUBLIC_ENTRY}`,
        });
      }
    }
  }
  for (const feature of featureGraph.keys()) featureGraph.get(feature)!.forEach((to) => featureGraph.has(to) || featureGraph.set(to, new Set()));

  for (const loop of cyclesOf(fileGraph)) {
    problems.push({ kind: 'file-cycle', message: `import cycle: ${loop.join(' -> ')}` });
  }
  for (const loop of cyclesOf(featureGraph)) {
    problems.push({ kind: 'feature-cycle', message: `feature cycle: ${loop.join(' -> ')}` });
  }
  return problems;
}

export function trackedSources(root: string): Map<string, string> {
  const listed = ts.sys
    .readDirectory(path.join(root, 'src'), ['.ts', '.tsx'], undefined, undefined)
    .concat(ts.sys.readDirectory(path.join(root, 'scripts'), ['.ts'], undefined, undefined));
  return new Map(
    listed.map((absolute) => {
      const file = path.relative(root, absolute).split(path.sep).join('/');
      return [file, readFileSync(absolute, 'utf8')] as const;
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const sources = trackedSources(root);
  const problems = checkStructure(sources);
  for (const problem of problems) console.error(`${problem.kind}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} structure problem(s) in ${sources.size} files`);
    process.exit(1);
  }
  console.log(`structure: ${sources.size} files, features reached through their ${PUBLIC_ENTRY}, no import cycle`);
}
