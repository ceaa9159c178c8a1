import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../shared/schemas/bets.ts';
import {
  betCommentPageSchema,
  betCommentSchema,
  chatMessageSchema,
  conversationSchema,
  messagePageSchema,
  sendMessageBodySchema,
  startConversationBodySchema,
} from '../../../shared/schemas/chat.ts';
import { idParamsSchema } from '../../../shared/schemas/common.ts';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  addComment,
  listComments,
  listConversations,
  listMessages,
  markConversationRead,
  sendMessage,
  startConversation,
} from './service.ts';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/conversations',
    { schema: { tags: ['chat'], summary: "The caller's conversations, latest first", response: { 200: z.array(conversationSchema) } } },
    async (request) => listConversations(app, requireUser(request)),
  );

  app.post(
    '/api/conversations',
    {
      schema: {
        tags: ['chat'],
        summary: 'Opens (or finds) the conversation with a friend',
        body: startConversationBodySchema,
        response: { 200: conversationSchema },
      },
    },
    async (request) => startConversation(app, requireUser(request), request.body.userId),
  );

  app.get(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Messages, newest first, paged with `before` (members only)',
        params: idParamsSchema,
        querystring: listQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) => listMessages(app, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/conversations/:id/messages',
    {
      schema: {
        tags: ['chat'],
        summary: 'Sends a message (1-2000 characters)',
        params: idParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: chatMessageSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sendMessage(app, requireUser(request), request.params.id, request.body.text)),
  );

  app.post(
    '/api/conversations/:id/read',
    { schema: { tags: ['chat'], summary: 'Marks the conversation read', params: idParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await markConversationRead(app, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/bets/:id/comments',
    {
      schema: {
        tags: ['chat'],
        summary: "A bet's discussion, newest first (whoever can see the bet)",
        params: idParamsSchema,
        querystring: listQuerySchema,
        response: { 200: betCommentPageSchema },
      },
    },
    async (request) => listComments(app, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/bets/:id/comments',
    {
      schema: {
        tags: ['chat'],
        summary: "Adds to a bet's discussion",
        params: idParamsSchema,
        body: sendMessageBodySchema,
        response: { 201: betCommentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addComment(app, requireUser(request), request.params.id, request.body.text)),
  );
};
