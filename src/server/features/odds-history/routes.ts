import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { oddsHistorySchema } from '../../../shared/schemas/odds-history.ts';
import { requireUser } from '../../plugins/auth.ts';
import { oddsHistory } from './service.ts';

export const oddsHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/bets/:id/history',
    {
      schema: {
        tags: ['bets'],
        summary: "Each option's pool at the bet's creation and after every stake, oldest first: at most 200 points, evenly spread",
        params: idParamsSchema,
        response: { 200: oddsHistorySchema },
      },
    },
    async (request) => oddsHistory(app, requireUser(request), request.params.id),
  );
};
