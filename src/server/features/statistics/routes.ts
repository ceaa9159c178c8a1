import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventsSchema, insightsSchema, statisticsSchema } from '../../../shared/schemas/statistics.ts';
import { requireUser } from '../../plugins/auth.ts';
import { insights, statistics, upcomingEvents } from './service.ts';

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/statistics',
    { schema: { tags: ['statistics'], summary: "The caller's statistics: totals, 12 months, categories", response: { 200: statisticsSchema } } },
    async (request) => statistics(app, requireUser(request)),
  );
  app.get(
    '/api/insights',
    { schema: { tags: ['statistics'], summary: 'Insights computed from the caller\'s history (empty without bets)', response: { 200: insightsSchema } } },
    async (request) => ({ insights: await insights(app, requireUser(request)) }),
  );
  app.get(
    '/api/events',
    { schema: { tags: ['statistics'], summary: 'Bets expiring in 14 days and bets awaiting your resolution', response: { 200: eventsSchema } } },
    async (request) => ({ events: await upcomingEvents(app, requireUser(request)) }),
  );
};
