import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common.ts';

/** Liveness (/healthz: the process answers) and readiness (/readyz: its dependencies answer). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        description: 'Always 200 while the process runs; for restarting a stuck process, not for routing traffic.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: whether to send this instance traffic',
        description:
          '200 when the database (and Redis, when configured) answer; 503 when one does not, and from the moment the instance starts to stop, so that a load balancer sends no more.',
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }), 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      // A load balancer stops sending as soon as it sees this; requests in flight still finish.
      if (app.draining) return reply.status(503).send({ error: 'Shutting down', code: 'shutting_down' });
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.status(503).send({ error: 'Database is not answering', code: 'not_ready' });
      }
      if (app.redis) {
        try {
          await app.redis.ping();
        } catch (err) {
          request.log.warn({ err }, 'redis not ready');
          return reply.status(503).send({ error: 'Redis is not answering', code: 'not_ready' });
        }
      }
      return { status: 'ready' as const, database: app.database.kind };
    },
  );
};
