import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './db/client.ts';
import { createTestApp, testDbKind } from './test/test-app.ts';

describe(`shutdown on ${testDbKind}`, () => {
  it('lets work started before close finish its queries before the database closes', async () => {
    const app = await createTestApp();
    let outcome: unknown = 'not run';
    void app.backgroundWork.track(
      new Promise((resolve) => setTimeout(resolve, 100))
        .then(() => app.db.execute(sql`select 41 + 1 as answer`))
        .then(
          (result) => (outcome = rowsOf<{ answer: number }>(result)[0]?.answer),
          (error: unknown) => (outcome = error),
        ),
    );
    await app.close();
    expect(outcome).toBe(42);
  });
});
