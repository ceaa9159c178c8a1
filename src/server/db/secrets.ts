import { eq } from 'drizzle-orm';
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { createdAt } from './columns.ts';

/** Secrets generated on first start and shared by every instance: signing keys, cookie keys. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Returns the secret stored under `name`, creating it with `make` on first use only (making one
 * can be costly: an RSA key takes a third of a second). Several instances starting together agree
 * on one value: the first insert wins and everyone reads it.
 */
export async function getOrCreateSecret<T>(db: Db, name: string, make: () => T): Promise<T> {
  const read = async () =>
    (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)))[0];
  const stored = await read();
  if (stored) return stored.value as T;
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const row = await read();
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value as T;
}
