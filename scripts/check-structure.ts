import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import rules that ESLint cannot state, run by `npm run lint`
 * (docs/decisions/024-feature-boundaries.md):
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
 *    SQL is an edge between the two features in the cycle check, as an import is.
 *
 * Type-only imports count: a cycle through types is still a cycle a reader has to untangle. A test
 * file follows the entry and layer rules too, but does not make a feature depend on another:
 * nothing imports a test, so the feature graph is drawn from the code the app runs; for the same
 * reason a test of the infrastructure may use a feature (through its entry) to build its scene.
 */

export const FEATURES_DIR = 'src/server/features/';
export const PUBLIC_ENTRY = 'service.ts';
export const CLIENT_FEATURES_DIR = 'src/client/features/';

const SERVER_DIR = 'src/server/';
/** Above the features: they gather them, and nothing but main.ts and the tests imports them. */
const ASSEMBLERS = ['app.ts', 'main.ts', 'schema.ts', 'backfills.ts'].map((file) => SERVER_DIR + file);
const SCHEMA = 'src/server/schema.ts';
/** Helpers of the server's tests: they build scenes from any feature. */
const SERVER_TEST_HELPERS = 'src/server/test/';
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
    | 'doc-walk';
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
const under = (file: string, dirs: string[]) => dirs.some((dir) => file.startsWith(dir));

/** The folder of the feature a file belongs to (`src/server/features/bets`), or null outside the features. */
export function featureOf(file: string): string | null {
  for (const dir of [FEATURES_DIR, CLIENT_FEATURES_DIR]) {
    if (file.startsWith(dir)) return dir + file.slice(dir.length).split('/')[0]!;
  }
  return null;
}

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


/*
 * SQL. The objects are found by their declarations, the uses by where a name stands: after FROM,
 * JOIN, INTO, UPDATE, ON (a trigger's table) or TABLE for a table or a view, before an opening
 * parenthesis for a function. Comments and quoted strings are left out.
 */

type SqlKind = 'table' | 'view' | 'function' | 'trigger';

interface SqlObject {
  kind: SqlKind;
  /** The feature folder (`src/server/features/bets`) or the infrastructure folder that declares it. */
  owner: string;
  file: string;
}

/** The folder that owns what a file declares: its feature, or its top folder under src/server. */
function ownerOf(file: string): string {
  const feature = featureOf(file);
  if (feature !== null) return feature;
  const rest = file.slice(SERVER_DIR.length).split('/');
  return rest.length > 1 ? SERVER_DIR + rest[0] : file;
}

const isSql = (file: string) => file.endsWith('.sql');

/** SQL text without its comments and quoted strings (a dollar-quoted body stays: it is code). */
export function sqlCode(text: string): string {
  return text.replace(/--[^\n]*/g, ' ').replace(/'(?:[^']|'')*'/g, "''");
}

