import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, changePasswordBodySchema, changePasswordResponseSchema } from '../../../shared/schemas/account.ts';
import { requireUser } from '../../plugins/auth.ts';
import { changePassword, describeAccount } from './service.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    {
      schema: {
        tags: ['account'],
        summary: "Where the caller's password is managed: by Betbro's own provider or an external one",
        response: { 200: accountSchema },
      },
    },
    async (request) => describeAccount(app, requireUser(request)),
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Changes the password of an account on the embedded provider; signs out the other sessions',
        body: changePasswordBodySchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request) => changePassword(app, requireUser(request), request.authSession, request.body),
  );
};
