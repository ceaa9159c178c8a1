import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { MAX_LINES, lengthProblems } from './lib/file-length.ts';
import { walkProblems, walksOf } from './lib/how-to-walks.ts';
import { KEPT_SQL_CROSSINGS, sqlProblems } from './lib/sql-structure.ts';
import {
  CLIENT_FEATURES_DIR,
  FEATURES_DIR,
  PUBLIC_ENTRY,
  SERVER_DIR,
  SERVER_TEST_HELPERS,
  featureOf,
  importsOf,
  isSql,
  isTest,
  type Problem,
} from './lib/structure-basics.ts';

/**
 * The structure rules run by `npm run lint` after ESLint: the imports and layers it cannot state
 * (docs/decisions/024-feature-boundaries.md), the SQL, the how-to's walks and the files' length:
 *
 * 1. A server feature (a folder under src/server/features) imports `src/shared`, the server's
 *    infrastructure, its own folder, and another feature only through that feature's public
 *    entry, its `service.ts`.
 * 2. The server's infrastructure (every file under src/server outside the features, the test
 *    helpers and the assemblers: db, plugins, security, the built-in provider in oidc, config,
 *    errors...) is the ground floor: it imports no feature at all. What it needs of one (a
 *    session loader, the mail a new account gets) is handed to it as a parameter by an
 *    assembler. The assemblers (`app.ts`, `main.ts`, `schema.ts`, `backfills.ts`) sit above the
 *    features and gather them; the features reach the provider only through its
 *    `oidc/provider.ts`, and `schema.ts` may re-export any `tables.ts`.
 * 3. A client feature (a folder under src/client/features) reaches another only through the files
 *    at that feature's top level (its `api.ts`, and the components other features compose); its
 *    subfolders are its own.
 * 4. Client layers: `app/` and `mobile/` (the two frames and the screen catalogue) sit above the
 *    features and may compose any of their screens; nothing in a feature, `lib/` or `components/`
 *    imports them. `lib/` and `components/` sit below the features and import none.
 * 5. No import cycle between files, none between server feature folders, and none between
 *    client feature folders.
 * 6. One name per feature: a client feature folder that names the same thing as a server feature
 *    folder in another form (`profile` beside `profiles`, `activity` beside `activities`) takes
 *    the server's name.
 * 7. SQL in plain sight. Every table (declared in a `tables.ts`), view, function and trigger (made
 *    in a `.sql` file) belongs to the feature, or infrastructure folder, that declares it. A
 *    feature's SQL (its `.sql` files, and the text of the `sql` templates and raw queries in its
 *    code) names its own objects, and of another feature only what that feature offers at the top
 *    of one of its `.sql` files, on `-- Public:` lines (functions and views): never another
 *    feature's table. A table object imported from another feature's `service.ts` and written into
 *    a template (`${bets}`) is an import, and counts as one. Each use of another feature's public
 *    SQL is an edge between the two features in the cycle check, as an import is
 *    (scripts/lib/sql-structure.ts).
 * 8. The walks of docs/how-to.md agree with the code: each one's count is its list's length, and
 *    each file it lists is reached from one listed before it (scripts/lib/how-to-walks.ts).
 * 9. No source file over 400 lines (MAX_LINES), in src/ and scripts/ alike: a longer one holds
 *    more than one idea. Tests and migrations aside (scripts/lib/file-length.ts).
 *
 * Type-only imports count: a cycle through types is still a cycle a reader has to untangle. A test
 * file follows the entry and layer rules too, but does not make a feature depend on another:
 * nothing imports a test, so the feature graph is drawn from the code the app runs; for the same
 * reason a test of the infrastructure may use a feature (through its entry) to build its scene.
 */

/** Above the features: they gather them, and nothing but main.ts and the tests imports them. */
const ASSEMBLERS = ['app.ts', 'main.ts', 'schema.ts', 'backfills.ts'].map((file) => SERVER_DIR + file);
const SCHEMA = 'src/server/schema.ts';
/** Infrastructure folders reached from outside through one file. */
const INFRASTRUCTURE_ENTRIES: Record<string, string> = { 'src/server/oidc/': 'provider.ts' };

/** Whether a file is the server's ground floor: it serves every feature, so it imports none. */
export function isInfrastructure(file: string): boolean {
  return (
    file.startsWith(SERVER_DIR) &&
    !file.startsWith(FEATURES_DIR) &&
    !file.startsWith(SERVER_TEST_HELPERS) &&
    !ASSEMBLERS.includes(file)
  );
}

/** The client's frames and screen catalogue: the only code above the features. */
const CLIENT_SHELL = ['src/client/app/', 'src/client/mobile/'];
/** Shared client code: below the features. */
const CLIENT_SHARED = ['src/client/lib/', 'src/client/components/'];

const under = (file: string, dirs: string[]) => dirs.some((dir) => file.startsWith(dir));

/** Whether `target`, a file of the feature in `feature`, is one that other code may import. */
function isPublic(target: string, feature: string): boolean {
  if (feature.startsWith(CLIENT_FEATURES_DIR)) return path.posix.dirname(target) === feature;
  return target === `${feature}/${PUBLIC_ENTRY}`;
}

const entryOf = (feature: string) =>
  feature.startsWith(CLIENT_FEATURES_DIR) ? `the files at the top of ${feature}/` : `its ${feature}/${PUBLIC_ENTRY}`;

