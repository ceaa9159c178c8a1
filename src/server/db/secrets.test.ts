import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { BACKFILLS } from '../backfills.ts';
import { migrate } from './migrate.ts';
import { getOrCreateSecret } from './secrets.ts';
import { createTestDatabase, testDbKind } from '../test/test-app.ts';

describe(`stored secrets on ${testDbKind}`, () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase({ migrated: true });
    drop = created.drop;
    database = await openDatabase(created.database);
    await migrate(database, BACKFILLS);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('makes a secret once and afterwards only reads it', async () => {
    let made = 0;
    const make = () => `secret-${(made += 1)}`;
    expect(await getOrCreateSecret(database.db, 'test_secret', make)).toBe('secret-1');
    expect(await getOrCreateSecret(database.db, 'test_secret', make)).toBe('secret-1');
    // A start must not pay for a new key it would throw away (an RSA key costs a third of a second).
    expect(made).toBe(1);
  });
});
