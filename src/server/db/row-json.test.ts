import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBetAs, createUser } from '../test/fixtures.ts';
import { createTestApp, testDbKind } from '../test/test-app.ts';
import { rowsOf } from './client.ts';
import { rowJson } from './row-json.ts';
import { bets, notifications } from '../schema.ts';

describe(`rows as JSON on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let betId: number;

  beforeAll(async () => {
    app = await createTestApp();
    const ann = await createUser(app, 'Ann');
    betId = (await createBetAs(ann, { title: 'Rows as JSON', expirationType: 'time', expirationValue: '2' })).id;
    // A value for every kind of column: a timestamp with microseconds, a bigint, a null.
    await app.database.withConnection((q) =>
      q(`update bets set total_pot_cents = 123456789, resolved_at = '2026-11-23T10:11:12.345678Z' where id = $1`, [betId]),
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  it('decodes the array form and row_to_json to exactly the row the query builder reads', async () => {
    const json = rowJson(bets);
    const [expected] = await app.db.select().from(bets).where(eq(bets.id, betId));
    const [row] = rowsOf<{ asArray: unknown; asObject: unknown }>(
      await app.db.execute(sql`select ${json.sql('b')} as "asArray", row_to_json(b) as "asObject" from ${bets} b where b.id = ${betId}`),
    );
    expect(Array.isArray(row!.asArray)).toBe(true);
    expect(json.decode(row!.asArray)).toEqual(expected);
    expect(json.decode(row!.asObject)).toEqual(expected);
    // Timestamps come back as Dates to the millisecond, as the driver gives them.
    expect(json.decode(row!.asArray).resolvedAt).toEqual(new Date('2026-11-23T10:11:12.345Z'));
    expect(json.decode(row!.asArray).expiresAt).toBeInstanceOf(Date);
    expect(json.decode(row!.asArray).deletedAt).toBeNull();
  });

  it('lists every column of the table, in the order the schema declares them', () => {
    const query = app.db.select({ n: sql`${rowJson(notifications).sql('n')}` }).from(notifications).toSQL().sql;
    expect(query).toContain(
      'json_build_array(n."id", n."user_id", n."type", n."params", n."title", n."body", n."bet_id", n."from_user_id", n."conversation_id", n."read_at", n."created_at", n."crew_id")',
    );
  });
});
