import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseConfig } from '../config.ts';
import { createSession } from '../features/auth/service.ts';
import { auditLedger } from '../features/wallet/service.ts';
import { createUser, makeFriends } from '../test/fixtures.ts';
import { HttpAgent } from '../test/http-agent.ts';
import { baseTestConfig, createTestDatabase, testDbKind } from '../test/test-app.ts';
import { openDatabase, type Database, type RawQuery } from './client.ts';
import { BACKFILLS } from '../backfills.ts';
import { functionsTag, listMigrations, migrate } from './migrate.ts';

describe(`migrations on ${testDbKind}`, () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    first = await openDatabase(created.database);
    // On PostgreSQL a second pool stands in for a second instance; PGlite has one connection.
    second = created.database.kind === 'postgres' ? await openDatabase(created.database) : first;
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
    await drop?.();
  });

  it('applies every migration and backfill exactly once when two instances start together', async () => {
    const [a, b] = await Promise.all([migrate(first, BACKFILLS), migrate(second, BACKFILLS)]);
    const all = [
      ...listMigrations().map((m) => m.tag),
      functionsTag(),
      ...Object.keys(BACKFILLS).map((tag) => `${tag}:backfill`),
    ];
    expect([...a.applied, ...b.applied].sort()).toEqual([...all].sort());
    const rows = await first.withConnection((query) => query<{ tag: string }>('select tag from schema_migrations'));
    expect(rows.map((r) => r.tag).sort()).toEqual([...all].sort());
    expect((await migrate(first, BACKFILLS)).applied).toEqual([]);
  });

  it('finds an up-to-date database in one query, without the lock', async () => {
    const sent: string[] = [];
    const counting: Database = {
      ...first,
      withConnection: (fn) => first.withConnection((query) => fn((text, params) => (sent.push(text), query(text, params)))),
    };
    expect((await migrate(counting, BACKFILLS)).applied).toEqual([]);
    expect(sent).toEqual(['select tag from schema_migrations']);
  });

  it('applies the functions again when their files changed since the last run', async () => {
    await first.withConnection((query) =>
      query(`update schema_migrations set tag = 'functions:0000000000000000' where tag = $1`, [functionsTag()]),
    );
    await first.withConnection((query) => query('drop function stake_refusal cascade'));
    expect((await migrate(first, BACKFILLS)).applied).toEqual([functionsTag()]);
    const rows = await first.withConnection((query) =>
      query<{ tag: string }>(`select tag from schema_migrations where tag like 'functions:%'`),
    );
    expect(rows.map((r) => r.tag)).toEqual([functionsTag()]);
    const [defined] = await first.withConnection((query) =>
      query<{ count: number }>(`select count(*)::int as count from pg_proc where proname = 'stake_refusal'`),
    );
    expect(defined?.count).toBe(1);
  });
});

