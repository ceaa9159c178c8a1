import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { checkUnsubscribeLink, topicWords, unsubscribe, UNSUBSCRIBE_TOPICS, type UnsubscribeLink } from './notification-mail.ts';
import { confirmPage, messagePage } from '../../oidc/provider.ts';

const linkSchema = z.object({
  u: z.coerce.number({ error: 'The link is damaged' }).int().positive().max(2_147_483_647),
  topic: z.enum(UNSUBSCRIBE_TOPICS, { error: 'The link is damaged' }),
  sig: z.string({ error: 'The link is damaged' }).max(100),
});

const pageOfError = (error: unknown) => {
  if (error instanceof AppError) return messagePage('Link not valid', error.message);
  throw error;
};

/**
 * One-click unsubscribe (RFC 8058; docs/product.md §6.4). A mail client POSTs the link named in
 * List-Unsubscribe with the body `List-Unsubscribe=One-Click`; a person who follows the link at the
 * foot of a mail GETs a page that asks first (mail scanners follow links, and must not
 * unsubscribe anyone), whose button POSTs the same. Neither needs a session: the link is signed.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  // What RFC 8058 clients send; the body says nothing the link does not, so it is read as text.
  app.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/mail/unsubscribe',
    { schema: { tags: ['mail'], summary: 'The page an unsubscribe link opens in a browser: it asks before it unsubscribes', querystring: linkSchema } },
    async (request, reply) => {
      const link: UnsubscribeLink = request.query;
      const html = await checkUnsubscribeLink(app, link).then(
        () =>
          confirmPage('Unsubscribe', `Stop ${topicWords(link.topic)}? You can turn it on again in Settings.`, {
            action: request.url,
            button: 'Unsubscribe',
            fields: { 'List-Unsubscribe': 'One-Click' },
          }),
        pageOfError,
      );
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );

  app.post(
    '/api/mail/unsubscribe',
    {
      schema: {
        tags: ['mail'],
        summary: 'One-click unsubscribe (RFC 8058): turns off the mail the signed link names',
        querystring: linkSchema,
      },
    },
    async (request, reply) => {
      const link: UnsubscribeLink = request.query;
      if (!request.headers.accept?.includes('text/html')) {
        await unsubscribe(app, link);
        return { ok: true, topic: link.topic };
      }
      const html = await unsubscribe(app, link).then(
        () => messagePage('Unsubscribed', `You will no longer get ${topicWords(link.topic)}. You can turn it on again in Settings.`),
        pageOfError,
      );
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};
