import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../shared/schemas/common.ts';

/**
 * The one error type of the server. Handlers and services throw it; the one error handler below
 * turns it (and anything else) into the one `{error, code}` body of the API.
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

interface Refusal {
  status: number;
  code: string;
  message: string;
}

/**
 * Fastify's own client errors, mapped to stable codes and plain messages. Their own messages
 * may quote the request (the router's quote its path), so none of them reaches the client.
 */
const FASTIFY_CLIENT_ERRORS: Record<string, Refusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_input', message: 'Invalid content length' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_input', message: 'Request body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_input', message: 'Request body is not valid JSON' },
  // The router's refusals, before any route or hook runs (answered by routerRefusalHandler).
  FST_ERR_BAD_URL: { status: 400, code: 'invalid_url', message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'The address is too long' },
};

/**
 * Refusals of Node's HTTP parser, by error code: the bytes never became a request, so no
 * route, hook or error handler sees them. Anything else it refuses is a malformed request.
 */
const PARSER_REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'Request headers are too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'payload_too_large', message: 'Request body is too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'The request took too long' },
};
const MALFORMED_REQUEST: Refusal = { status: 400, code: 'bad_request', message: 'Malformed request' };

const BODY_ERROR_STATUSES = new Set([400, 415]);

function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { error: error.message, code: error.code } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first message is the field's own (docs/product.md §11.2: 'Title is required', ...).
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
    // Only the status's own name: a library's message may quote the request.
    return { status, body: { error: STATUS_CODES[status] ?? 'Bad request', code: 'bad_request' } };
  }
  return { status: 500, body: { error: 'Something went wrong. Please try again.', code: 'internal_error' } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let { status, body } = toErrorResponse(error);
    if (request.is404 && BODY_ERROR_STATUSES.has(status)) {
      // A request for no route can fail in body parsing before the 404 handler runs: still a 404.
      ({ status, body } = toErrorResponse(notFound()));
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

const setHeaders = (reply: FastifyReply, headers: Record<string, string>) => {
  for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
};

/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed percent-encoding, a path
 * parameter over the router's length limit) come here instead of through the hooks, so they get
 * the security headers here, and the one error shape.
 */
export function routerRefusalHandler(securityHeaders: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const { status, body } = toErrorResponse(error);
    request.log.info({ code: body.code, status }, body.error);
    setHeaders(reply, securityHeaders);
    void reply.status(status).send(body);
  };
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (headers over its size
 * limit, a malformed request line or header, a request too slow to arrive). The answer is written
 * to the socket as Node and Fastify do by default, but in the one error shape and with the
 * security headers, and the connection is closed: what follows on it cannot be trusted.
 */
export function parserRefusalHandler(securityHeaders: Record<string, string>) {
  return function answer(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, code, message } = PARSER_REFUSALS[error.code ?? ''] ?? MALFORMED_REQUEST;
    this.log.debug({ code, status, parserError: error.code }, message);
    if (socket.writable) {
      const body = JSON.stringify({ error: message, code } satisfies ErrorBody);
      const headers = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
    }
    socket.destroy(error);
  };
}
