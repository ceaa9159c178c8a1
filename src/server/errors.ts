import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../shared/schemas/common.ts';

/**
 * The one error type of the server. Handlers and services throw it; the one error handler below
 * turns it (and anything else) into DESIGN §8's `{error, code}` body.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'invalid_input') => new AppError(400, code, message);
export const unauthorized = (message = 'Not signed in', code = 'unauthorized') => new AppError(401, code, message);
export const forbidden = (message = 'Forbidden', code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new AppError(409, code, message);

/** Fastify's own client errors, mapped to stable codes and plain messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_input', message: 'Invalid content length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_input', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_input', message: 'Request body is not valid JSON' },
};

const BODY_ERROR_STATUSES = new Set([400, 415]);

function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { error: error.message, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first message is the one the spec names ('Title is required', ...).
    const first = error.validation[0];
    const message = first?.message && !first.message.startsWith('Invalid input') ? first.message : 'Invalid input';
    return { status: 400, body: { error: message, code: 'invalid_input' } };
  }
  const fastifyError = error as Partial<FastifyError> & { status?: number };
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, body: { error: known.message, code: known.code } };
  if (fastifyError.statusCode === 429) {
    return { status: 429, body: { error: 'Too many requests, please slow down', code: 'rate_limited' } };
  }
  const status = fastifyError.statusCode ?? fastifyError.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (error instanceof SyntaxError) {
      return { status: 400, body: { error: 'Request body is not valid JSON', code: 'invalid_input' } };
    }
    return { status, body: { error: fastifyError.message ?? 'Bad request', code: 'bad_request' } };
  }
  return { status: 500, body: { error: 'Something went wrong. Please try again.', code: 'internal_error' } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let { status, body } = toErrorResponse(error);
    if (request.is404 && BODY_ERROR_STATUSES.has(status)) {
      // A request for no route can fail in body parsing before the 404 handler runs: still a 404.
      status = 404;
      body = { error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' };
    }
    if (status >= 500 || isResponseSerializationError(error)) {
      // The details go to the log, never to the client.
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, status }, body.error);
    }
    void reply.status(status).send(body);
  });
}
