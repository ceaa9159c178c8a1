import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/bets.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { notificationPageSchema, notificationSchema, unreadCountSchema } from '../../../shared/schemas/notifications.ts';
import { notifications } from './tables.ts';
import { notFound } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { presentNotification, readableBy, readerOf, unreadCount } from './service.ts';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first, with the unread count; one about a bet only while the caller may see it",
        querystring: listQuerySchema.unwrap().extend({ unread: z.enum(['true', 'false']).optional() }),
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { limit, before, unread } = request.query;
      const rows = await app.db
        .select()
        .from(notifications)
        .where(
          and(
            readableBy(user.id),
            before ? lt(notifications.id, before) : undefined,
            unread === 'true' ? isNull(notifications.readAt) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(limit);
      // Worded in the reader's language and on their clock, read once for the page.
      const reader = await readerOf(app.db, user.id);
      return {
        notifications: rows.map((row) => notificationSchema.parse(presentNotification(row, reader))),
        unreadCount: await unreadCount(app.db, user.id),
        nextBefore: rows.length === limit ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { schema: { tags: ['notifications'], summary: 'How many notifications are unread', response: { 200: unreadCountSchema } } },
    async (request) => ({ unreadCount: await unreadCount(app.db, requireUser(request).id) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: { tags: ['notifications'], summary: 'Marks one notification read', params: idParamsSchema, response: { 200: unreadCountSchema } },
    },
    async (request) => {
      const user = requireUser(request);
      const [row] = await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, request.params.id), readableBy(user.id)))
        .returning({ id: notifications.id });
      if (!row) throw notFound('Notification not found', 'notification_not_found');
      return { unreadCount: await unreadCount(app.db, user.id) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { schema: { tags: ['notifications'], summary: 'Marks every notification read', response: { 200: unreadCountSchema } } },
    async (request) => {
      const user = requireUser(request);
      await app.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
      return { unreadCount: 0 };
    },
  );
};
