import path from 'node:path';
import { FEATURES_DIR, SERVER_DIR, SERVER_TEST_HELPERS, featureOf, isSql, isTest, type Problem } from './structure-basics.ts';

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
export function sqlNamesUsed(code: string, objects: ReadonlyMap<string, SqlObject>): string[] {
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
export function sqlProblems(
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
