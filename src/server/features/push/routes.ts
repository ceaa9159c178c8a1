import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { pushPublicKeySchema, pushSubscriptionBodySchema, pushUnsubscribeBodySchema } from '../../../shared/schemas/push.ts';
import { requireUser } from '../../plugins/auth.ts';
import { subscribe, unsubscribe } from './service.ts';
import type { VapidKeys } from './vapid-keys.ts';

/** `keys`: the pair push delivery signs with (startPushDelivery), whose public half browsers subscribe with. */
export const pushRoutes: FastifyPluginAsyncZod<{ keys: VapidKeys }> = async (app, { keys }) => {

  app.get(
    '/api/push/public-key',
    {
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (base64url), the applicationServerKey of a browser's subscription",
        response: { 200: pushPublicKeySchema },
      },
    },
    async () => ({ publicKey: keys.publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: "Subscribes this browser (its PushSubscription JSON) to the caller's notifications; the endpoint must be public https on port 443 and not another account's",
        body: pushSubscriptionBodySchema,
        response: { 201: okSchema },
      },
    },
    async (request, reply) => {
      await subscribe(app, requireUser(request), request.body);
      return reply.status(201).send({ ok: true as const });
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Unsubscribes one of the caller’s browsers, by its endpoint',
        body: pushUnsubscribeBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await unsubscribe(app, requireUser(request), request.body.endpoint);
      return { ok: true as const };
    },
  );
};
