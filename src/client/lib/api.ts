import type { z } from 'zod';
import { errorBodySchema } from '../../shared/schemas/common.ts';
import { dropFirstReads, keepFirstRead, takeFirstRead } from './first-reads.ts';
import { said, t } from './i18n.ts';

/**
 * The one way the client talks to the API: cookies always sent, JSON in and out, responses
 * parsed with the shared zod schema. A non-OK answer throws ApiError, whose message is
 * 'status: text', and which also carries the server's own message. A request that got no
 * answer at all throws UnreachableError.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly serverMessage: string | null,
    readonly code: string | null,
    /** For a 429: how many seconds the server asks to wait (its Retry-After), when it says. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** The request got no answer: the network failed it (fetch rejects only then), as `cause` says. */
export class UnreachableError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'UnreachableError';
  }
}

/** What a write that got no answer says in English (the catalogue's `net.cannotReach`). */
export const CANNOT_REACH_SERVER = "Can't reach Betbro. Check your connection and try again — nothing was charged.";

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
  let response: Response;
  try {
    response = await (early ?? send(method, path, body));
  } catch (error) {
    throw new UnreachableError(error);
  }
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
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, text, serverMessage, code, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  return schema.parse(text === '' ? undefined : JSON.parse(text));
}

/**
 * True when the request never reached Betbro: the network failed it, or a proxy in front of the
 * server answered that the server is not there (502, 503 with a page of its own, where the
 * server always answers with its error shape).
 */
function isUnreachable(error: unknown): boolean {
  if (error instanceof UnreachableError) return true;
  return error instanceof ApiError && error.code === null && (error.status === 502 || error.status === 503);
}

/**
 * A failed request's toast text: that Betbro could not be reached, the server's message when it
 * sent one, else the given fallback (the product's own text for that action).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isUnreachable(error)) return t('net.cannotReach');
  if (error instanceof ApiError) return error.serverMessage === null ? fallback : said(error.serverMessage);
  return fallback;
}
