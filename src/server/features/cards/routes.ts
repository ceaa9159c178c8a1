import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inviteNotFound } from '../invites/service.ts';
import { CardImages } from './card-images.ts';
import { cardState } from './content.ts';
import { cardContentOf, cardImagePath, type CardSubject } from './service.ts';

/** `<state>.png`: the state a card's address names (content.ts). */
const imageSchema = z.string().regex(/^[0-9a-f]{16}\.png$/, 'Not a card image');
const tokenSchema = z.string().min(1).max(100);
const pngSchema = z.any().describe('A PNG image, 1200×630');

/**
 * The card images the pages' tags name (docs/product.md §6.8). At the state its address names, an
 * image never changes: kept for a year by anyone. An address naming an earlier state is sent on
 * to the current one (an old message's preview, fetched again, shows the bet as it is now). A
 * link that does not open has no card: 404.
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const images = new CardImages();

  const sendCard = async (subject: CardSubject, image: string, reply: FastifyReply) => {
    const content = await cardContentOf(app, subject);
    if (content === null) throw inviteNotFound();
    const state = cardState(content);
    // Other sites' pages and apps show these images: the API's same-origin resource policy is not for them.
    void reply.header('cross-origin-resource-policy', 'cross-origin');
    if (image !== `${state}.png`) {
      return reply.header('cache-control', 'no-cache').redirect(cardImagePath(subject, state), 302);
    }
    const png = await images.get(state, content);
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/png').send(png);
  };
  const response = { 200: pngSchema };

  app.get(
    '/api/cards/betbro/:image',
    { schema: { tags: ['cards'], summary: 'The generic card of every page but an invite’s (PNG, 1200×630)', params: z.object({ image: imageSchema }), response } },
    async (request, reply) => sendCard({ kind: 'generic' }, request.params.image, reply),
  );

  app.get(
    '/api/cards/invites/:token/:image',
    {
      schema: {
        tags: ['cards'],
        summary: 'The card of a friend or bet invite (PNG, 1200×630); 404 when the link does not open',
        params: z.object({ token: tokenSchema, image: imageSchema }),
        response,
      },
    },
    async (request, reply) => sendCard({ kind: 'invite', token: request.params.token }, request.params.image, reply),
  );

  app.get(
    '/api/cards/crews/join/:token/:image',
    {
      schema: {
        tags: ['cards'],
        summary: 'The card of a crew invite (PNG, 1200×630); 404 when the link does not open',
        params: z.object({ token: tokenSchema, image: imageSchema }),
        response,
      },
    },
    async (request, reply) => sendCard({ kind: 'crew-invite', token: request.params.token }, request.params.image, reply),
  );
};