/** What is wrong with `file` importing `target`, or null when the import is allowed. */
function importProblem(file: string, target: string): Problem | null {
  const from = featureOf(file);
  const to = featureOf(target);
  if (under(target, CLIENT_SHELL) && (from !== null || under(file, CLIENT_SHARED))) {
    return {
      kind: 'layer-import',
      message: `${file} imports ${target}: app/ and mobile/ sit above the features, lib/ and components/, which never import them (what they share belongs in lib/)`,
    };
  }
  if (ASSEMBLERS.includes(target) && !isTest(file) && (from !== null || isInfrastructure(file))) {
    return {
      kind: 'layer-import',
      message: `${file} imports ${target}: the assemblers (app.ts, schema.ts, backfills.ts) sit above the features and the infrastructure, which never import them`,
    };
  }
  if (to === null) return entryProblem(file, target);
  if (to === from) return null;
  if (to.startsWith(CLIENT_FEATURES_DIR) && under(file, CLIENT_SHARED)) {
    return {
      kind: 'layer-import',
      message: `${file} imports ${target}: lib/ and components/ sit below the features and import none`,
    };
  }
  if (file === SCHEMA && path.posix.basename(target) === 'tables.ts') return null;
  if (from !== null && !isPublic(target, to)) {
    return { kind: 'internal-import', message: `${file} imports ${target}: another feature is reached through ${entryOf(to)}` };
  }
  if (isInfrastructure(file) && !isTest(file)) {
    return {
      kind: 'infrastructure-import',
      message: `${file} imports ${target}: the infrastructure imports no feature; what it needs of ${to} is handed to it by an assembler (app.ts)`,
    };
  }
  if (isInfrastructure(file) && !isPublic(target, to)) {
    return { kind: 'internal-import', message: `${file} imports ${target}: a test of the infrastructure reaches a feature through ${entryOf(to)}` };
  }
  return null;
}

/** What is wrong with `file` importing `target` inside an infrastructure folder with one entry, or null. */
function entryProblem(file: string, target: string): Problem | null {
  for (const [dir, entry] of Object.entries(INFRASTRUCTURE_ENTRIES)) {
    if (!target.startsWith(dir) || file.startsWith(dir) || target === dir + entry) continue;
    if (file === SCHEMA && path.posix.basename(target) === 'tables.ts') continue;
    return { kind: 'internal-import', message: `${file} imports ${target}: ${dir} is reached through its ${dir}${entry}` };
  }
  return null;
}

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

/** A folder name in one form, singular: `activities` and `activity` both read `activity`. */
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');

/** Client feature folders named as a server feature in another form. */
function namingProblems(features: string[]): Problem[] {
  const named = (dir: string) => features.filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length));
  const server = named(FEATURES_DIR);
  return named(CLIENT_FEATURES_DIR).flatMap((client) => {
    const twin = server.find((name) => name !== client && singular(name) === singular(client));
    return twin === undefined
      ? []
      : [{ kind: 'feature-name' as const, message: `${CLIENT_FEATURES_DIR}${client} names the server's ${FEATURES_DIR}${twin}: call it ${twin}` }];
  });
}



/** The problems of a tree; `kept` lists the SQL crossings it may still have (KEPT_SQL_CROSSINGS for this repository). */
export function checkStructure(sources: ReadonlyMap<string, string>, kept: Readonly<Record<string, string>> = {}): Problem[] {
  const problems: Problem[] = [];
  const fileGraph = new Map<string, Set<string>>();
  const featureGraph = new Map<string, Set<string>>();

  for (const [file, source] of sources) {
    if (isSql(file)) continue;
    const targets = importsOf(file, source).filter((target) => sources.has(target));
    fileGraph.set(file, new Set(targets));
    const from = featureOf(file);
    if (from !== null && !featureGraph.has(from)) featureGraph.set(from, new Set());
    for (const target of targets) {
      const problem = importProblem(file, target);
      if (problem) problems.push(problem);
      const to = featureOf(target);
      if (from !== null && to !== null && to !== from && !isTest(file)) featureGraph.get(from)!.add(to);
    }
  }
  const sql = sqlProblems(sources, kept);
  problems.push(...sql.problems);
  for (const [from, to] of sql.edges) {
    if (!featureGraph.has(from)) featureGraph.set(from, new Set());
    featureGraph.get(from)!.add(to);
  }
  for (const feature of featureGraph.keys()) featureGraph.get(feature)!.forEach((to) => featureGraph.has(to) || featureGraph.set(to, new Set()));

  problems.push(...namingProblems([...featureGraph.keys()]));
  for (const loop of cyclesOf(fileGraph)) {
    problems.push({ kind: 'file-cycle', message: `import cycle: ${loop.join(' -> ')}` });
  }
  for (const loop of cyclesOf(featureGraph)) {
    problems.push({ kind: 'feature-cycle', message: `feature cycle: ${loop.join(' -> ')}` });
  }
  problems.push(...lengthProblems(sources));
  return problems;
}

export function trackedSources(root: string): Map<string, string> {
  const listed = ts.sys
    .readDirectory(path.join(root, 'src'), ['.ts', '.tsx'], undefined, undefined)
    .concat(ts.sys.readDirectory(path.join(root, 'src/server'), ['.sql'], undefined, undefined).filter((file) => !file.includes('/migrations/')))
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
  const problems = [
    ...checkStructure(sources, KEPT_SQL_CROSSINGS),
    ...walkProblems(walksOf(readFileSync(path.join(root, 'docs/how-to.md'), 'utf8')), sources),
  ];
  for (const problem of problems) console.error(`${problem.kind}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} structure problem(s) in ${sources.size} files`);
    process.exit(1);
  }
  console.log(
    `structure: ${sources.size} files, features reached through their public files, layers kept, SQL through public faces, no import cycle, none over ${MAX_LINES} lines`,
  );
}
