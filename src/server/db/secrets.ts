import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSecrets } from './schema.ts';

/**
 * Returns the secret stored under `name`, creating it with `make` on first use. Several
 * instances starting together agree on one value: the first insert wins and everyone reads it.
 */
export async function getOrCreateSecret<T>(db: Db, name: string, make: () => T): Promise<T> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value as T;
}
