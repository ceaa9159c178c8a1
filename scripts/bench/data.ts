import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type DatabaseConfig } from '../../src/server/config.ts';
import { type UserRow, users } from '../../src/server/features/users/service.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, hashSessionId } from '../../src/server/features/auth/sessions.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { createBet } from '../../src/server/features/bets/service.ts';
import { createCrew } from '../../src/server/features/crews/service.ts';
import { crewMembers } from '../../src/server/features/crews/tables.ts';
import { STARTING_GRANT_CENTS, moveCrewMoney } from '../../src/server/features/wallet/service.ts';
import { createBetBodySchema } from '../../src/shared/schemas/bets.ts';
import { CREW_MEMBERS_MAX, createCrewBodySchema } from '../../src/shared/schemas/crews.ts';

/**
 * Benchmark data. Users are synthetic but valid: each has its 1,000.00 grant in the ledger (as
 * signInWithIdentity writes it) and a real session, so the ledger audit holds and the server
 * authenticates them as anyone else. Everything the bench makes says so: usernames start with
 * the part's prefix, first names are 'Synthetic bench user', emails end in @bench.betbro.invalid.
 */

export interface BenchUser {
  id: number;
  username: string;
  /** The Cookie header value that signs this user in. */
  cookie: string;
}

/** A second app on the bench database, in this process, to set data up through the app's own code. */
export async function openSetupApp(database: DatabaseConfig): Promise<FastifyInstance> {
  const config = { ...loadConfig({ LOG_LEVEL: 'warn' }), database, redisUrl: null, backgroundJobs: false };
  return buildApp(config);
}

const BATCH = 2_000;

/** `count` users with grants and sessions, in batches of one transaction each. */
export async function createSyntheticUsers(app: FastifyInstance, prefix: string, count: number, firstNumber = 0): Promise<BenchUser[]> {
  const created: BenchUser[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const names = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => `${prefix}${firstNumber + start + i}`);
    const tokens = names.map(() => randomBytes(32).toString('base64url'));
    const rows = await app.database.withConnection(async (query) => {
      await query('begin');
      try {
        const inserted = await query<{ id: number; username: string }>(
          `insert into users (username, email, first_name, balance_cents)
           select name, name || '@bench.betbro.invalid', 'Synthetic bench user', $2::bigint from unnest($1::text[]) as t(name)
           returning id, username`,
          [names, STARTING_GRANT_CENTS],
        );
        const idOf = new Map(inserted.map((r) => [r.username, Number(r.id)]));
        const ids = names.map((n) => idOf.get(n)!);
        // The grant is the first ledger row of each user, so its running balance is the grant itself.
        await query(
          `insert into ledger_entries (user_id, kind, amount_cents, balance_after_cents, note)
           select id, 'grant', $2::bigint, $2::bigint, 'Starting balance' from unnest($1::int[]) as t(id)`,
          [ids, STARTING_GRANT_CENTS],
        );
        await query(
          `insert into sessions (id_hash, user_id, expires_at, user_agent)
           select hash, id, $3::timestamptz, 'betbro bench' from unnest($1::text[], $2::int[]) as t(hash, id)`,
          [tokens.map(hashSessionId), ids, new Date(Date.now() + SESSION_TTL_MS).toISOString()],
        );
        await query('commit');
        return ids;
      } catch (error) {
        await query('rollback');
        throw error;
      }
    });
    rows.forEach((id, i) => created.push({ id, username: names[i]!, cookie: `${SESSION_COOKIE}=${tokens[i]!}` }));
  }
  return created;
}

/** Accepted friendships, one row per pair, as accepting a request leaves them. */
export async function makeFriends(app: FastifyInstance, pairs: readonly (readonly [number, number])[]): Promise<void> {
  for (let start = 0; start < pairs.length; start += 10_000) {
    const slice = pairs.slice(start, start + 10_000);
    await app.database.withConnection((query) =>
      query(
        `insert into friendships (requester_id, addressee_id, status, responded_at)
         select a, b, 'accepted', now() from unnest($1::int[], $2::int[]) as t(a, b)`,
        [slice.map((p) => p[0]), slice.map((p) => p[1])],
      ),
    );
  }
}

export async function userRows(app: FastifyInstance, ids: number[]): Promise<Map<number, UserRow>> {
  const rows = await app.db.select().from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Bets created through the app's own service, as POST /api/bets creates them; with `crewId`, crew
 * bets of that crew (its creators must be members).
 */
export async function createBets(
  app: FastifyInstance,
  creators: UserRow[],
  perCreator: number,
  label: string,
  options: { crewId?: number } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let round = 0; round < perCreator; round += 1) {
    for (const creator of creators) {
      const body = createBetBodySchema.parse({
        title: `${label} #${ids.length + 1}`,
        description: 'A bet made by the benchmark (synthetic data).',
        category: 'Sports',
        options: ['Home', 'Away', 'Draw'],
        expirationType: 'indefinite',
        ...(options.crewId === undefined ? {} : { crewId: options.crewId }),
      });
      ids.push(await createBet(app, creator, body));
    }
  }
  return ids;
}

/**
 * A crew (docs/product.md §6.7) made by `owner` through the app's own service, as POST /api/crews
 * makes it (its first season open, the owner granted the starting balance), joined by `memberIds`
 * as accepting its invite link joins them: a membership row each and the starting balance granted
 * in the current season through move_crew_money, the one writer of crew money. Done in one
 * transaction for all of them, without the joins' notifications. Answers the crew's id.
 */
export async function createCrewWithMembers(app: FastifyInstance, owner: UserRow, name: string, memberIds: readonly number[]): Promise<number> {
  if (memberIds.length + 1 > CREW_MEMBERS_MAX) throw new Error(`a crew holds at most ${CREW_MEMBERS_MAX} members`);
  const crew = await createCrew(app, owner, createCrewBodySchema.parse({ name }));
  if (memberIds.length === 0) return crew.id;
  await inTransaction(app.db, async (tx) => {
    const [season] = rowsOf<{ id: number }>(await tx.execute(sql`select id from crew_seasons where crew_id = ${crew.id} and ended_at is null`));
    if (!season) throw new Error(`crew ${crew.id} has no current season`);
    await tx.insert(crewMembers).values(memberIds.map((userId) => ({ crewId: crew.id, userId })));
    const startingCents = Math.round(Number(crew.startingBalance) * 100);
    await moveCrewMoney(
      tx,
      'grant',
      memberIds.map((userId) => ({ seasonId: season.id, userId, amountCents: startingCents })),
    );
  });
  return crew.id;
}

/**
 * After a bulk load, what autovacuum does a little later on any table that received many rows
 * (PostgreSQL 13 and later vacuum insert-only tables too): fresh planner statistics, and the
 * visibility map that lets index-only scans skip the table. A bench run lasts less than
 * autovacuum's nap, so it is done here, to measure the steady state users see.
 */
export async function analyze(app: FastifyInstance): Promise<void> {
  await app.database.withConnection((query) => query('vacuum analyze'));
}
