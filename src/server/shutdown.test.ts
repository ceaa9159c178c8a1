import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from './db/client.ts';
import { shutDown } from './shutdown.ts';
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

describe('stopping behind a load balancer', () => {
  it('answers /readyz with 503 from the moment it starts to stop, while it still serves', async () => {
    const app = await createTestApp();
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const stopped = shutDown(app, 300);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ error: 'Shutting down', code: 'shutting_down' });
    // Everything else is still answered until the server closes.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await stopped;
    await expect(app.inject({ method: 'GET', url: '/healthz' })).rejects.toThrow();
  });
});
