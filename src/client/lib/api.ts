import type { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { dropFirstReads, keepFirstRead, takeFirstRead } from './first-reads.ts';

/**
 * The one way the client talks to the API: cookies always sent, JSON in and out, responses
 * parsed with the shared zod schema. A non-OK answer throws ApiError, whose message is
 * 'status: text' as spec §8 says, and which also carries the server's own message.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | null,
    readonly code: string | null,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/**
 * An API request as it goes out: cookies always sent, JSON in and out. The start-up reads ask
 * with credentials 'same-origin' (which sends the same cookies here), every other request with
 * 'include': the server's first-screen hints preload with the former (decision record 021), so
 * an answer the browser fetched ahead is taken by the start-up read or by nobody, never by a
 * later query as news.
 */
function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, credentials: RequestCredentials = 'include'): Promise<Response> {
  return fetch(path, {
    method,
    credentials,
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Starts GET `path` now, for the first `apiRequest` of it (first-reads.ts). */
export function startFirstRead(path: string): void {
  keepFirstRead(path, () => send('GET', path, undefined, 'same-origin'));
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  // The first screen's reads may already be under way (first-reads.ts); a write outdates them.
  if (method !== 'GET') dropFirstReads();
  const early = method === 'GET' && body === undefined ? takeFirstRead(path) : undefined;
  const response = await (early ?? send(method, path, body));
  const text = await response.text();
  if (!response.ok) {
    let serverMessage: string | null = null;
    let code: string | null = null;
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) ({ error: serverMessage, code } = parsed.data);
    } catch {
      // Not JSON (a proxy's error page): the raw text is all there is.
    }
    throw new ApiError(response.status, text, serverMessage, code);
  }
  return schema.parse(text === '' ? undefined : JSON.parse(text));
}

/** The server's message when it sent one, else the given fallback (spec §8's toast texts). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