/** The text of the SQL a TypeScript file writes: its `sql` templates (without what is interpolated) and raw queries. */
export function sqlOfCode(source: string): string {
  const parts: string[] = [];
  for (const start of source.matchAll(/\bsql(?:<[^`;]*?>)?`/g)) {
    let i = start.index + start[0].length;
    let text = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += ' ';
        i += 2;
      } else if (source.startsWith('${', i)) {
        // Skip the interpolation; a template inside it is found on its own.
        let depth = 0;
        for (; i < source.length; i += 1) {
          if (source[i] === '{') depth += 1;
          else if (source[i] === '}' && --depth === 0) break;
          else if (source[i] === '`') {
            i += 1;
            while (i < source.length && source[i] !== '`') i += source[i] === '\\' ? 2 : 1;
          }
        }
        text += ' ';
        i += 1;
      } else {
        text += source[i];
        i += 1;
      }
    }
    parts.push(text);
  }
  for (const raw of source.matchAll(/\b(?:sql\.raw|query)\(\s*(?:'((?:[^'\\]|\\.)*)'|`([^`$]*)`)/g)) parts.push(raw[1] ?? raw[2] ?? '');
  return sqlCode(parts.join('\n'));
}

/** Every table, view, function and trigger, by name, with who declares it. */
export function sqlObjectsOf(sources: ReadonlyMap<string, string>): Map<string, SqlObject> {
  const objects = new Map<string, SqlObject>();
  for (const [file, source] of sources) {
    if (!file.startsWith(SERVER_DIR) || file.startsWith(SERVER_TEST_HELPERS) || isTest(file)) continue;
    if (isSql(file)) {
      for (const m of sqlCode(source).matchAll(/\bcreate\s+(?:or\s+replace\s+)?(view|function|trigger)\s+([a-z_][a-z0-9_]*)/gi)) {
        objects.set(m[2]!.toLowerCase(), { kind: m[1]!.toLowerCase() as SqlKind, owner: ownerOf(file), file });
      }
    } else if (path.posix.basename(file) === 'tables.ts' || !file.startsWith(FEATURES_DIR)) {
      for (const m of source.matchAll(/\bpgTable\(\s*'([a-z_][a-z0-9_]*)'/g)) objects.set(m[1]!, { kind: 'table', owner: ownerOf(file), file });
    }
  }
  return objects;
}

/** What a feature's `.sql` files offer others: the names on `-- Public:` lines before the file's first statement. */
export function sqlFacesOf(sources: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const faces = new Map<string, Set<string>>();
  for (const [file, source] of sources) {
    if (!isSql(file) || !file.startsWith(SERVER_DIR) || file.startsWith(SERVER_TEST_HELPERS)) continue;
    const face = faces.get(ownerOf(file)) ?? new Set<string>();
    for (const line of source.split('\n')) {
      if (!line.startsWith('--')) break;
      const listed = /^--\s*Public:\s*(.*)$/i.exec(line);
      if (listed) for (const name of listed[1]!.split(/[\s,]+/).filter(Boolean)) face.add(name.replace(/[.;]$/, ''));
    }
    faces.set(ownerOf(file), face);
  }
  return faces;
}

/** The objects of other owners that a piece of SQL names, each once. */
function sqlNamesUsed(code: string, objects: ReadonlyMap<string, SqlObject>): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/\b(?:from|join|into|update|on|table)\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi)) {
    const name = m[1]!.toLowerCase();
    const object = objects.get(name);
    if (object && object.kind !== 'function' && object.kind !== 'trigger') names.add(name);
  }
  for (const m of code.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/gi)) {
    const name = m[1]!.toLowerCase();
    if (objects.get(name)?.kind === 'function') names.add(name);
  }
  return [...names];
}

// Why each crossing below is still there, and what takes it away.
const FEED_WHY =
  'The activity feed words its lines with their bets and players and asks who sees each bet, while the bets write those lines: its reader belongs above bets and its store below, and until they part it reads their rows.';
const PLAYERS_WHY =
  "The users feature offers no SQL face yet: a player's name, role and standing are read from its rows.";
const STAKE_WRITES_WHY =
  'A stake writes its feed line in the statement that places it (decision 015), and the activities feature offers no set-based writer yet.';
const FIGURES_WHY =
  'The player figures and platform totals are a read model kept by triggers on the stakes, bets and players they count (decision 017): each trigger reads the rows it follows.';
const MAIL_WHY =
  'Instant notification mails are queued by a trigger on the notifications (decision 026): a trigger names the table it follows.';
const INBOX_WHY =
  "Notifications are written by the bets and the crews, and read with the bets' visibility and the crews' membership: the reader belongs above bets and crews and the store below, and until they part these uses would close a loop.";
const AUDIT_WHY =
  "The ledger audit checks balances against the open bets' pools: it belongs above wallet and bets.";
const BALANCES_WHY =
  'Balances are a column of users, written only by move_money (decision 023).';

/**
 * Crossings the tree still has, each with what keeps it: they are reported by no run, but join no
 * cycle check either, and one that is gone must leave this list, so that it only shrinks.
 * Keyed `file: name`.
 */
