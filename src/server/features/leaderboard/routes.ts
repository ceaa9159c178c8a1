import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leaderboardQuerySchema, leaderboardSchema } from '../../../shared/schemas/leaderboard.ts';
import { requireUser } from '../../plugins/auth.ts';
import { leaderboard } from './service.ts';

export const leaderboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/leaderboard',
    {
      schema: {
        tags: ['leaderboard'],
        summary: 'Top 10 by profit over the period, the caller\'s rank, the week number and reset time',
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSchema },
      },
    },
    async (request) => leaderboard(app, requireUser(request), request.query),
  );
};
