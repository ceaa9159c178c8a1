import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatCents } from '../../../shared/money.ts';
import {
  friendRequestBodySchema,
  friendRequestResultSchema,
  friendRequestSchema,
  friendSchema,
  okSchema,
  searchQuerySchema,
  searchResultSchema,
} from '../../../shared/schemas/friends.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  acceptFriendRequest,
  incomingRequests,
  listFriends,
  rejectFriendRequest,
  removeFriend,
  searchUsers,
  sendFriendRequest,
} from './service.ts';

export const friendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/search',
    {
      schema: {
        tags: ['friends'],
        summary: 'Users by username prefix or exact email (at most 20, never yourself)',
        querystring: searchQuerySchema,
        response: { 200: z.array(searchResultSchema) },
      },
    },
    async (request) => searchUsers(app, requireUser(request), request.query.q),
  );

  app.post(
    '/api/friends',
    {
      schema: {
        tags: ['friends'],
        summary: 'Sends a friend request (accepts theirs if they already asked)',
        body: friendRequestBodySchema,
        response: { 200: friendRequestResultSchema, 201: friendRequestResultSchema },
      },
    },
    async (request, reply) => {
      const result = await sendFriendRequest(app, requireUser(request), request.body.addresseeId);
      return reply.status(result.status === 'pending' ? 201 : 200).send(result);
    },
  );

  app.get(
    '/api/friend-requests',
    { schema: { tags: ['friends'], summary: 'Incoming pending friend requests', response: { 200: z.array(friendRequestSchema) } } },
    async (request) => incomingRequests(app, requireUser(request)),
  );

  const accept = {
    schema: {
      tags: ['friends'],
      summary: 'Accepts the request of the user {id}',
      params: idParamsSchema,
      response: { 200: okSchema },
    },
  };
  const acceptHandler = async (request: { params: { id: number } } & Parameters<typeof requireUser>[0]) => {
    await acceptFriendRequest(app, requireUser(request), request.params.id);
    return { ok: true as const };
  };
  app.put('/api/friends/:id/accept', accept, acceptHandler);
  app.post('/api/friends/:id/accept', accept, acceptHandler);

  app.delete(
    '/api/friends/:id/reject',
    { schema: { tags: ['friends'], summary: 'Declines the request of the user {id}', params: idParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await rejectFriendRequest(app, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/friends/:id',
    {
      schema: {
        tags: ['friends'],
        summary: 'Unfriends the user {id}, or withdraws a request sent to them',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeFriend(app, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/friends',
    { schema: { tags: ['friends'], summary: "The caller's friends", response: { 200: z.array(friendSchema) } } },
    async (request) =>
      (await listFriends(app, requireUser(request))).map((f) => ({
        id: f.id,
        username: f.username,
        totalWins: f.totalWins,
        balance: formatCents(f.balanceCents),
        isOnline: f.isOnline,
      })),
  );
};
