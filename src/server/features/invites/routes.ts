import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '../../../shared/schemas/friends.ts';
import {
  acceptedInviteSchema,
  createInviteBodySchema,
  createdInviteSchema,
  invitePreviewSchema,
  inviteSchema,
  inviteTokenParamsSchema,
} from '../../../shared/schemas/invites.ts';
import { requireUser } from '../../plugins/auth.ts';
import { sendQrCode } from '../qr/service.ts';
import { acceptInvite, createInvite, inviteUrl, listInvites, previewInvite, revokeInvite } from './service.ts';

export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/invites',
    {
      schema: {
        tags: ['invites'],
        summary: 'Creates an invite link (7 days, up to 50 people; 20 active at most), optionally to one of your bets',
        body: createInviteBodySchema,
        response: { 201: createdInviteSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createInvite(app, requireUser(request), request.body?.betId)),
  );

  app.get(
    '/api/invites',
    {
      schema: {
        tags: ['invites'],
        summary: "The caller's active invites with their use counts, newest first",
        response: { 200: z.array(inviteSchema) },
      },
    },
    async (request) => listInvites(app, requireUser(request)),
  );

  app.get(
    '/api/invites/:token',
    {
      schema: {
        tags: ['invites'],
        summary: 'Who invites you (anyone with the link); 404 when unknown, revoked, expired or used up',
        params: inviteTokenParamsSchema,
        response: { 200: invitePreviewSchema },
      },
    },
    async (request) => previewInvite(app, request.params.token),
  );

  app.get(
    '/api/invites/:token/qr.png',
    {
      schema: {
        tags: ['invites'],
        summary: "A QR code of the invite's link (PNG), to scan from a phone; 404 when the link does not open",
        params: inviteTokenParamsSchema,
        response: { 200: z.any().describe('A PNG image') },
      },
    },
    async (request, reply) => {
      await previewInvite(app, request.params.token);
      return sendQrCode(reply, inviteUrl(app, request.params.token));
    },
  );

  app.post(
    '/api/invites/:token/accept',
    {
      schema: {
        tags: ['invites'],
        summary: 'Accepts an invite: the caller and the inviter become friends (again: same answer, no change)',
        params: inviteTokenParamsSchema,
        response: { 200: acceptedInviteSchema },
      },
    },
    async (request) => acceptInvite(app, requireUser(request), request.params.token),
  );

  app.delete(
    '/api/invites/:token',
    {
      schema: {
        tags: ['invites'],
        summary: 'Revokes one of your invites, named by its token or by its id from the list',
        params: inviteTokenParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await revokeInvite(app, requireUser(request), request.params.token);
      return { ok: true as const };
    },
  );
};
