import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The API's OpenAPI 3 document at /api/docs and a page to read it at /api/docs/ui (Swagger UI,
 * served from the swagger-ui-dist package: no script from elsewhere, none inline, so it runs
 * under the app's CSP). openapi.test.ts lints the document with Spectral's `spectral:oas`.
 */

const TAGS = [
  { name: 'auth', description: 'Signing in and out through OpenID Connect, the session, the username' },
  { name: 'bets', description: 'Bets, stakes on them, their resolution and discussion' },
  { name: 'wallet', description: 'The balance and its ledger' },
  { name: 'friends', description: 'Friend requests and friendships' },
  { name: 'crews', description: 'Crews: a group of friends with its own seasons, money, standings and chat' },
  { name: 'profiles', description: "Players' public profiles and their bets" },
  { name: 'leaderboard', description: 'Players ranked by their figures' },
  { name: 'activities', description: 'What happened lately among friends' },
  { name: 'notifications', description: "The signed-in user's notifications" },
  { name: 'chat', description: 'Conversations between friends' },
  { name: 'invites', description: 'Invite links that bring friends in, and share a bet' },
  { name: 'cards', description: 'The link cards that chat apps show for a page: PNG images at addresses naming their state' },
  { name: 'calendar', description: "A private iCalendar feed of the signed-in user's deadlines" },
  { name: 'push', description: "Web Push subscriptions of the signed-in user's devices" },
  { name: 'statistics', description: "The signed-in user's and the platform's figures" },
  { name: 'account', description: "The signed-in user's settings and data" },
  { name: 'mail', description: 'One-click unsubscribe from the mails Betbro sends' },
  { name: 'moderation', description: 'Reports of content by players' },
  { name: 'admin', description: 'The admin console: users, bets, reports, audit log' },
  { name: 'health', description: 'Liveness and readiness for load balancers' },
];

const words = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));

/**
 * A route's operationId, made from its method and path so that it stays the same for as long as
 * the route does: GET /api/bets/:id/participate is `getBetsByIdParticipate`. A route may set its
 * own in its schema.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['By', ...words(segment.slice(1))] : words(segment)));
  return `${method.toLowerCase()}${parts.join('')}`;
}

const UI_FILES = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;
const UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const UI_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Betbro API</title>
<link rel="stylesheet" href="/api/docs/ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/ui/swagger-ui-bundle.js"></script>
<script src="/api/docs/ui/start.js"></script>
</body>
</html>
`;
const UI_START = `window.ui = SwaggerUIBundle({ url: '/api/docs', dom_id: '#swagger-ui', deepLinking: true });\n`;

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Betbro API',
        version: '1.0.0',
        description:
          'Betting among friends. Signed-in calls carry the session cookie set by POST /api/oauth/exchange; amounts are strings of dollars with two decimals.',
        contact: { name: 'Betbro', url: app.config.publicUrl },
      },
      servers: [{ url: app.config.publicUrl }],
      tags: TAGS,
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const own = schema as { operationId?: string; description?: string; summary?: string };
      const method = [input.route.method].flat()[0] ?? 'GET';
      return {
        url,
        schema: { ...schema, operationId: own.operationId ?? operationIdOf(method, url), description: own.description ?? own.summary },
      };
    },
  });

  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
  app.get('/api/docs/ui', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(UI_PAGE));
  const files = new Map<string, Buffer>();
  app.get(
    '/api/docs/ui/:file',
    { schema: { hide: true, params: z.object({ file: z.enum(['swagger-ui.css', 'swagger-ui-bundle.js', 'start.js']) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: keyof typeof UI_FILES | 'start.js' };
      void reply.header('cache-control', 'public, max-age=3600');
      if (file === 'start.js') return reply.type('text/javascript; charset=utf-8').send(UI_START);
      let content = files.get(file);
      if (!content) files.set(file, (content = await readFile(path.join(UI_DIR, file))));
      return reply.type(UI_FILES[file]).send(content);
    },
  );
}