/** A database of its own for one describe block, created before its tests and dropped after. */
function freshDatabase(): () => Database {
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    database = await openDatabase(created.database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
  return () => database!;
}

/** The schema as the releases before migration `tag` left it, for a backfill to start from. */
async function migrateBefore(q: RawQuery, tag: string): Promise<void> {
  await q('create table schema_migrations (tag text primary key, applied_at timestamptz not null default now())');
  for (const migration of listMigrations().filter((m) => m.tag < tag)) {
    for (const statement of migration.statements) await q(statement);
    await q('insert into schema_migrations (tag) values ($1)', [migration.tag]);
  }
}

describe(`the player figures' backfill on ${testDbKind}`, () => {
  const database = freshDatabase();

  it("fills the read model from the rows of a database from before it, the audit's way", async () => {
    // The schema as the release before the read model left it, with a history written then:
    // Ann won 10.00 (paid 40.00) against Bob's 30.00, Cat's 7.00 was refunded, Ann has 2.50 open.
    await database().withConnection(async (q) => {
      await migrateBefore(q, '0013');
      await q(`insert into users (id, username, balance_cents, total_bets, total_wins) values
        (1, 'Ann', 102750, 2, 1), (2, 'Bob', 97000, 1, 0), (3, 'Cat', 100000, 0, 0), (4, 'Host', 100000, 0, 0)`);
      await q(`insert into ledger_entries (user_id, bet_id, kind, amount_cents, balance_after_cents) values
        (1, null, 'grant', 100000, 100000), (2, null, 'grant', 100000, 100000), (3, null, 'grant', 100000, 100000),
        (4, null, 'grant', 100000, 100000),
        (1, 1, 'stake', -1000, 99000), (2, 1, 'stake', -3000, 97000), (1, 1, 'payout', 4000, 103000),
        (3, 2, 'stake', -700, 99300), (3, 2, 'refund', 700, 100000), (1, 3, 'stake', -250, 102750)`);
      await q(`insert into bets (id, creator_id, title, description, status, total_pot_cents, participant_count, winning_option, resolved_at) values
        (1, 4, 'Won', 'd', 'resolved', 4000, 2, 0, now()), (2, 4, 'Voided', 'd', 'void', 700, 1, null, now()),
        (3, 4, 'Open', 'd', 'active', 250, 1, null, null)`);
      await q(`insert into bet_options (bet_id, idx, label, pool_cents, stake_count) values
        (1, 0, 'Yes', 1000, 1), (1, 1, 'No', 3000, 1), (2, 0, 'Yes', 700, 1), (2, 1, 'No', 0, 0), (3, 0, 'Yes', 0, 0), (3, 1, 'No', 250, 1)`);
      await q(`insert into stakes (bet_id, user_id, option_idx, amount_cents, settled_cents) values
        (1, 1, 0, 1000, 4000), (1, 2, 1, 3000, 0), (2, 3, 0, 700, 700), (3, 1, 1, 250, null)`);
    });

    const { applied } = await migrate(database(), BACKFILLS);
    expect(applied).toContain('0013_player_figures:backfill');
    const figures = await database().withConnection((q) =>
      q<Record<string, unknown>>(`select user_id, bets, settled_bets, wins, wagered_cents, profit_cents from player_figures
        where period = 'all' order by user_id`),
    );
    expect(figures.map((r) => Object.values(r).map(Number))).toEqual([
      [1, 2, 1, 1, 1250, 3000],
      [2, 1, 1, 0, 3000, -3000],
    ]);
    expect((await auditLedger(database().db)).violations).toEqual([]);
  });
});

describe(`the username skeletons' backfill on ${testDbKind}`, () => {
  const database = freshDatabase();

  it('lets existing look-alikes keep their names, and holds each group for its earliest name', async () => {
    await database().withConnection(async (q) => {
      await migrateBefore(q, '0014');
      await q(`insert into users (id, username) values (1, 'alice'), (2, 'aIice'), (3, 'Bob'), (4, 'user_0a1b2c3d4e')`);
    });

    const { applied } = await migrate(database(), BACKFILLS);
    expect(applied).toContain('0014_security_hardening:backfill');
    const rows = await database().withConnection((q) =>
      q<{ username: string; username_skeleton: string | null }>('select username, username_skeleton from users order by id'),
    );
    expect(rows).toEqual([
      { username: 'alice', username_skeleton: 'allce' },
      { username: 'aIice', username_skeleton: null },
      { username: 'Bob', username_skeleton: 'bob' },
      { username: 'user_0a1b2c3d4e', username_skeleton: null },
    ]);
    // The group stays taken: a third look-alike cannot be stored.
    await expect(
      database().withConnection((q) => q(`insert into users (username, username_skeleton) values ('ALICE_', 'allce')`)),
    ).rejects.toThrow();
  });
});

describe(`the crew names' backfill on ${testDbKind}`, () => {
  const database = freshDatabase();

  it('keys the earliest crew of each look-alike group, and lets the later ones keep their names', async () => {
    await database().withConnection(async (q) => {
      await migrateBefore(q, '0025');
      await q(`insert into users (id, username) values (1, 'Ann')`);
      await q(`insert into crews (id, name, owner_id, starting_balance_cents, season_days) values
        (1, 'Friday poker', 1, 100000, 30), (2, 'FRIDAY  P0KER', 1, 100000, 30), (3, 'Office', 1, 100000, 30)`);
    });

    const { applied } = await migrate(database(), BACKFILLS);
    expect(applied).toContain('0025_crew_names_and_invites:backfill');
    const rows = await database().withConnection((q) => q<{ name: string; name_skeleton: string | null }>('select name, name_skeleton from crews order by id'));
    expect(rows.map((r) => [r.name, r.name_skeleton !== null])).toEqual([
      ['Friday poker', true],
      ['FRIDAY  P0KER', false],
      ['Office', true],
    ]);
    // The group stays taken: another look-alike cannot be stored.
    await expect(
      database().withConnection((q) =>
        q(`insert into crews (name, name_skeleton, owner_id, starting_balance_cents, season_days) values ('friday poker', $1, 1, 100000, 30)`, [rows[0]!.name_skeleton]),
      ),
    ).rejects.toThrow();
  });
});

describe(`the seated juries' backfill on ${testDbKind}`, () => {
  const database = freshDatabase();

  it('seats the jury of each open dispute from the friends of before its bet, with whoever voted; too few, and the admins decide', async () => {
    await database().withConnection(async (q) => {
      await migrateBefore(q, '0026');
      await q(`insert into users (id, username) values (1, 'Host'), (2, 'Staker'), (3, 'Old1'), (4, 'Old2'), (5, 'Old3'), (6, 'Late'), (7, 'Lone')`);
      // Host's friends: Staker and Old1-3 from before the bets, Late from after them.
      await q(`insert into friendships (requester_id, addressee_id, status, responded_at) values
        (1, 2, 'accepted', now() - interval '3 days'), (1, 3, 'accepted', now() - interval '3 days'),
        (4, 1, 'accepted', now() - interval '3 days'), (1, 5, 'accepted', now() - interval '3 days'),
        (1, 6, 'accepted', now() - interval '1 hour'), (7, 2, 'accepted', now() - interval '3 days')`);
      await q(`insert into bets (id, creator_id, title, description, status, resolution_mode, proposed_option, created_at, jury_ends_at, votes_needed, votes_cast, total_pot_cents, participant_count)
        values (1, 1, 'Seated', 'd', 'disputed', 'jury', 0, now() - interval '2 days', now() + interval '1 day', 3, 1, 500, 1),
               (2, 7, 'Too few', 'd', 'disputed', 'jury', 0, now() - interval '2 days', now() + interval '1 day', 3, 0, 500, 1)`);
      await q(`insert into bet_options (bet_id, idx, label, pool_cents, stake_count) values (1, 0, 'Yes', 500, 1), (1, 1, 'No', 0, 0), (2, 0, 'Yes', 500, 1), (2, 1, 'No', 0, 0)`);
      await q(`insert into stakes (bet_id, user_id, option_idx, amount_cents) values (1, 2, 0, 500), (2, 2, 0, 500)`);
      await q(`insert into bet_disputes (bet_id, user_id, reason) values (1, 2, 'No'), (2, 2, 'No')`);
      // Late voted before juries were seated: the vote stands, and so does its juror.
      await q(`insert into bet_votes (bet_id, user_id, option_idx) values (1, 6, 1)`);
    });

    const { applied } = await migrate(database(), BACKFILLS);
    expect(applied).toContain('0026_seated_juries:backfill');
    const jurors = await database().withConnection((q) => q<{ bet_id: number; user_id: number }>('select bet_id, user_id from bet_jurors order by bet_id, user_id'));
    expect(jurors.map((j) => [j.bet_id, j.user_id])).toEqual([
      [1, 3],
      [1, 4],
      [1, 5],
      [1, 6],
    ]);
    const bets = await database().withConnection((q) => q<{ id: number; jurors_seated: number; votes_needed: number }>('select id, jurors_seated, votes_needed from bets order by id'));
    expect(bets).toEqual([
      { id: 1, jurors_seated: 4, votes_needed: 3 },
      { id: 2, jurors_seated: 0, votes_needed: 0 },
    ]);
  });
});

describe(`the activity lines' facts on ${testDbKind}`, () => {
  const database = freshDatabase();

  it("takes each line's facts back from the rows written beside it, and drops a friend line naming nobody", async () => {
    await database().withConnection(async (q) => {
      await migrateBefore(q, '0018');
      await q(`insert into users (id, username) values (1, 'Ann'), (2, 'Bob'), (3, 'Cat')`);
      await q(`insert into bets (id, creator_id, title, description, status, winning_option, resolved_at) values (1, 1, 'Rain?', 'd', 'resolved', 1, now())`);
      await q(`insert into bet_options (bet_id, idx, label) values (1, 0, 'Yes'), (1, 1, 'No')`);
      await q(`insert into stakes (bet_id, user_id, option_idx, amount_cents) values (1, 2, 1, 300)`);
      await q(`insert into activities (id, user_id, type, description, bet_id, amount_cents) values
        (1, 1, 'bet_created', 'Created bet "Rain?"', 1, null),
        (2, 2, 'bet_placed', 'Placed $3.00 on "No" in "Rain?"', 1, 300),
        (3, 2, 'bet_won', 'Won $3.00 on "Rain?" ("No")', 1, 300),
        (4, 1, 'bet_resolved', '"Rain?" was resolved: "No" won', 1, null),
        (5, 1, 'friend_request_sent', 'Sent a friend request to bob', null, null),
        (6, 1, 'friend_accepted', 'You are now friends with Bob', null, null),
        (7, 2, 'friend_accepted', 'You are now friends with Ann', null, null),
        (8, 3, 'friend_accepted', 'You are now friends with user_0a1b2c3d4e', null, null)`);
    });

    expect((await migrate(database(), BACKFILLS)).applied).toContain('0018_activity_lines_as_facts');
    const rows = await database().withConnection((q) =>
      q<Record<string, unknown>>('select id, type, bet_id, amount_cents, option_idx, other_user_id from activities order by id'),
    );
    const orNull = (value: unknown) => (value === null ? null : Number(value));
    expect(rows.map((r) => [Number(r.id), r.type, orNull(r.bet_id), orNull(r.amount_cents), orNull(r.option_idx), orNull(r.other_user_id)])).toEqual([
      [1, 'bet_created', 1, null, null, null],
      [2, 'bet_placed', 1, 300, 1, null],
      [3, 'bet_won', 1, 300, 1, null],
      [4, 'bet_resolved', 1, null, 1, null],
      [5, 'friend_request_sent', null, null, null, 2],
      [6, 'friend_accepted', null, null, null, 2],
      [7, 'friend_accepted', null, null, null, 1],
    ]);
  });
});

describe(`a database of the releases before the features' SQL on ${testDbKind}`, () => {
  let dataDir: string | null = null;
  let drop: (() => Promise<void>) | undefined;
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    await app?.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A database as those releases left it: every migration, their functions and backfills recorded. */
  async function oldRelease(q: RawQuery): Promise<void> {
    await migrateBefore(q, '9999');
    await q('set check_function_bodies = off');
    const old = readFileSync(fileURLToPath(new URL('../test/functions-before-features.sql', import.meta.url)), 'utf8');
    for (const statement of old.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean)) await q(statement);
    await q(`insert into schema_migrations (tag) values ('functions:0123456789abcdef'),
      ('0013_player_figures:backfill'), ('0014_security_hardening:backfill')`);
    // Ann's bet, with Bob's stake placed by the old stake function.
    await q(`insert into users (id, username, username_skeleton) values (1, 'Ann', 'ann'), (2, 'Bob', 'bob')`);
    await q(`select setval('users_id_seq', 2)`);
    await q(`update users set balance_cents = 100000`);
    await q(`insert into ledger_entries (user_id, kind, amount_cents, balance_after_cents, note) values
      (1, 'grant', 100000, 100000, 'Starting balance'), (2, 'grant', 100000, 100000, 'Starting balance')`);
    await q(`insert into friendships (requester_id, addressee_id, status, responded_at) values (2, 1, 'accepted', now())`);
    await q(`insert into bets (id, creator_id, title, description) values (1, 1, 'Rain tomorrow?', 'd')`);
    await q(`select setval('bets_id_seq', 1)`);
    await q(`insert into bet_options (bet_id, idx, label) values (1, 0, 'Yes'), (1, 1, 'No')`);
    const [staked] = await q<{ result: string }>(`select result from stake_on_bets($1::jsonb)`, [
      JSON.stringify([{ userId: 2, betId: 1, option: 0, amountCents: 2500, username: 'Bob', amountText: '$25.00' }]),
    ]);
    expect(staked?.result).toBe('ok');
  }

  it('moves to the features\' functions, drops the ones they replaced, and keeps staking and paying out', async () => {
    let database: DatabaseConfig;
    if (testDbKind === 'postgres') {
      const created = await createTestDatabase();
      database = created.database;
      drop = created.drop;
      const before = await openDatabase(database);
      try {
        await before.withConnection(oldRelease);
      } finally {
        await before.close();
      }
    } else {
      // A cluster of its own, made by initdb rather than copied from the build's template, which
      // holds the schema as this release makes it.
      dataDir = mkdtempSync(path.join(tmpdir(), 'betbro-upgrade-'));
      database = { kind: 'pglite', dataDir };
      const { PGlite } = await import('@electric-sql/pglite');
      const before = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        await oldRelease(async (text, params) => (await before.query(text, params)).rows as never);
      } finally {
        await before.close();
      }
    }

    app = await buildApp(baseTestConfig({ database }));
    const q: RawQuery = (text, params) => app!.database.withConnection((query) => query(text, params));
    expect((await q<{ tag: string }>(`select tag from schema_migrations where tag like 'functions:%'`)).map((r) => r.tag)).toEqual([
      functionsTag(),
    ]);
    // One stake function, the new one; the money moves through move_money.
    const functions = await q<{ signature: string }>(
      `select p.oid::regprocedure::text as signature from pg_proc p
       where p.proname in ('stake_on_bets', 'move_money') order by 1`,
    );
    expect(functions.map((f) => f.signature)).toEqual([
      'move_money(integer[],bigint[],text,integer[],text[])',
      'stake_on_bets(integer[],integer[],integer[],bigint[],text[])',
    ]);

    // Ann resolves her bet of the old release after Cat, a new player, staked on it too.
    const ann = new HttpAgent(app);
    ann.setCookie('betbro_session', (await createSession(app.db, { userId: 1 })).token);
    const cat = await createUser(app, 'Cat');
    await makeFriends(app, cat, { id: 1, username: 'Ann', agent: ann });
    expect((await cat.agent.post('/api/bets/1/participate', { option: 1, amount: '10.00' })).statusCode).toBe(200);
    expect((await ann.post('/api/bets/1/resolve', { winningOption: 0 })).statusCode).toBe(200);
    const bob = await q<{ kind: string; amount: number }>(
      `select kind, amount_cents::int as amount from ledger_entries where user_id = 2 order by id`,
    );
    expect(bob.map((r) => [r.kind, r.amount])).toEqual([
      ['grant', 100_000],
      ['stake', -2_500],
      ['payout', 3_500],
    ]);
    expect((await auditLedger(app.db)).violations).toEqual([]);
  });
});
