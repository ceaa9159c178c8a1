import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityPageSchema } from '../../../shared/schemas/activities.ts';
import { listQuerySchema } from '../../../shared/schemas/bets.ts';
import { rowsOf } from '../../db/client.ts';
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
      // The newest of each author, then the newest of those: the cost follows the caller's circle,
      // whatever the planner would guess from the table's size.
      const newest = sql`(select ${sql.param(authors)}::int[] as ids) a cross join lateral unnest(a.ids) as author(id)
        cross join lateral (select * from ${activities} x where x.user_id = author.id ${before ? sql`and x.id < ${before}` : sql``}
          order by x.id desc limit ${limit}) act`;
      const rows = rowsOf<{ id: number; type: string; description: string; created_at: string | Date; user_id: number; bet_id: number | null; username: string }>(
        await app.db.execute(sql`select act.id, act.type, act.description, act.created_at, act.user_id, act.bet_id, u.username
          from ${newest} join ${users} u on u.id = act.user_id order by act.id desc limit ${limit}`),
      );
      return {
        activities: rows.map((row) => ({
          id: Number(row.id),
          type: row.type,
          description: row.description,
          createdAt: new Date(row.created_at).toISOString(),
          userId: row.user_id,
          username: row.username,
          betId: row.bet_id,
        })),
        nextBefore: rows.length === limit ? Number(rows.at(-1)!.id) : null,
      };
    },
  );
};
