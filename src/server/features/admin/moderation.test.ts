import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogPageSchema,
  contentReportReceiptSchema,
  moderationItemSchema,
  moderationQueueSchema,
} from '../../../shared/schemas/admin.ts';
import { betCommentSchema } from '../../../shared/schemas/chat.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { createBetAs, createUser, makeFriends, type TestUser } from '../../test/fixtures.ts';
import { createTestApp, testDbKind } from '../../test/test-app.ts';

const refusal = (response: { statusCode: number; body: string }) => ({
  status: response.statusCode,
  ...errorBodySchema.parse(JSON.parse(response.body)),
});

describe(`moderation on ${testDbKind}`, () => {
  let app: FastifyInstance;
  let eve: TestUser; // admin
  let ann: TestUser; // creates the bet
  let bob: TestUser; // Ann's friend
  let dan: TestUser; // a stranger
  let betId: number;
  let commentId: number;
  const ids: Record<'bet' | 'comment' | 'user', number> = { bet: 0, comment: 0, user: 0 };

  beforeAll(async () => {
    app = await createTestApp();
    eve = await createUser(app, 'Eve', { admin: true });
    ann = await createUser(app, 'Ann');
    bob = await createUser(app, 'Bob');
    dan = await createUser(app, 'Dan');
    await makeFriends(app, ann, bob);
    betId = (await createBetAs(ann, { title: 'Questionable bet' })).id;
    const comment = await ann.agent.post(`/api/bets/${betId}/comments`, { text: 'Rude remark' });
    expect(comment.statusCode, comment.body).toBe(201);
    commentId = betCommentSchema.parse(comment.json()).id;
  });

  afterAll(async () => {
    await app?.close();
  });

  const report = (user: TestUser, body: unknown) => user.agent.post('/api/reports/content', body);

  describe('reporting', () => {
    it('takes reports of a visible bet, comment or user from any signed-in user', async () => {
      for (const [user, kind, id] of [
        [bob, 'bet', betId],
        [bob, 'comment', commentId],
        [dan, 'user', ann.id],
      ] as const) {
        const response = await report(user, { kind, id, reason: `  Not OK: ${kind}  ` });
        expect(response.statusCode, response.body).toBe(201);
        const receipt = contentReportReceiptSchema.parse(response.json());
        expect(receipt).toMatchObject({ kind, targetId: id, status: 'open' });
        ids[kind] = receipt.id;
      }
    });

    it('answers 404 for what the reporter cannot see or what does not exist', async () => {
      expect(refusal(await report(dan, { kind: 'bet', id: betId, reason: 'x' }))).toMatchObject({ status: 404, code: 'bet_not_found' });
      expect(refusal(await report(dan, { kind: 'comment', id: commentId, reason: 'x' }))).toMatchObject({
        status: 404,
        code: 'comment_not_found',
      });
      expect(refusal(await report(bob, { kind: 'bet', id: 999_999, reason: 'x' }))).toMatchObject({ status: 404 });
      expect(refusal(await report(bob, { kind: 'bet', id: 2 ** 40, reason: 'x' }))).toMatchObject({ status: 404 });
      expect(refusal(await report(bob, { kind: 'user', id: 2 ** 40, reason: 'x' }))).toMatchObject({ status: 404 });
      expect(refusal(await report(bob, { kind: 'comment', id: 2 ** 40, reason: 'x' }))).toMatchObject({ status: 404 });
      expect(refusal(await report(bob, { kind: 'user', id: 999_999, reason: 'x' }))).toMatchObject({
        status: 404,
        code: 'user_not_found',
      });
    });

    it.each([
      [{ kind: 'post', id: 1, reason: 'x' }, 'Choose what to report'],
      [{ kind: 'bet', reason: 'x' }, 'Choose what to report'],
      [{ kind: 'bet', id: -1, reason: 'x' }, 'Choose what to report'],
      [{ kind: 'bet', id: 1 }, 'Reason is required'],
      [{ kind: 'bet', id: 1, reason: '  ' }, 'Reason is required'],
      [{ kind: 'bet', id: 1, reason: 'x'.repeat(501) }, 'Reason must be at most 500 characters'],
    ])('refuses %j with its message', async (body, message) => {
      expect(refusal(await report(bob, body))).toEqual({ status: 400, error: message, code: 'invalid_input' });
    });

    it('refuses a second open report of the same thing, reports of yourself, and signed-out callers', async () => {
      expect(refusal(await report(bob, { kind: 'bet', id: betId, reason: 'Again' }))).toEqual({
        status: 409,
        error: 'You have already reported this',
        code: 'already_reported',
      });
      expect(refusal(await report(dan, { kind: 'user', id: dan.id, reason: 'Me' }))).toMatchObject({
        status: 400,
        code: 'cannot_report_self',
      });
      const signedOut = await app.inject({ method: 'POST', url: '/api/reports/content', payload: { kind: 'bet' } });
      expect(refusal(signedOut)).toMatchObject({ status: 401 });
    });
  });

  describe('the queue', () => {
    it('lists every report with reporter and target, newest first, for admins only', async () => {
      expect((await bob.agent.get('/api/admin/moderation')).statusCode).toBe(403);
      const response = await eve.agent.get('/api/admin/moderation');
      expect(response.statusCode, response.body).toBe(200);
      const queue = moderationQueueSchema.parse(response.json());
      expect(queue).toMatchObject({ openCount: 3, total: 3, nextOffset: null });
      expect(queue.reports.map((r) => [r.kind, r.reporter.username, r.reason, r.status, r.target])).toEqual([
        ['user', 'Dan', 'Not OK: user', 'open', { label: 'Ann', userId: ann.id, betId: null }],
        ['comment', 'Bob', 'Not OK: comment', 'open', { label: 'Rude remark', userId: ann.id, betId }],
        ['bet', 'Bob', 'Not OK: bet', 'open', { label: 'Questionable bet', userId: ann.id, betId }],
      ]);
    });

    it('resolves and dismisses each report once, logging both', async () => {
      const resolved = await eve.agent.post(`/api/admin/moderation/${ids.comment}/resolve`, { note: 'Asked Ann to be nicer' });
      expect(resolved.statusCode, resolved.body).toBe(200);
      expect(moderationItemSchema.parse(resolved.json())).toMatchObject({
        id: ids.comment,
        status: 'resolved',
        handledBy: { id: eve.id, username: 'Eve' },
        note: 'Asked Ann to be nicer',
      });
      const dismissed = moderationItemSchema.parse((await eve.agent.request('POST', `/api/admin/moderation/${ids.user}/dismiss`)).json());
      expect(dismissed).toMatchObject({ status: 'dismissed', note: null });
      expect(dismissed.handledAt).not.toBeNull();

      for (const action of ['resolve', 'dismiss']) {
        expect(refusal(await eve.agent.post(`/api/admin/moderation/${ids.user}/${action}`, {}))).toEqual({
          status: 409,
          error: 'This report has already been handled',
          code: 'report_handled',
        });
      }
      expect(refusal(await eve.agent.post('/api/admin/moderation/999999/resolve', {}))).toMatchObject({ status: 404 });
      expect(refusal(await eve.agent.post(`/api/admin/moderation/${ids.bet}/resolve`, { note: 'x'.repeat(501) }))).toMatchObject({
        status: 400,
      });

      const log = auditLogPageSchema.parse((await eve.agent.get('/api/admin/audit-log?targetType=content_report')).json());
      expect(log.entries.map((e) => [e.action, e.targetId, e.after])).toEqual([
        ['report.dismiss', ids.user, { status: 'dismissed', note: null }],
        ['report.resolve', ids.comment, { status: 'resolved', note: 'Asked Ann to be nicer' }],
      ]);
    });

    it('keeps open reports first, and filters by status', async () => {
      const queue = moderationQueueSchema.parse((await eve.agent.get('/api/admin/moderation')).json());
      expect(queue.openCount).toBe(1);
      expect(queue.reports.map((r) => [r.id, r.status])).toEqual([
        [ids.bet, 'open'],
        [ids.user, 'dismissed'],
        [ids.comment, 'resolved'],
      ]);
      const open = moderationQueueSchema.parse((await eve.agent.get('/api/admin/moderation?status=open')).json());
      expect(open).toMatchObject({ total: 1, openCount: 1 });
      expect(open.reports.map((r) => r.id)).toEqual([ids.bet]);
      const paged = moderationQueueSchema.parse((await eve.agent.get('/api/admin/moderation?limit=2')).json());
      expect(paged).toMatchObject({ total: 3, nextOffset: 2 });
      expect((await eve.agent.get('/api/admin/moderation?status=closed')).statusCode).toBe(400);
    });

    it('takes a new report of something once its earlier one was handled', async () => {
      const again = await report(bob, { kind: 'comment', id: commentId, reason: 'Still rude' });
      expect(again.statusCode, again.body).toBe(201);
    });
  });
});
