import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFromTemplate, openDatabase } from './client.ts';
import { BACKFILLS } from '../backfills.ts';
import { migrate } from './migrate.ts';

describe('the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'betbro-pglite-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('starts from the build template on an empty DATA_DIR, up to date, and never over a database', async () => {
    // The template as the build makes it: a cluster the migrations runner brought up to date.
    const made = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'build') });
    await migrate(made, BACKFILLS);
    await made.close();
    const template = path.join(root, 'build/pglite');

    createFromTemplate(path.join(root, 'data/pglite'), template);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'data') });
    try {
      expect((await migrate(database, BACKFILLS)).applied).toEqual([]);
      const [setting] = await database.withConnection((q) => q<{ value: string }>(`select current_setting('shared_buffers') as value`));
      expect(setting?.value).toBe('16MB');
      await database.withConnection((q) => q(`insert into app_secrets (name, value) values ('kept', '"yes"')`));
    } finally {
      await database.close();
    }

    // A second start finds its database and keeps it.
    createFromTemplate(path.join(root, 'data/pglite'), template);
    const again = await openDatabase({ kind: 'pglite', dataDir: path.join(root, 'data') });
    try {
      const rows = await again.withConnection((q) => q(`select name from app_secrets where name = 'kept'`));
      expect(rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  });
});
