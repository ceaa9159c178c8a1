import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityPageSchema } from '../../../shared/schemas/activities.ts';
import { listQuerySchema } from '../../../shared/schemas/bets.ts';
import { activities, users } from '../../db/schema.ts';
import { requireUser } from '../../plugins/auth.ts';
import { friendIdsOf } from '../friends/service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities',
    {
      schema: {
        tags: ['activities'],
        summary: "The caller's and their friends' activities, newest first, paged with `before`",
        querystring: listQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { limit, before } = request.query;
      const authors = [user.id, ...(await friendIdsOf(app.db, user.id))];
      const rows = await app.db
        .select({ activity: activities, username: users.username })
        .from(activities)
        .innerJoin(users, eq(users.id, activities.userId))
        .where(and(inArray(activities.userId, authors), before ? lt(activities.id, before) : undefined))
        .orderBy(desc(activities.id))
        .limit(limit);
      return {
        activities: rows.map(({ activity, username }) => ({
          id: activity.id,
          type: activity.type,
          description: activity.description,
          createdAt: activity.createdAt.toISOString(),
          userId: activity.userId,
          username,
          betId: activity.betId,
        })),
        nextBefore: rows.length === limit ? (rows.at(-1)?.activity.id ?? null) : null,
      };
    },
  );
};
