import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityPageSchema } from '../../../shared/schemas/activities.ts';
import { listQuerySchema } from '../../../shared/schemas/bets.ts';
import { requireUser } from '../../plugins/auth.ts';
import { activityPage } from './service.ts';
import { readerOf } from '../notifications/service.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activities',
    {
      schema: {
        tags: ['activities'],
        summary: "The caller's and their friends' activities, newest first, paged with `before`; a line about a bet only while the caller may see it",
        querystring: listQuerySchema,
        response: { 200: activityPageSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Worded in the reader's language, read beside the lines.
      return activityPage(app.db, user.id, readerOf(app.db, user.id).then((reader) => reader.locale), request.query);
    },
  );
};
