import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustBodySchema,
  adjustResponseSchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  contentReportBodySchema,
  contentReportReceiptSchema,
  createUserBodySchema,
  deactivateResponseSchema,
  handleReportBodySchema,
  moderationItemSchema,
  moderationQueueSchema,
  moderationQuerySchema,
  reportsSchema,
  setRoleBodySchema,
} from '../../../shared/schemas/admin.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';
import { listAuditLog } from '../audit-log/service.ts';
import { handleReport, moderationQueue, reportContent } from './moderation.ts';
import { platformReports } from './reports.ts';
import { adjustBalance, createUser, deactivateUser, listUsers, setRole, userDetail } from './service.ts';

/** Admin-only routes: users, audit log, analytics and the moderation queue. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before validation, so a signed-out caller or a user hears 401 / 403, never how to fix the input.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users: search by username or email prefix, sort by sign-up, balance or bets, paged by offset',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema },
      },
    },
    async (request) => listUsers(app, request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A user with ledger summary, created bets, stakes and sessions',
        params: idParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => userDetail(app, requireAdmin(request), request.params.id),
  );

  app.post(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adds a user: an email + password account on the embedded provider, with the starting balance',
        body: createUserBodySchema,
        response: { 201: adminUserSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(app, requireAdmin(request), request.body)),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Deletes a user: deactivates the account, revokes its sessions, voids and refunds its open bets',
        params: idParamsSchema,
        response: { 200: deactivateResponseSchema },
      },
    },
    async (request) => deactivateUser(app, requireAdmin(request), request.params.id),
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      schema: {
        tags: ['admin'],
        summary: "Changes a user's role (the last admin stays an admin)",
        params: idParamsSchema,
        body: setRoleBodySchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => setRole(app, requireAdmin(request), request.params.id, request.body.role),
  );

  app.post(
    '/api/admin/users/:id/adjust',
    {
      schema: {
        tags: ['admin'],
        summary: 'Adjusts a balance by a signed amount, with a reason, as an adjustment ledger row',
        params: idParamsSchema,
        body: adjustBodySchema,
        response: { 200: adjustResponseSchema },
      },
    },
    async (request) =>
      adjustBalance(app, requireAdmin(request), request.params.id, {
        amountCents: request.body.amount,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin actions, newest first, paged with `before`',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );

  app.get(
    '/api/reports',
    { schema: { tags: ['admin'], summary: 'Platform analytics with daily series for the last 30 days', response: { 200: reportsSchema } } },
    async () => platformReports(app),
  );

  app.get(
    '/api/admin/moderation',
    {
      schema: {
        tags: ['admin'],
        summary: 'Content reports, open ones first',
        querystring: moderationQuerySchema,
        response: { 200: moderationQueueSchema },
      },
    },
    async (request) => moderationQueue(app, request.query),
  );

  for (const [action, outcome] of [
    ['resolve', 'resolved'],
    ['dismiss', 'dismissed'],
  ] as const) {
    app.post(
      `/api/admin/moderation/:id/${action}`,
      {
        schema: {
          tags: ['admin'],
          summary: outcome === 'resolved' ? 'Closes a report as acted upon' : 'Closes a report as needing no action',
          params: idParamsSchema,
          body: handleReportBodySchema,
          response: { 200: moderationItemSchema },
        },
      },
      async (request) => handleReport(app, requireAdmin(request), request.params.id, outcome, request.body?.note),
    );
  }
};

/** Reporting content is open to every signed-in user. */
export const contentReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.post(
    '/api/reports/content',
    {
      schema: {
        tags: ['moderation'],
        summary: 'Reports a bet, a user or a comment to the admins',
        body: contentReportBodySchema,
        response: { 201: contentReportReceiptSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await reportContent(app, requireUser(request), request.body)),
  );
};
