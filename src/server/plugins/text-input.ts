import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * PostgreSQL's text cannot hold the NUL character (U+0000): a value with one fails deep inside the
 * database with an error that is no fault of the server's. So no request may carry one anywhere,
 * in its body, its query string or its path: it is refused with a 400 before any handler runs,
 * the same way for every route, and nothing changes.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) {
      throw badRequest('Text must not contain the NUL character');
    }
  });
}

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies are at most a few levels deep; anything deeper is refused by its schema anyway.
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}
