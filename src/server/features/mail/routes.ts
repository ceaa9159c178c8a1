import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { checkUnsubscribeLink, topicWords, unsubscribe, UNSUBSCRIBE_TOPICS, type UnsubscribeLink } from './notification-mail.ts';
import { confirmPage, messagePage, type PageWords } from '../../oidc/provider.ts';
import { requestWords } from '../../i18n.ts';

const linkSchema = z.object({
  u: z.coerce.number({ error: 'The link is damaged' }).int().positive().max(2_147_483_647),
  topic: z.enum(UNSUBSCRIBE_TOPICS, { error: 'The link is damaged' }),
  sig: z.string({ error: 'The link is damaged' }).max(100),
});

const pageOfError = (words: PageWords) => (error: unknown) => {
  if (error instanceof AppError) return messagePage(words, words.t('mail.unsubscribe.invalidTitle'), words.t('mail.unsubscribe.invalid'));
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
      // In the language of the browser that opened it, as the provider's pages are.
      const words = requestWords(request);
      const { t } = words;
      const html = await checkUnsubscribeLink(app, link).then(
        () =>
          confirmPage(words, t('mail.unsubscribe.title'), t('mail.unsubscribe.ask', { what: topicWords(t, link.topic) }), {
            action: request.url,
            button: t('mail.unsubscribe'),
            fields: { 'List-Unsubscribe': 'One-Click' },
          }),
        pageOfError(words),
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
      const words = requestWords(request);
      const { t } = words;
      const html = await unsubscribe(app, link).then(
        () => messagePage(words, t('mail.unsubscribe.doneTitle'), t('mail.unsubscribe.done', { what: topicWords(t, link.topic) })),
        pageOfError(words),
      );
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
};
