import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  accountSchema,
  changePasswordBodySchema,
  changePasswordResponseSchema,
  deleteAccountBodySchema,
  deleteAccountResponseSchema,
  mailQueuedResponseSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetConfirmResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '../../../shared/schemas/account.ts';
import { clearSessionCookie, requireUser } from '../../plugins/auth.ts';
import {
  changePassword,
  confirmPasswordReset,
  deleteAccount,
  describeAccount,
  exportAccount,
  exportFileName,
  requestPasswordReset,
  resendVerificationMail,
  verifyEmail,
} from './service.ts';

/**
 * A JSON document as a file to keep: laid out for reading, sent as text (a string with a JSON
 * content type skips the route's serializer; exportAccount has checked the document against the
 * schema), never cached.
 */
function sendDownload(reply: FastifyReply, fileName: string, document: unknown): FastifyReply {
  return reply
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(document, null, 2));
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account',
    {
      schema: {
        tags: ['account'],
        summary: "Where the caller's password is managed (Betbro's own provider or an external one), and whether the email is verified",
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

  app.post(
    '/api/account/verify-email',
    {
      schema: {
        tags: ['account'],
        summary: "Verifies the email of a built-in account with the token its mail linked to, in a session of that account only",
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => verifyEmail(app, requireUser(request), request.body.token),
  );

  app.post(
    '/api/account/verification-mail',
    {
      schema: {
        tags: ['account'],
        summary: "Mails the caller a new link that verifies their built-in account's email",
        response: { 202: mailQueuedResponseSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await resendVerificationMail(app, reply, requireUser(request))),
  );

  app.post(
    '/api/account/password-reset',
    {
      schema: {
        tags: ['account'],
        summary: 'Mails a link to choose a new password, if the email has a built-in account; the same answer either way',
        body: passwordResetBodySchema,
        response: { 202: mailQueuedResponseSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await requestPasswordReset(app, request, reply, request.body.email)),
  );

  app.post(
    '/api/account/password-reset/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Sets a new password with the token a reset mail linked to; ends every session of the player',
        body: passwordResetConfirmBodySchema,
        response: { 200: passwordResetConfirmResponseSchema },
      },
    },
    async (request, reply) => confirmPasswordReset(app, request, reply, request.body),
  );

  app.get(
    '/api/account/export',
    {
      schema: {
        tags: ['account'],
        summary:
          "Everything the caller's account holds, as a JSON download: profile, preferences, bets created, stakes, ledger, friends, messages and comments sent",
        response: { 200: accountExportSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const now = new Date();
      const document = await exportAccount(app, user, now);
      return sendDownload(reply, exportFileName(user.username, now), document);
    },
  );

  app.delete(
    '/api/account',
    {
      schema: {
        tags: ['account'],
        summary:
          "Deletes the caller's account once they type their username: every session ends, their open bets are voided and refunded, email and profile are erased; the ledger stays",
        body: deleteAccountBodySchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await deleteAccount(app, requireUser(request), request.body.confirm);
      clearSessionCookie(reply, app.config);
      return result;
    },
  );
};
