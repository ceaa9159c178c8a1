import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStructure } from './check-structure.ts';

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

  it('finds nothing in this repository', async () => {
    const { trackedSources } = await import('./check-structure.ts');
    const root = path.resolve(import.meta.dirname, '..');
    expect(checkStructure(trackedSources(root)).map((p) => p.message)).toEqual([]);
  });
});
