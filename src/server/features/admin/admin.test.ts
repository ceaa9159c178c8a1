import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjustResponseSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserSchema,
  auditLogPageSchema,
  deactivateResponseSchema,
  type AuditEntry,
} from '../../../shared/schemas/admin.ts';
import { betDetailSchema, ledgerPageSchema } from '../../../shared/schemas/bets.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createSession } from '../auth/service.ts';
import { balanceOf, createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { HttpAgent } from '../../test/http-agent.ts';
import { authorize, exchange, signIn } from '../../test/sign-in.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';
import { auditLedger } from '../wallet/service.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});

async function auditEntries(admin: TestUser, query = ''): Promise<AuditEntry[]> {
  const response = await admin.agent.get(`/api/admin/audit-log?limit=100${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return auditLogPageSchema.parse(response.json()).entries;
}

describe(`administration on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let eve: TestUser; // admin
  let ann: TestUser;
  let bob: TestUser; // Ann's friend
  let cat: TestUser; // Ann's friend

  beforeAll(async () => {
    app = await createTestApp();
    eve = await createUser(app, 'Eve', { admin: true });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    cat = await createUser(app, 'Cat');
    await makeFriends(app, ann, bob);
    await makeFriends(app, cat, ann);
  });

  afterAll(async () => {
    if (app) {
      // Whatever the admins did, the books balance.
      expect((await auditLedger(app.db)).violations).toEqual([]);
      await app.close();
    }
  });

  describe('access', () => {
    const calls = (id: number) =>
      [
        ['GET', '/api/admin/users', undefined],
        ['GET', `/api/admin/users/${id}`, undefined],
        ['POST', '/api/admin/users', { username: 'Sneaky', email: 'sneaky@betbro.test', password: 'long enough' }],
        ['DELETE', `/api/admin/users/${id}`, undefined],
        ['PUT', `/api/admin/users/${id}/role`, { role: 'admin' }],
        ['POST', `/api/admin/users/${id}/adjust`, { amount: '100', reason: 'Because' }],
        ['GET', '/api/admin/audit-log', undefined],
        ['GET', '/api/reports', undefined],
        ['GET', '/api/admin/moderation', undefined],
        ['POST', '/api/admin/moderation/1/resolve', {}],
        ['POST', '/api/admin/moderation/1/dismiss', {}],
      ] as const;

    it('refuses every admin endpoint to users (403) and signed-out callers (401), changing nothing', async () => {
      for (const [method, url, json] of calls(bob.id)) {
        const asUser = await ann.agent.request(method, url, { json });
        expect(refusal(asUser), `${method} ${url}`).toEqual({ status: 403, error: 'Admin access required', code: 'forbidden' });
        const signedOut = await app.inject({ method, url, ...(json ? { payload: json } : {}) });
        expect(refusal(signedOut), `${method} ${url}`).toMatchObject({ status: 401, code: 'unauthorized' });
      }
      expect(await balanceOf(app, bob.id)).toBe(100_000);
      const me = await bob.agent.get('/api/auth/user');
      expect(me.json()).toMatchObject({ role: 'user' });
    });

    it('answers 401 / 403 before looking at the input', async () => {
      const bad = { amount: 'lots', reason: '' };
      expect((await app.inject({ method: 'POST', url: `/api/admin/users/${bob.id}/adjust`, payload: bad })).statusCode).toBe(401);
      expect((await ann.agent.post(`/api/admin/users/${bob.id}/adjust`, bad)).statusCode).toBe(403);
      expect((await ann.agent.get('/api/admin/users?sort=nonsense')).statusCode).toBe(403);
    });
  });

  describe('listing and viewing users', () => {
    it('searches by username or email prefix, ignoring case, with % and _ taken literally', async () => {
      await createUser(app, 'Sam_1');
      await createUser(app, 'Samx1');
      const search = async (q: string) => {
        const response = await eve.agent.get(`/api/admin/users?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, response.body).toBe(200);
        return adminUserListSchema.parse(response.json()).users.map((u) => u.username);
      };
      expect(await search('an')).toEqual(['Ann']);
      expect(await search('BOB@betbro')).toEqual(['Bob']);
      expect((await search('sam')).sort()).toEqual(['Sam_1', 'Samx1']);
      expect(await search('sam_')).toEqual(['Sam_1']);
      expect(await search('%')).toEqual([]);
      expect(await search('betbro.test')).toEqual([]);
    });

    it('shows emails and pages by offset with a total', async () => {
      const first = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?limit=2&sort=signup&order=asc')).json());
      expect(first.users.map((u) => u.username)).toEqual(['Eve', 'Ann']);
      expect(first.users[1]).toMatchObject({ email: 'ann@betbro.test', role: 'user', balance: '1000.00', deactivatedAt: null });
      expect(first.total).toBeGreaterThanOrEqual(6);
      expect(first.nextOffset).toBe(2);
      const second = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?limit=2&offset=2&sort=signup&order=asc')).json());
      expect(second.users.map((u) => u.username)).toEqual(['Bob', 'Cat']);
      const all = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?limit=100')).json());
      expect(all.nextOffset).toBeNull();
      expect(all.users).toHaveLength(all.total);
      // Newest sign-up first by default.
      expect(all.users.map((u) => u.id)).toEqual([...all.users.map((u) => u.id)].sort((a, b) => b - a));
    });

    it('sorts by balance and by bets', async () => {
      const bet = await createBetAs(ann, { title: 'Sorting fodder' });
      await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 40 });
      await cat.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 1 });
      const byBalance = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?sort=balance&order=asc&limit=2')).json());
      expect(byBalance.users.map((u) => [u.username, u.balance])).toEqual([
        ['Bob', '960.00'],
        ['Cat', '999.00'],
      ]);
      const byBets = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?sort=bets&order=desc&limit=100')).json());
      expect(byBets.users.slice(0, 2).map((u) => u.username).sort()).toEqual(['Bob', 'Cat']);
      expect(byBets.users.map((u) => u.totalBets)).toEqual([...byBets.users.map((u) => u.totalBets)].sort((a, b) => b - a));
    });

    it('refuses bad query parameters with 400', async () => {
      expect(refusal(await eve.agent.get('/api/admin/users?sort=karma'))).toEqual({
        status: 400,
        error: 'Sort must be signup, balance or bets',
        code: 'invalid_input',
      });
      expect((await eve.agent.get('/api/admin/users?limit=0')).statusCode).toBe(400);
      expect((await eve.agent.get('/api/admin/users?offset=-1')).statusCode).toBe(400);
      expect((await eve.agent.get('/api/admin/users/abc')).statusCode).toBe(400);
    });

    it('shows one user with ledger summary, created bets, stakes and sessions', async () => {
      const response = await eve.agent.get(`/api/admin/users/${ann.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = adminUserDetailSchema.parse(response.json());
      expect(detail.user).toMatchObject({ id: ann.id, username: 'Ann', email: 'ann@betbro.test', balance: '1000.00' });
      expect(detail.ledgerSummary).toEqual([
        { kind: 'grant', count: 1, total: '1000.00' },
        { kind: 'stake', count: 0, total: '0.00' },
        { kind: 'payout', count: 0, total: '0.00' },
        { kind: 'refund', count: 0, total: '0.00' },
        { kind: 'adjustment', count: 0, total: '0.00' },
      ]);
      expect(detail.bets.map((b) => b.title)).toContain('Sorting fodder');
      expect(detail.user.betsCreated).toBe(detail.bets.length);
      expect(detail).toMatchObject({ stakesCount: 0, activeSessions: 1, deactivated: false });

      const bobs = adminUserDetailSchema.parse((await eve.agent.get(`/api/admin/users/${bob.id}`)).json());
      expect(bobs.stakesCount).toBe(1);
      expect(bobs.ledgerSummary.find((r) => r.kind === 'stake')).toEqual({ kind: 'stake', count: 1, total: '-40.00' });
      expect(refusal(await eve.agent.get('/api/admin/users/999999'))).toMatchObject({ status: 404, code: 'user_not_found' });
    });
  });

  describe('adding a user', () => {
    const valid = { username: 'Newbie', email: 'Newbie@Example.test', password: 'long enough' };

    it.each([
      [{ username: undefined }, 'Username is required'],
      [{ username: '   ' }, 'Username is required'],
      [{ username: 'ab' }, 'Username must be at least 3 characters long'],
      [{ username: 'user_abc' }, 'Username cannot start with "user_"'],
      [{ username: 'no spaces' }, 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
      [{ email: undefined }, 'Email is required'],
      [{ email: '' }, 'Email is required'],
      [{ email: 'not-an-email' }, 'Enter a valid email address'],
      [{ password: undefined }, 'Password is required'],
      [{ password: '' }, 'Password is required'],
      [{ password: 'short' }, 'Password must be at least 8 characters'],
      [{ role: 'root' }, 'Role must be user or admin'],
    ])('refuses %j with its message', async (change, message) => {
      const response = await eve.agent.post('/api/admin/users', { ...valid, ...change });
      expect(refusal(response)).toEqual({ status: 400, error: message, code: 'invalid_input' });
    });

    it('creates an account that signs in through the provider as the same user, with one grant', async () => {
      const response = await eve.agent.post('/api/admin/users', valid);
      expect(response.statusCode, response.body).toBe(201);
      const created = adminUserSchema.parse(response.json());
      expect(created).toMatchObject({ username: 'Newbie', email: 'newbie@example.test', role: 'user', balance: '1000.00' });

      const { agent, body } = await signIn(app, 'newbie@example.test', 'long enough');
      expect(body.user).toMatchObject({ id: created.id, username: 'Newbie', balance: '1000.00', role: 'user' });
      const ledger = ledgerPageSchema.parse((await agent.get('/api/wallet/ledger')).json());
      expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([['grant', '1000.00']]);
      // A second sign-in finds the same user again.
      expect((await signIn(app, 'NEWBIE@example.test', 'long enough')).body.user.id).toBe(created.id);

      const [entry] = await auditEntries(eve, `&targetType=user&targetId=${created.id}`);
      expect(entry).toMatchObject({
        actor: { id: eve.id, username: 'Eve' },
        action: 'user.create',
        before: null,
        after: { username: 'Newbie', email: 'newbie@example.test', role: 'user', balance: '1000.00' },
      });
    });

    it('creates admins when asked', async () => {
      const response = await eve.agent.post('/api/admin/users', { username: 'Helper', email: 'helper@example.test', password: 'long enough', role: 'admin' });
      expect(adminUserSchema.parse(response.json()).role).toBe('admin');
      const { agent } = await signIn(app, 'helper@example.test', 'long enough');
      expect((await agent.get('/api/admin/users')).statusCode).toBe(200);
    });

    it('refuses a taken username or email, and leaves no half-made account', async () => {
      expect(refusal(await eve.agent.post('/api/admin/users', { ...valid, username: 'NEWBIE', email: 'other@example.test' }))).toEqual({
        status: 409,
        error: 'Username is already taken',
        code: 'username_taken',
      });
      expect(refusal(await eve.agent.post('/api/admin/users', { ...valid, username: 'Another', email: 'NEWBIE@example.test' }))).toEqual({
        status: 409,
        error: 'Email is already registered',
        code: 'email_taken',
      });
      // Ann signed in elsewhere with this email: it is registered too.
      expect(refusal(await eve.agent.post('/api/admin/users', { ...valid, username: 'Another', email: 'ann@betbro.test' }))).toMatchObject({
        status: 409,
        code: 'email_taken',
      });
      const list = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?q=another')).json());
      expect(list.total).toBe(0);
    });

    it('refuses weak passwords, reserved names and look-alikes of taken names, adding nobody', async () => {
      const tries: [Record<string, unknown>, { status: number; error: string; code: string }][] = [
        [{ password: 'password' }, { status: 400, error: 'This password is too common; choose one that is harder to guess', code: 'weak_password' }],
        [{ password: '12345678' }, { status: 400, error: 'This password is too common; choose one that is harder to guess', code: 'weak_password' }],
        [{ password: 'Password1' }, { status: 400, error: 'This password is too common; choose one that is harder to guess', code: 'weak_password' }],
        [{ password: ' '.repeat(8) }, { status: 400, error: 'Password must not be only spaces', code: 'invalid_input' }],
        [{ email: 'same.as@example.test', password: 'Same.As@Example.test' }, { status: 400, error: 'Password must not be your email address', code: 'weak_password' }],
        [{ username: 'Support' }, { status: 400, error: 'This username is reserved', code: 'invalid_input' }],
        [{ username: 'Adm1n' }, { status: 400, error: 'This username is reserved', code: 'invalid_input' }],
        [{ username: 'NEWBlE' }, { status: 409, error: 'Username is already taken', code: 'username_taken' }],
      ];
      for (const [change, expected] of tries) {
        const response = await eve.agent.post('/api/admin/users', { ...valid, username: 'Fresh_One', email: 'fresh@example.test', ...change });
        expect(refusal(response), JSON.stringify(change)).toEqual(expected);
      }
      const accounts = await app.database.withConnection((q) =>
        q("select id from local_accounts where email in ('fresh@example.test', 'same.as@example.test')"),
      );
      expect(accounts).toEqual([]);
    });

    it('lets one of two simultaneous adds of a name win, and leaves no account behind for the other', async () => {
      const results = await Promise.all(
        ['twin.one@example.test', 'twin.two@example.test'].map((email) =>
          eve.agent.post('/api/admin/users', { username: 'Twin', email, password: 'long enough' }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const loser = results.find((r) => r.statusCode === 409)!;
      expect(refusal(loser)).toMatchObject({ code: 'username_taken' });
      const accounts = await app.database.withConnection((q) =>
        q<{ email: string }>("select email from local_accounts where email like 'twin.%'"),
      );
      expect(accounts.map((a) => a.email)).toEqual([adminUserSchema.parse(results.find((r) => r.statusCode === 201)!.json()).email]);
    });
  });

  describe('adjusting a balance', () => {
    it.each([
      [{ amount: 0 }, 'Amount must not be zero'],
      [{ amount: '-0.00' }, 'Amount must not be zero'],
      [{ amount: '1.005' }, 'Amount must be in whole cents'],
      [{ amount: 0.1 + 0.2 }, 'Amount must be in whole cents'],
      [{ amount: 'lots' }, 'Enter a valid amount'],
      [{ amount: '--5' }, 'Enter a valid amount'],
      [{ amount: undefined }, 'Enter a valid amount'],
      [{ reason: undefined }, 'Reason is required'],
      [{ reason: '   ' }, 'Reason is required'],
      [{ reason: 'x'.repeat(201) }, 'Reason must be at most 200 characters'],
    ])('refuses %j with its message', async (change, message) => {
      const response = await eve.agent.post(`/api/admin/users/${cat.id}/adjust`, { amount: '5', reason: 'Test', ...change });
      expect(refusal(response)).toEqual({ status: 400, error: message, code: 'invalid_input' });
    });

    it('credits and debits through the ledger and the audit log, keeping the books balanced', async () => {
      const before = await balanceOf(app, ann.id);
      const credit = await eve.agent.post(`/api/admin/users/${ann.id}/adjust`, { amount: '25.50', reason: 'Welcome bonus' });
      expect(credit.statusCode, credit.body).toBe(200);
      const credited = adjustResponseSchema.parse(credit.json());
      expect(credited.user.balance).toBe('1025.50');
      expect(credited.entry).toMatchObject({ kind: 'adjustment', amount: '25.50', balanceAfter: '1025.50', note: 'Welcome bonus', betId: null });

      const debit = adjustResponseSchema.parse((await eve.agent.post(`/api/admin/users/${ann.id}/adjust`, { amount: -10.25, reason: 'Correction' })).json());
      expect(debit.entry).toMatchObject({ amount: '-10.25', balanceAfter: '1015.25', note: 'Correction' });
      expect(await balanceOf(app, ann.id)).toBe(before + 2550 - 1025);

      // The user sees both in their own ledger, with the reason.
      const ledger = ledgerPageSchema.parse((await ann.agent.get('/api/wallet/ledger?limit=2')).json());
      expect(ledger.entries.map((e) => [e.kind, e.amount, e.note])).toEqual([
        ['adjustment', '-10.25', 'Correction'],
        ['adjustment', '25.50', 'Welcome bonus'],
      ]);

      const entries = await auditEntries(eve, `&targetType=user&targetId=${ann.id}`);
      expect(entries.slice(0, 2).map((e) => [e.action, e.before, e.after])).toEqual([
        [
          'user.adjust',
          { balance: '1025.50' },
          { balance: '1015.25', amount: '-10.25', reason: 'Correction', ledgerEntryId: debit.entry.id },
        ],
        [
          'user.adjust',
          { balance: '1000.00' },
          { balance: '1025.50', amount: '25.50', reason: 'Welcome bonus', ledgerEntryId: credited.entry.id },
        ],
      ]);

      const audit = await auditLedger(app.db);
      expect(audit.violations).toEqual([]);
      expect(audit.totals.adjustmentsCents).toBe(2550 - 1025);
    });

    it('refuses a credit that would pass the maximum balance, changing nothing', async () => {
      const before = await balanceOf(app, cat.id);
      const ledgerRows = async () =>
        (await app.database.withConnection((q) => q('select id from ledger_entries where user_id = $1', [cat.id]))).length;
      const rowsBefore = await ledgerRows();
      const response = await eve.agent.post(`/api/admin/users/${cat.id}/adjust`, { amount: '10000000000', reason: 'Too rich' });
      expect(refusal(response)).toEqual({ status: 400, error: 'The balance would pass the maximum of 10000000000.00', code: 'balance_too_large' });
      expect(await balanceOf(app, cat.id)).toBe(before);
      expect(await ledgerRows()).toBe(rowsBefore);
      expect((await auditLedger(app.db)).violations).toEqual([]);
    });

    it('never takes a balance below zero', async () => {
      const before = await balanceOf(app, cat.id);
      const response = await eve.agent.post(`/api/admin/users/${cat.id}/adjust`, { amount: `-${before / 100 + 0.01}`, reason: 'Too much' });
      expect(refusal(response)).toEqual({ status: 409, error: 'Insufficient balance', code: 'insufficient_balance' });
      expect(await balanceOf(app, cat.id)).toBe(before);
      const all = await eve.agent.post(`/api/admin/users/${cat.id}/adjust`, { amount: `-${before / 100}`, reason: 'Exactly all' });
      expect(adjustResponseSchema.parse(all.json()).user.balance).toBe('0.00');
      await eve.agent.post(`/api/admin/users/${cat.id}/adjust`, { amount: `+${before / 100}`, reason: 'Put it back' });
      expect(await balanceOf(app, cat.id)).toBe(before);
      expect(refusal(await eve.agent.post('/api/admin/users/999999/adjust', { amount: 1, reason: 'Nobody' }))).toMatchObject({ status: 404 });
    });
  });

  describe('admin bet actions', () => {
    it('edits, resolves and deletes bets as before, and logs each with before and after', async () => {
      const bet = await createBetAs(ann, { title: 'Typo in titel' });
      expect((await eve.agent.put(`/api/admin/bets/${bet.id}`, { title: 'Typo in title', description: 'Fixed.' })).statusCode).toBe(200);
      await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: 3 });
      await cat.agent.post(`/api/bets/${bet.id}/participate`, { option: 1, amount: 1 });
      const resolved = await eve.agent.post(`/api/admin/bets/${bet.id}/resolve`, { winningOption: 0 });
      expect(betDetailSchema.parse(resolved.json())).toMatchObject({ status: 'resolved', winningOption: 0 });

      const entries = await auditEntries(eve, `&targetType=bet&targetId=${bet.id}`);
      expect(entries.map((e) => e.action)).toEqual(['bet.resolve', 'bet.edit']);
      expect(entries[1]).toMatchObject({
        before: { title: 'Typo in titel', description: 'Saturday, kick-off at three.' },
        after: { title: 'Typo in title', description: 'Fixed.' },
      });
      expect(entries[0]).toMatchObject({
        before: { status: 'active', winningOption: null, totalPot: '4.00', participants: 2 },
        after: { status: 'resolved', winningOption: 0, winningLabel: 'Home', settlement: 'payout' },
      });

      // Deleting a settled bet only hides it: nothing to refund, but logged all the same.
      expect((await eve.agent.delete(`/api/admin/bets/${bet.id}`)).json()).toEqual({ id: bet.id, refunded: false });
      const [deleted] = await auditEntries(eve, `&targetType=bet&targetId=${bet.id}`);
      expect(deleted).toMatchObject({
        action: 'bet.delete',
        before: { status: 'resolved', deleted: false },
        after: { status: 'resolved', deleted: true, refundedStakes: 0 },
      });

      // A creator resolving their own bet is no admin action.
      const own = await createBetAs(ann, { title: 'Creator resolves' });
      expect((await ann.agent.post(`/api/bets/${own.id}/resolve`, { winningOption: 0 })).statusCode).toBe(200);
      expect(await auditEntries(eve, `&targetType=bet&targetId=${own.id}`)).toEqual([]);
    });

    it('deletes a bet with stakes: refunds every one, the ledger audit stays clean, the log says so', async () => {
      const bet = await createBetAs(ann, { title: 'To be deleted', options: ['A', 'B', 'C'] });
      const stakers = [bob, cat];
      const before = await Promise.all(stakers.map((u) => balanceOf(app, u.id)));
      await bob.agent.post(`/api/bets/${bet.id}/participate`, { option: 0, amount: '7.77' });
      await cat.agent.post(`/api/bets/${bet.id}/participate`, { option: 2, amount: 8 });
      const response = await eve.agent.delete(`/api/admin/bets/${bet.id}`);
      expect(response.json()).toEqual({ id: bet.id, refunded: true });
      expect(await Promise.all(stakers.map((u) => balanceOf(app, u.id)))).toEqual(before);
      for (const user of stakers) {
        const ledger = ledgerPageSchema.parse((await user.agent.get('/api/wallet/ledger?limit=1')).json());
        expect(ledger.entries[0]).toMatchObject({ kind: 'refund', betId: bet.id });
      }
      expect((await auditLedger(app.db)).violations).toEqual([]);
      const [entry] = await auditEntries(eve, `&targetType=bet&targetId=${bet.id}`);
      expect(entry).toMatchObject({
        action: 'bet.delete',
        before: { status: 'active', totalPot: '15.77', deleted: false },
        after: { status: 'void', voidReason: 'deleted_by_admin', deleted: true, refundedStakes: 2 },
      });
    });
  });

  describe('deleting a user', () => {
    it('deactivates the account: sessions revoked, open bets voided and refunded, sign-in refused, ledger kept', async () => {
      const created = adminUserSchema.parse(
        (await eve.agent.post('/api/admin/users', { username: 'Leaver', email: 'leaver@example.test', password: 'long enough' })).json(),
      );
      const { agent } = await signIn(app, 'leaver@example.test', 'long enough');
      const leaver: TestUser = { id: created.id, username: 'Leaver', agent };
      await makeFriends(app, leaver, bob);
      await makeFriends(app, leaver, cat);
      // A second device.
      const other = new HttpAgent(app);
      other.setCookie('betbro_session', (await createSession(app.db, { userId: leaver.id })).token);

      const open = await createBetAs(leaver, { title: 'Open when I left' });
      const timed = await createBetAs(leaver, { title: 'Also open', expirationType: 'time', expirationValue: '5' });
      const settled = await createBetAs(leaver, { title: 'Already settled' });
      await bob.agent.post(`/api/bets/${open.id}/participate`, { option: 0, amount: 12 });
      await cat.agent.post(`/api/bets/${open.id}/participate`, { option: 1, amount: '3.33' });
      await bob.agent.post(`/api/bets/${timed.id}/participate`, { option: 1, amount: 2 });
      await bob.agent.post(`/api/bets/${settled.id}/participate`, { option: 0, amount: 1 });
      await leaver.agent.post(`/api/bets/${settled.id}/resolve`, { winningOption: 0 });
      // Leaver's own stake on someone else's bet stays where it is.
      const annsBet = await createBetAs(ann, { title: "Ann's bet" });
      await makeFriends(app, leaver, ann);
      await leaver.agent.post(`/api/bets/${annsBet.id}/participate`, { option: 0, amount: 50 });
      const [bobBefore, catBefore] = [await balanceOf(app, bob.id), await balanceOf(app, cat.id)];
      const leaverBalance = await balanceOf(app, leaver.id);

      const response = await eve.agent.delete(`/api/admin/users/${leaver.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const result = deactivateResponseSchema.parse(response.json());
      expect(result).toMatchObject({ id: leaver.id, deactivatedNow: true, sessionsRevoked: 2, voidedBetIds: [open.id, timed.id] });

      for (const device of [leaver.agent, other]) expect((await device.get('/api/auth/user')).statusCode).toBe(401);
      expect(await balanceOf(app, bob.id)).toBe(bobBefore + 1200 + 200);
      expect(await balanceOf(app, cat.id)).toBe(catBefore + 333);
      expect(await balanceOf(app, leaver.id)).toBe(leaverBalance);
      for (const id of [open.id, timed.id]) {
        expect(betDetailSchema.parse((await eve.agent.get(`/api/bets/${id}`)).json()).status).toBe('void');
      }
      expect(betDetailSchema.parse((await eve.agent.get(`/api/bets/${settled.id}`)).json()).status).toBe('resolved');
      expect(betDetailSchema.parse((await ann.agent.get(`/api/bets/${annsBet.id}`)).json()).participants).toBe(1);
      expect((await auditLedger(app.db)).violations).toEqual([]);

      // The provider still knows the password, but Betbro refuses the account.
      const retry = new HttpAgent(app);
      const { callback } = await authorize(retry, { email: 'leaver@example.test', password: 'long enough' });
      expect(refusal(await exchange(retry, callback, app.config.publicUrl))).toEqual({
        status: 403,
        error: 'This account has been deactivated',
        code: 'account_deactivated',
      });

      const detail = adminUserDetailSchema.parse((await eve.agent.get(`/api/admin/users/${leaver.id}`)).json());
      expect(detail).toMatchObject({ deactivated: true, activeSessions: 0 });
      expect(detail.user.deactivatedAt).toBe(result.deactivatedAt);
      expect(detail.ledgerSummary.find((r) => r.kind === 'grant')?.count).toBe(1);
      const listed = adminUserListSchema.parse((await eve.agent.get('/api/admin/users?status=deactivated')).json());
      expect(listed.users.map((u) => u.id)).toEqual([leaver.id]);

      const entries = await auditEntries(eve);
      const deactivation = entries.find((e) => e.action === 'user.deactivate' && e.targetId === leaver.id);
      expect(deactivation).toMatchObject({
        actor: { id: eve.id },
        before: { username: 'Leaver', role: 'user', deactivatedAt: null },
        after: { deactivatedAt: result.deactivatedAt, sessionsRevoked: 2, openBetIds: [open.id, timed.id] },
      });
      const voids = entries.filter((e) => e.action === 'bet.void' && [open.id, timed.id].includes(e.targetId));
      expect(voids.map((e) => e.after)).toEqual([
        expect.objectContaining({ status: 'void', voidReason: 'creator_deactivated', refundedStakes: 1 }),
        expect.objectContaining({ status: 'void', voidReason: 'creator_deactivated', refundedStakes: 2 }),
      ]);

      // Again: nothing left to do, and nothing done twice.
      const again = deactivateResponseSchema.parse((await eve.agent.delete(`/api/admin/users/${leaver.id}`)).json());
      expect(again).toMatchObject({ deactivatedNow: false, sessionsRevoked: 0, voidedBetIds: [], deactivatedAt: result.deactivatedAt });
      expect((await auditEntries(eve)).length).toBe(entries.length);
      // A deactivated user keeps their role.
      expect(refusal(await eve.agent.put(`/api/admin/users/${leaver.id}/role`, { role: 'admin' }))).toMatchObject({
        status: 409,
        code: 'user_deactivated',
      });
    });

    it('refuses to delete yourself or nobody', async () => {
      expect(refusal(await eve.agent.delete(`/api/admin/users/${eve.id}`))).toEqual({
        status: 409,
        error: 'You cannot delete your own account',
        code: 'cannot_delete_self',
      });
      expect(refusal(await eve.agent.delete('/api/admin/users/999999'))).toMatchObject({ status: 404, code: 'user_not_found' });
      expect((await eve.agent.get('/api/auth/user')).statusCode).toBe(200);
    });
  });
});

describe(`the last admin on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let eve: TestUser;
  let ann: TestUser;

  beforeAll(async () => {
    app = await createTestApp();
    eve = await createUser(app, 'Eve', { admin: true });
    ann = await createUser(app, 'Ann');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('can be neither removed nor demoted', async () => {
    expect(refusal(await eve.agent.delete(`/api/admin/users/${eve.id}`))).toMatchObject({ status: 409, code: 'cannot_delete_self' });
    expect(refusal(await eve.agent.put(`/api/admin/users/${eve.id}/role`, { role: 'user' }))).toEqual({
      status: 409,
      error: 'The last admin cannot be demoted',
      code: 'last_admin',
    });
    expect((await eve.agent.get('/api/admin/users')).statusCode).toBe(200);
  });

  it('hands over: promote another, who may then demote the first, but not themselves', async () => {
    expect(refusal(await eve.agent.put(`/api/admin/users/${ann.id}/role`, { role: 'root' }))).toMatchObject({ status: 400 });
    const promoted = await eve.agent.put(`/api/admin/users/${ann.id}/role`, { role: 'admin' });
    expect(adminUserSchema.parse(promoted.json()).role).toBe('admin');
    // Setting the same role again changes (and logs) nothing.
    expect((await eve.agent.put(`/api/admin/users/${ann.id}/role`, { role: 'admin' })).statusCode).toBe(200);

    const demoted = await ann.agent.put(`/api/admin/users/${eve.id}/role`, { role: 'user' });
    expect(adminUserSchema.parse(demoted.json()).role).toBe('user');
    expect((await eve.agent.get('/api/admin/users')).statusCode).toBe(403);
    expect(refusal(await ann.agent.put(`/api/admin/users/${ann.id}/role`, { role: 'user' }))).toMatchObject({
      status: 409,
      code: 'last_admin',
    });

    const log = auditLogPageSchema.parse((await ann.agent.get('/api/admin/audit-log')).json());
    expect(log.entries.map((e) => [e.actor.username, e.action, e.targetId, e.before, e.after])).toEqual([
      ['Ann', 'user.role', eve.id, { role: 'admin' }, { role: 'user' }],
      ['Eve', 'user.role', ann.id, { role: 'user' }, { role: 'admin' }],
    ]);
  });

  it('survives two admins removing or demoting each other at once', async () => {
    const zed = await createUser(app, 'Zed', { admin: true });
    // Ann and Zed are the admins now; each tries to remove the other.
    const results = await Promise.all([
      ann.agent.delete(`/api/admin/users/${zed.id}`),
      zed.agent.delete(`/api/admin/users/${ann.id}`),
    ]);
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const [admins] = await app.database.withConnection((q) =>
      q<{ n: number }>("select count(*)::int as n from users where role = 'admin' and deactivated_at is null"),
    );
    expect(admins?.n).toBe(1);

    const survivor = statuses[0] === 200 ? ann : zed;
    const fresh = await createUser(app, 'Fay', { admin: true });
    const demotions = await Promise.all([
      survivor.agent.put(`/api/admin/users/${fresh.id}/role`, { role: 'user' }),
      fresh.agent.put(`/api/admin/users/${survivor.id}/role`, { role: 'user' }),
    ]);
    expect(demotions.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const [left] = await app.database.withConnection((q) =>
      q<{ n: number }>("select count(*)::int as n from users where role = 'admin' and deactivated_at is null"),
    );
    expect(left?.n).toBe(1);
  });
});