export const KEPT_SQL_CROSSINGS: Record<string, string> = {
  'src/server/features/activities/service.ts: creators_seen': FEED_WHY,
  'src/server/features/activities/service.ts: bet_viewers': FEED_WHY,
  'src/server/features/activities/service.ts: users': FEED_WHY,
  'src/server/features/activities/service.ts: bets': FEED_WHY,
  'src/server/features/activities/service.ts: bet_options': FEED_WHY,
  'src/server/features/bets/bet-detail.sql: users': PLAYERS_WHY,
  'src/server/features/bets/jury.sql: users': PLAYERS_WHY,
  'src/server/features/bets/stake.sql: users': PLAYERS_WHY,
  'src/server/features/bets/visibility.sql: users': PLAYERS_WHY,
  'src/server/features/bets/stake.sql: activities': STAKE_WRITES_WHY,
  'src/server/features/figures/figures.sql: stakes': FIGURES_WHY,
  'src/server/features/figures/figures.sql: bets': FIGURES_WHY,
  'src/server/features/figures/figures.sql: users': FIGURES_WHY,
  'src/server/features/figures/figures.sql: user_preferences': FIGURES_WHY,
  'src/server/features/figures/rebuild-figures.sql: stakes': FIGURES_WHY,
  'src/server/features/mail/notification-mail.sql: notifications': MAIL_WHY,
  'src/server/features/notifications/service.ts: bet_viewers': INBOX_WHY,
  'src/server/features/notifications/service.ts: crew_member_of': INBOX_WHY,
  'src/server/features/wallet/audit.ts: users': AUDIT_WHY,
  'src/server/features/wallet/audit.ts: bets': AUDIT_WHY,
  'src/server/features/wallet/money.sql: users': BALANCES_WHY,
};

/** The SQL problems, and the edges between features that the public faces' uses draw. */
function sqlProblems(
  sources: ReadonlyMap<string, string>,
  kept: Readonly<Record<string, string>>,
): { problems: Problem[]; edges: [string, string][] } {
  const objects = sqlObjectsOf(sources);
  const faces = sqlFacesOf(sources);
  const problems: Problem[] = [];
  const edges: [string, string][] = [];
  const keptSeen = new Set<string>();

  for (const [owner, face] of faces) {
    for (const name of face) {
      const object = objects.get(name);
      if (!object || object.owner !== owner || (object.kind !== 'function' && object.kind !== 'view')) {
        problems.push({ kind: 'sql-face', message: `${owner} offers ${name} on a -- Public: line, but declares no function or view of that name` });
      }
    }
  }

  for (const [file, source] of sources) {
    const from = featureOf(file);
    if (from === null || !from.startsWith(FEATURES_DIR) || isTest(file)) continue;
    const code = isSql(file) ? sqlCode(source) : /\.tsx?$/.test(file) ? sqlOfCode(source) : '';
    for (const name of sqlNamesUsed(code, objects)) {
      const object = objects.get(name)!;
      if (object.owner === from) continue;
      const key = `${file}: ${name}`;
      if (key in kept) {
        keptSeen.add(key);
        continue;
      }
      if (object.kind === 'table' || !(faces.get(object.owner)?.has(name) ?? false)) {
        const offered = [...(faces.get(object.owner) ?? [])].sort().join(', ') || 'nothing yet';
        problems.push({
          kind: 'sql-crossing',
          message: `${file} names ${name}, a ${object.kind} of ${object.owner}: another feature's SQL is reached through the functions and views at the top of its .sql files (${object.owner} offers ${offered})`,
        });
        continue;
      }
      edges.push([from, object.owner]);
    }
  }
  for (const key of Object.keys(kept)) {
    if (!keptSeen.has(key)) problems.push({ kind: 'sql-crossing', message: `KEPT_SQL_CROSSINGS lists ${key}, which the tree no longer has: take it off the list` });
  }
  return { problems, edges };
}

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
    `structure: ${sources.size} files, features reached through their public files, layers kept, SQL through public faces, no import cycle`,
  );
}
