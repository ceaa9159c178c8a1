import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStructure } from './check-structure.ts';
import { walkProblems, walksOf } from './lib/how-to-walks.ts';
import { KEPT_SQL_CROSSINGS } from './lib/sql-structure.ts';

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));
const kinds = (entries: Record<string, string>) => checkStructure(files(entries)).map((p) => p.kind);

describe('check-structure', () => {
  it('lets a feature reach another through its service.ts, and anything outside features', () => {
    expect(
      kinds({
        'src/server/features/bets/routes.ts': "import { notify } from '../notifications/service.ts';\nimport { db } from '../../db/client.ts';",
        'src/server/features/notifications/service.ts': "import type { X } from '../../../shared/x.ts';",
        'src/server/db/client.ts': '',
        'src/shared/x.ts': '',
      }),
    ).toEqual([]);
  });

  it('refuses an import of another feature’s internal file', () => {
    const problems = checkStructure(
      files({
        'src/server/features/admin/service.ts': "import { lockBet } from '../bets/queries.ts';",
        'src/server/features/bets/queries.ts': '',
      }),
    );
    expect(problems).toEqual([
      {
        kind: 'internal-import',
        message: expect.stringContaining('src/server/features/admin/service.ts imports src/server/features/bets/queries.ts'),
      },
    ]);
  });

  it('refuses a type-only import and a re-export of an internal file the same way', () => {
    expect(
      kinds({
        'src/server/features/admin/service.ts': "import type { BetRow } from '../bets/queries.ts';\nexport { x } from '../bets/present.ts';",
        'src/server/features/bets/queries.ts': '',
        'src/server/features/bets/present.ts': '',
      }),
    ).toEqual(['internal-import', 'internal-import']);
  });

  it('names an import cycle between files as a path', () => {
    const problems = checkStructure(
      files({
        'src/server/features/bets/a.ts': "import { b } from './b.ts';",
        'src/server/features/bets/b.ts': "import { c } from './c.ts';",
        'src/server/features/bets/c.ts': "import { a } from './a.ts';",
      }),
    );
    expect(problems).toEqual([
      {
        kind: 'file-cycle',
        message:
          'import cycle: src/server/features/bets/a.ts -> src/server/features/bets/b.ts -> src/server/features/bets/c.ts -> src/server/features/bets/a.ts',
      },
    ]);
  });

  it('refuses a cycle between features even when each file is reached through its entry', () => {
    expect(
      kinds({
        'src/server/features/admin/service.ts': "import { voidBet } from '../bets/service.ts';",
        'src/server/features/bets/service.ts': "import { record } from '../audit/service.ts';",
        'src/server/features/audit/service.ts': "import { x } from '../admin/service.ts';",
      }),
    ).toEqual(['file-cycle', 'feature-cycle']);
  });

  it('does not count a test file as a dependency of its feature', () => {
    expect(
      kinds({
        'src/server/features/bets/service.ts': '',
        'src/server/features/bets/bets.test.ts': "import { audience } from '../live/service.ts';",
        'src/server/features/live/service.ts': "import { presentPools } from '../bets/service.ts';",
      }),
    ).toEqual([]);
  });

  it('lets a client feature reach another through the files at its top level, and lib/ and components/', () => {
    expect(
      kinds({
        'src/client/features/dashboard/components/dashboard-page.tsx':
          "import { useBetList } from '../../bets/api.ts';\nimport { BetCard } from '../../bets/bet-card.tsx';\nimport { Badge } from '../../../components/ui/badge.tsx';\nimport { useScreenNav } from '../../../lib/screen-nav.tsx';",
        'src/client/features/bets/api.ts': "import { apiRequest } from '../../lib/api.ts';",
        'src/client/features/bets/bet-card.tsx': "import { Odds } from './components/odds.tsx';",
        'src/client/features/bets/components/odds.tsx': '',
        'src/client/components/ui/badge.tsx': '',
        'src/client/lib/screen-nav.tsx': '',
        'src/client/lib/api.ts': '',
      }),
    ).toEqual([]);
  });

  it('refuses a client feature reaching into a subfolder of another', () => {
    const problems = checkStructure(
      files({
        'src/client/features/friends/components/friend-profile.tsx': "import { BetStatusBadge } from '../../bets/components/bet-status.tsx';",
        'src/client/features/bets/components/bet-status.tsx': '',
      }),
    );
    expect(problems).toEqual([
      {
        kind: 'internal-import',
        message: expect.stringContaining(
          'src/client/features/friends/components/friend-profile.tsx imports src/client/features/bets/components/bet-status.tsx',
        ),
      },
    ]);
  });

  it('lets app/ and mobile/ compose the screens of every feature, and sit above lib/', () => {
    expect(
      kinds({
        'src/client/app/screens.ts': "const s = () => import('../features/bets/components/my-bets-page.tsx');\nimport { x } from '../lib/screen-nav.tsx';",
        'src/client/mobile/mobile-shell.tsx': "import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';\nimport { SCREENS } from '../app/screens.ts';",
        'src/client/features/bets/components/my-bets-page.tsx': "import { ScreenTitle } from '../../../lib/screen-nav.tsx';",
        'src/client/features/notifications/components/notification-bell.tsx': '',
        'src/client/lib/screen-nav.tsx': '',
      }),
    ).toEqual([]);
  });

  it('refuses an import of app/ or mobile/ from a feature, lib/ or components/, tests included', () => {
    const problems = checkStructure(
      files({
        'src/client/features/bets/components/my-bets-page.tsx': "import { ScreenTitle } from '../../../app/screen-nav.tsx';",
        'src/client/features/bets/components/stake-form.test.tsx': "import { MOBILE_QUERY_DEFAULTS } from '../../../mobile/mobile-cache.ts';",
        'src/client/lib/api.ts': "import type { View } from '../app/view-names.ts';",
        'src/client/components/ui/skip-link.test.tsx': "import { MobileShell } from '../../mobile/mobile-shell.tsx';",
        'src/client/app/screen-nav.tsx': '',
        'src/client/app/view-names.ts': '',
        'src/client/mobile/mobile-cache.ts': '',
        'src/client/mobile/mobile-shell.tsx': '',
      }),
    );
    expect(problems.map((p) => p.kind)).toEqual(['layer-import', 'layer-import', 'layer-import', 'layer-import']);
    expect(problems[0]!.message).toContain('src/client/features/bets/components/my-bets-page.tsx imports src/client/app/screen-nav.tsx');
  });

  it('refuses lib/ or components/ importing a feature, even its top level: they sit below the features', () => {
    expect(
      kinds({
        'src/client/lib/api.test.tsx': "import { StakeForm } from '../features/bets/components/stake-form.tsx';",
        'src/client/components/bet-status-badge.tsx': "import { useBets } from '../features/bets/api.ts';",
        'src/client/features/bets/components/stake-form.tsx': '',
        'src/client/features/bets/api.ts': '',
      }),
    ).toEqual(['layer-import', 'layer-import']);
  });

  it('refuses a cycle between client features, and lets what they share move below them', () => {
    expect(
      kinds({
        'src/client/features/chat/components/messages-page.tsx': "import { useFriends } from '../../friends/api.ts';",
        'src/client/features/friends/components/friends-page.tsx': "import { useStartConversation } from '../../chat/api.ts';",
        'src/client/features/friends/api.ts': '',
        'src/client/features/chat/api.ts': '',
      }),
    ).toEqual(['feature-cycle']);
    expect(
      kinds({
        'src/client/features/chat/components/messages-page.tsx': "import { useFriends } from '../../../lib/friends-list.ts';",
        'src/client/features/friends/components/friends-page.tsx': "import { useStartConversation } from '../../chat/api.ts';",
        'src/client/lib/friends-list.ts': '',
        'src/client/features/chat/api.ts': '',
      }),
    ).toEqual([]);
  });

  it('lets the assemblers gather the features, and the features stand on the infrastructure', () => {
    expect(
      kinds({
        'src/server/app.ts': "import { betRoutes } from './features/bets/routes.ts';\nimport { registerAuth } from './plugins/auth.ts';",
        'src/server/schema.ts': "export * from './features/bets/tables.ts';\nexport * from './oidc/tables.ts';",
        'src/server/backfills.ts': "import { figuresBackfills } from './features/figures/service.ts';",
        'src/server/features/bets/routes.ts': "import { requireUser } from '../../plugins/auth.ts';",
        'src/server/features/account/service.ts': "import { spendToken } from '../../oidc/provider.ts';",
        'src/server/plugins/auth.ts': "import { AppError } from '../errors.ts';",
        'src/server/oidc/provider.ts': "import { spendToken } from './account-tokens.ts';\nimport { getOrCreateSecret } from '../db/secrets.ts';",
        'src/server/oidc/account-tokens.ts': '',
        'src/server/oidc/tables.ts': '',
        'src/server/db/secrets.ts': '',
        'src/server/errors.ts': '',
        'src/server/features/bets/tables.ts': '',
        'src/server/features/figures/service.ts': '',
      }),
    ).toEqual([]);
  });

  it('refuses any import of a feature by the infrastructure, its service.ts and type-only imports included', () => {
    const problems = checkStructure(
      files({
        'src/server/plugins/spa.ts': "import { loadSession } from '../features/auth/service.ts';",
        'src/server/security/origin.ts': "import type { User } from '../features/users/service.ts';",
        'src/server/oidc/account-tokens.ts': "import { queueMail } from '../features/mail/service.ts';",
        'src/server/db/migrate.ts': "import { juryBackfills } from '../features/bets/service.ts';",
        'src/server/config.ts': "import { LIMITS } from './features/bets/limits.ts';",
        'src/server/features/auth/service.ts': '',
        'src/server/features/users/service.ts': '',
        'src/server/features/mail/service.ts': '',
        'src/server/features/bets/service.ts': '',
        'src/server/features/bets/limits.ts': '',
      }),
    );
    expect(problems.map((p) => p.kind)).toEqual(Array(5).fill('infrastructure-import'));
    expect(problems[0]!.message).toBe(
      'src/server/plugins/spa.ts imports src/server/features/auth/service.ts: the infrastructure imports no feature; what it needs of src/server/features/auth is handed to it by an assembler (app.ts)',
    );
  });

  it('lets a test of the infrastructure build its scene from a feature, through its service.ts only', () => {
    expect(
      kinds({
        'src/server/plugins/auth.test.ts': "import { createSession } from '../features/auth/service.ts';",
        'src/server/security/fuzz.test.ts': "import { buildWorld } from '../test/world.ts';",
        'src/server/test/world.ts': "import { friendships } from '../features/friends/service.ts';",
        'src/server/features/auth/service.ts': '',
        'src/server/features/friends/service.ts': '',
      }),
    ).toEqual([]);
    expect(
      kinds({
        'src/server/plugins/auth.test.ts': "import { sessions } from '../features/auth/sessions.ts';",
        'src/server/features/auth/sessions.ts': '',
      }),
    ).toEqual(['internal-import']);
  });

  it('reaches the built-in provider through oidc/provider.ts alone', () => {
    const problems = checkStructure(
      files({
        'src/server/features/account/service.ts': "import { spendToken } from '../../oidc/account-tokens.ts';",
        'src/server/app.ts': "import { localAccounts } from './oidc/tables.ts';",
        'src/server/oidc/provider.ts': "export { spendToken } from './account-tokens.ts';",
        'src/server/oidc/account-tokens.ts': '',
        'src/server/oidc/tables.ts': '',
      }),
    );
    expect(problems.map((p) => p.kind)).toEqual(['internal-import', 'internal-import']);
    expect(problems[0]!.message).toContain('src/server/oidc/ is reached through its src/server/oidc/provider.ts');
  });

  it('refuses an import of an assembler from a feature or the infrastructure', () => {
    expect(
      kinds({
        'src/server/features/bets/service.ts': "import type { BuildOptions } from '../../app.ts';",
        'src/server/db/client.ts': "import { users } from '../schema.ts';",
        'src/server/app.ts': '',
        'src/server/schema.ts': '',
      }),
    ).toEqual(['layer-import', 'layer-import']);
  });

  it('refuses a client feature named as a server feature in another form', () => {
    const problems = checkStructure(
      files({
        'src/server/features/profiles/service.ts': '',
        'src/server/features/activities/service.ts': '',
        'src/server/features/bets/service.ts': '',
        'src/client/features/profile/api.ts': '',
        'src/client/features/activity/api.ts': '',
        'src/client/features/bets/api.ts': '',
        'src/client/features/dashboard/api.ts': '',
      }),
    );
    expect(problems.map((p) => p.message)).toEqual([
      "src/client/features/profile names the server's src/server/features/profiles: call it profiles",
      "src/client/features/activity names the server's src/server/features/activities: call it activities",
    ]);
  });

  describe('SQL', () => {
    const crewTables = "export const crewMembers = pgTable('crew_members', { crewId: integer('crew_id') });";
    const crewFace = [
      '-- What other features ask of crews.',
      '-- Public: crew_member_of',
      'CREATE OR REPLACE FUNCTION crew_member_of(p_crew integer, p_user integer) RETURNS boolean',
      'LANGUAGE sql AS $$ SELECT EXISTS (SELECT 1 FROM crew_members m WHERE m.crew_id = p_crew) $$;',
      '--> statement-breakpoint',
      'CREATE OR REPLACE FUNCTION crew_owner_of(p_crew integer) RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$;',
    ].join('\n');

    it("refuses a feature's SQL reading another feature's table, naming both", () => {
      const problems = checkStructure(
        files({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/bets/visibility.sql': 'CREATE OR REPLACE VIEW bet_circles AS\n  SELECT b.id, m.user_id FROM bets b JOIN crew_members m ON m.crew_id = b.crew_id;',
        }),
      );
      expect(problems).toEqual([
        {
          kind: 'sql-crossing',
          message:
            "src/server/features/bets/visibility.sql names crew_members, a table of src/server/features/crews: another feature's SQL is reached through the functions and views at the top of its .sql files (src/server/features/crews offers nothing yet)",
        },
      ]);
    });

    it('reads the sql templates of the code as it reads .sql files, and leaves out what is interpolated, quoted or commented', () => {
      expect(
        kinds({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/notifications/service.ts':
            'const inCrew = (crewId: number, userId: number) =>\n  sql`exists (select 1 from crew_members m where m.crew_id = ${crewId} and m.user_id = ${userId})`;',
        }),
      ).toEqual(['sql-crossing']);
      expect(
        kinds({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/crews/service.ts': "export { crewMembers } from './tables.ts';",
          'src/server/features/notifications/service.ts': [
            "import { crewMembers } from '../crews/service.ts';",
            'const inCrew = (crewId: number) => sql`exists (select 1 from ${crewMembers} m where m.crew_id = ${crewId})`;',
            '// Not from crew_members: a comment names it.',
            "const label = 'select 1 from crew_members';",
          ].join('\n'),
          'src/server/features/bets/stake.sql': "-- reads from crew_members? no\nSELECT format('from crew_members');",
        }),
      ).toEqual([]);
    });

    it("lets a feature call what another offers at the top of its .sql file, and nothing else of it", () => {
      expect(
        kinds({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/crews/crews.sql': crewFace,
          'src/server/features/bets/stake.sql': 'SELECT b.crew_id IS NULL OR crew_member_of(b.crew_id, 1) FROM bets b;',
        }),
      ).toEqual([]);
      const problems = checkStructure(
        files({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/crews/crews.sql': crewFace,
          'src/server/features/bets/stake.sql': 'SELECT crew_owner_of(b.crew_id) FROM bets b;',
        }),
      );
      expect(problems.map((p) => p.message)).toEqual([
        "src/server/features/bets/stake.sql names crew_owner_of, a function of src/server/features/crews: another feature's SQL is reached through the functions and views at the top of its .sql files (src/server/features/crews offers crew_member_of)",
      ]);
    });

    it('refuses a public face that offers what its feature does not make, or a table', () => {
      expect(
        kinds({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/crews/crews.sql': '-- Public: crew_members, crew_season_for_bet\nSELECT 1;',
        }),
      ).toEqual(['sql-face', 'sql-face']);
    });

    it('refuses a new SQL cycle between features, through SQL alone or SQL and imports', () => {
      const betsFace = '-- Public: bet_viewers\nCREATE OR REPLACE VIEW bet_viewers AS SELECT 1 AS bet_id, 1 AS viewer_id;';
      expect(
        kinds({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/crews/crews.sql': `${crewFace}\n--> statement-breakpoint\nCREATE OR REPLACE VIEW crew_bets AS SELECT v.bet_id FROM bet_viewers v;`,
          'src/server/features/bets/visibility.sql': `${betsFace}\n--> statement-breakpoint\nCREATE OR REPLACE FUNCTION x() RETURNS boolean LANGUAGE sql AS $$ SELECT crew_member_of(1, 2) $$;`,
        }),
      ).toEqual(['feature-cycle']);
      const problems = checkStructure(
        files({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/crews/crews.sql': crewFace,
          'src/server/features/crews/service.ts': "import { voidSeasonBets } from '../bets/service.ts';",
          'src/server/features/bets/service.ts': 'export const voidSeasonBets = () => sql`select crew_member_of(1, 2)`;',
        }),
      );
      expect(problems).toEqual([
        { kind: 'feature-cycle', message: 'feature cycle: src/server/features/bets -> src/server/features/crews -> src/server/features/bets' },
      ]);
    });

    it('takes no SQL of a test as a dependency', () => {
      expect(
        kinds({
          'src/server/features/crews/tables.ts': crewTables,
          'src/server/features/bets/visibility.test.ts': 'const members = sql`select user_id from crew_members`;',
        }),
      ).toEqual([]);
    });

    it('keeps a listed crossing out of the report and the cycle check, and refuses a listed one the tree no longer has', () => {
      const tree = files({
        'src/server/features/crews/tables.ts': crewTables,
        'src/server/features/crews/service.ts': "import { bets } from '../bets/service.ts';",
        'src/server/features/bets/service.ts': "export { bets } from './tables.ts';",
        'src/server/features/bets/tables.ts': '',
        'src/server/features/bets/visibility.sql': 'CREATE OR REPLACE VIEW bet_circles AS SELECT m.user_id FROM crew_members m;',
      });
      expect(checkStructure(tree, { 'src/server/features/bets/visibility.sql: crew_members': 'why' })).toEqual([]);
      expect(checkStructure(tree, { 'src/server/features/bets/visibility.sql: crew_members': 'why', 'src/server/features/bets/stake.sql: users': 'why' })).toEqual([
        { kind: 'sql-crossing', message: 'KEPT_SQL_CROSSINGS lists src/server/features/bets/stake.sql: users, which the tree no longer has: take it off the list' },
      ]);
    });
  });

  describe("the how-to's walks", () => {
    const tree = files({
      'src/server/features/bets/routes.ts': "import { placeStake } from './stakes.ts';",
      'src/server/features/bets/stakes.ts': 'const call = sql`select * from stake_on_bets(${ids})`;',
      'src/server/features/bets/stake.sql': 'CREATE OR REPLACE FUNCTION stake_on_bets() RETURNS void LANGUAGE sql AS $$ INSERT INTO stakes VALUES (1) $$;',
      'src/server/features/bets/tables.ts': "export const stakes = pgTable('stakes', {});",
      'src/server/features/figures/figures.sql':
        'CREATE OR REPLACE FUNCTION count_stakes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;\n--> statement-breakpoint\nCREATE OR REPLACE TRIGGER stakes_counted AFTER INSERT ON stakes FOR EACH STATEMENT EXECUTE FUNCTION count_stakes();',
      'src/server/features/chat/service.ts': '',
    });
    const howTo = (count: number, list: string[]) =>
      `# How to\n\n### Follow a stake\n\nA stake (${count} files):\n\n${list.map((file, i) => `${i + 1}. \`${file}\`: why.`).join('\n')}\n\n## Next\n`;

    it('follows imports, SQL calls and the triggers of the tables written', () => {
      const walks = walksOf(howTo(4, ['features/bets/routes.ts', 'features/bets/stakes.ts', 'features/bets/stake.sql', 'features/figures/figures.sql']));
      expect(walks).toEqual([
        {
          title: 'Follow a stake',
          count: 4,
          files: [
            'src/server/features/bets/routes.ts',
            'src/server/features/bets/stakes.ts',
            'src/server/features/bets/stake.sql',
            'src/server/features/figures/figures.sql',
          ],
        },
      ]);
      expect(walkProblems(walks, tree)).toEqual([]);
    });

    it('fails on a count that is not the list, a file that does not exist, and one nothing before it reaches', () => {
      const problems = walkProblems(
        walksOf(howTo(12, ['features/bets/routes.ts', 'features/bets/stake.sql', 'features/bets/present.ts', 'features/chat/service.ts'])),
        tree,
      );
      expect(problems.map((p) => p.message)).toEqual([
        'docs/how-to.md, "Follow a stake" says 12 files and lists 4',
        'docs/how-to.md, "Follow a stake" lists src/server/features/bets/present.ts, which does not exist',
        'docs/how-to.md, "Follow a stake" lists src/server/features/chat/service.ts, which no file listed before it reaches by an import or by SQL',
      ]);
    });
  });

  it('refuses a source file over 400 lines in src/ and scripts/ alike, and leaves tests aside', () => {
    const lines = (n: number) => 'const x = 1;\n'.repeat(n);
    const problems = checkStructure(
      files({
        'src/server/features/bets/queries.ts': lines(401),
        'scripts/chaos.ts': `${lines(400)}process.exit(0);`,
        'scripts/bench/scale.ts': lines(400),
        'src/client/lib/api.ts': `${lines(399)}export {};`,
        'scripts/check-structure.test.ts': lines(500),
        'src/server/test/fixtures.ts': lines(500),
      }),
    );
    expect(problems).toEqual([
      { kind: 'file-length', message: 'src/server/features/bets/queries.ts has 401 lines, over 400: split it into files of one idea each' },
      { kind: 'file-length', message: 'scripts/chaos.ts has 401 lines, over 400: split it into files of one idea each' },
    ]);
  });

  it('finds nothing in this repository', async () => {
    const { trackedSources } = await import('./check-structure.ts');
    const root = path.resolve(import.meta.dirname, '..');
    const sources = trackedSources(root);
    expect(checkStructure(sources, KEPT_SQL_CROSSINGS).map((p) => p.message)).toEqual([]);
    const walks = walksOf(readFileSync(path.join(root, 'docs/how-to.md'), 'utf8'));
    expect(walks.map((walk) => walk.title)).toEqual(['Follow a stake', 'Follow a settlement']);
    expect(walkProblems(walks, sources).map((p) => p.message)).toEqual([]);
  });
});
