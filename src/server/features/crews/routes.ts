import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema } from '../../../shared/schemas/common.ts';
import {
  createCrewBodySchema,
  createdCrewInviteSchema,
  crewInviteParamsSchema,
  crewInvitePreviewSchema,
  crewInviteSchema,
  crewMemberParamsSchema,
  crewMessagePageSchema,
  crewMessageSchema,
  crewSchema,
  crewSeasonSchema,
  crewStandingsSchema,
  crewSummarySchema,
  crewTokenParamsSchema,
  pastSeasonsSchema,
  sendCrewMessageBodySchema,
} from '../../../shared/schemas/crews.ts';
import { requireUser } from '../../plugins/auth.ts';
import { sendQrCode } from '../qr/service.ts';
import {
  createCrew,
  createCrewInvite,
  crewInviteUrl,
  crewMessagePage,
  crewStandings,
  getCrew,
  joinCrew,
  listCrewInvites,
  myCrews,
  pastSeasons,
  previewCrewInvite,
  removeMember,
  revokeCrewInvite,
  sendCrewMessage,
  startNextSeason,
} from './service.ts';

/** Crews (docs/product.md §6.7). A crew a caller is not a member of is 404, as if it did not exist. */
export const crewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['crews'];
  app.post(
    '/api/crews',
    {
      schema: {
        tags,
        summary: 'Creates a crew; the caller owns it and starts its first season',
        body: createCrewBodySchema,
        response: { 201: crewSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCrew(app, requireUser(request), request.body)),
  );
  app.get(
    '/api/crews',
    { schema: { tags, summary: "The caller's crews, newest first", response: { 200: z.array(crewSummarySchema) } } },
    async (request) => myCrews(app, requireUser(request)),
  );
  app.get(
    '/api/crews/join/:token',
    {
      schema: {
        tags,
        summary: 'The crew an invite link leads to, and who invites (anyone with the link); 404 when unknown or expired',
        params: crewTokenParamsSchema,
        response: { 200: crewInvitePreviewSchema },
      },
    },
    async (request) => previewCrewInvite(app, request.params.token),
  );
  app.get(
    '/api/crews/join/:token/qr.png',
    {
      schema: {
        tags,
        summary: "A QR code of the crew invite's link (PNG), to scan from a phone; 404 when the link does not open",
        params: crewTokenParamsSchema,
        response: { 200: z.any().describe('A PNG image') },
      },
    },
    async (request, reply) => {
      await previewCrewInvite(app, request.params.token);
      return sendQrCode(reply, crewInviteUrl(app, request.params.token));
    },
  );
  app.post(
    '/api/crews/join/:token',
    {
      schema: {
        tags,
        summary: 'Joins the crew of an invite link (again: the same answer, nothing changes)',
        params: crewTokenParamsSchema,
        response: { 200: crewSchema },
      },
    },
    async (request) => joinCrew(app, requireUser(request), request.params.token),
  );
  app.get(
    '/api/crews/:id',
    { schema: { tags, summary: 'A crew with its current season and members', params: idParamsSchema, response: { 200: crewSchema } } },
    async (request) => getCrew(app, requireUser(request), request.params.id),
  );
  app.post(
    '/api/crews/:id/invites',
    {
      schema: {
        tags,
        summary: 'A member creates an invite link to the crew (7 days; at most 20 live per member)',
        params: idParamsSchema,
        response: { 201: createdCrewInviteSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createCrewInvite(app, requireUser(request), request.params.id)),
  );
  app.get(
    '/api/crews/:id/invites',
    {
      schema: {
        tags,
        summary: "The live invite links to the crew: the caller's own, or for its owner every member's",
        params: idParamsSchema,
        response: { 200: z.array(crewInviteSchema) },
      },
    },
    async (request) => listCrewInvites(app, requireUser(request), request.params.id),
  );
  app.delete(
    '/api/crews/:id/invites/:token',
    {
      schema: {
        tags,
        summary: 'Revokes an invite link to the crew, by its token or its id: its maker, or the owner; then the link is 404',
        params: crewInviteParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeCrewInvite(app, requireUser(request), request.params.id, request.params.token);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/api/crews/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'The owner removes a member, or a member leaves; their stakes stay in the crew bets',
        params: crewMemberParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(app, requireUser(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/crews/:id/standings',
    { schema: { tags, summary: "The current season's standings, by balance", params: idParamsSchema, response: { 200: crewStandingsSchema } } },
    async (request) => crewStandings(app, requireUser(request), request.params.id),
  );
  app.get(
    '/api/crews/:id/seasons',
    { schema: { tags, summary: 'The past seasons, newest first, with their final standings', params: idParamsSchema, response: { 200: pastSeasonsSchema } } },
    async (request) => pastSeasons(app, requireUser(request), request.params.id),
  );
  app.post(
    '/api/crews/:id/seasons',
    {
      schema: {
        tags,
        summary: 'The owner ends the current season now (open crew bets voided and refunded) and starts the next',
        params: idParamsSchema,
        response: { 201: crewSeasonSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await startNextSeason(app, requireUser(request), request.params.id)),
  );
  app.get(
    '/api/crews/:id/messages',
    {
      schema: {
        tags,
        summary: "The crew's chat, newest first",
        params: idParamsSchema,
        querystring: z.object({ before: idSchema.optional() }),
        response: { 200: crewMessagePageSchema },
      },
    },
    async (request) => crewMessagePage(app, requireUser(request), request.params.id, request.query.before),
  );
  app.post(
    '/api/crews/:id/messages',
    {
      schema: { tags, summary: "A member writes to the crew's chat", params: idParamsSchema, body: sendCrewMessageBodySchema, response: { 201: crewMessageSchema } },
    },
    async (request, reply) => reply.status(201).send(await sendCrewMessage(app, requireUser(request), request.params.id, request.body.text)),
  );
};
