import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/schemas/auth.ts';
import type { Config } from '../config.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { RateLimiter } from './rate-limit.ts';
import { routedPath } from './request-path.ts';

declare module 'fastify' {
  interface FastifyRequest {
    authSession: SignedInSession | null;
    currentUser: SignedInUser | null;
  }
}

/** The cookie that carries a browser's session id (docs/decisions/002-auth.md). */
export const SESSION_COOKIE = 'betbro_session';

/**
 * Who a request comes from, as the session loader found them. The hook itself needs only an id
 * (the rate limits) and a role (requireAdmin); the auth feature, which loads sessions, declares
 * these two again with the whole shape of its rows (features/auth/sessions.ts), so that the hook
 * knows no feature and the routes still read every column of their user.
 */
export interface SignedInUser {
  id: number;
  role: 'user' | 'admin';
}

export interface SignedInSession {
  expiresAt: Date;
}

/**
 * Finds the session a cookie's token opens, or null for an ended or unknown one. `slide: false`
 * only looks: the caller sets no cookie, so the expiry is not moved.
 */
export type SessionLoader = (
  token: string,
  options?: { slide?: boolean },
) => Promise<{ session: SignedInSession; user: SignedInUser; slid: boolean } | null>;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function sessionCookieOptions(config: Config, expiresAt: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.publicUrl.startsWith('https:'),
    expires: expiresAt,
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, expiresAt));
  setSignedInHint(reply, config, expiresAt);
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(config, new Date(0)), expires: undefined });
  clearSignedInHint(reply, config);
}

/** The cookie the page's scripts read to know a session cookie is there (SIGNED_IN_HINT_COOKIE). */
export function setSignedInHint(reply: FastifyReply, config: Config, expiresAt?: Date): void {
  void reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { ...sessionCookieOptions(config, expiresAt ?? new Date(0)), httpOnly: false, expires: expiresAt });
}

export function clearSignedInHint(reply: FastifyReply, config: Config): void {
  void reply.clearCookie(SIGNED_IN_HINT_COOKIE, { ...sessionCookieOptions(config, new Date(0)), httpOnly: false, expires: undefined });
}

/**
 * A state-changing request must come from our own pages (docs/decisions/002-auth.md): browsers
 * say where a request comes from in Sec-Fetch-Site and Origin. Clients that send neither
 * (scripts, curl) are not browsers carrying someone else's cookies, so they pass.
 */
function isCrossSite(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  const allowed = new Set([new URL(config.publicUrl).origin, `${request.protocol}://${request.host}`]);
  return !allowed.has(origin);
}

/**
 * The hook every /api request passes: the cross-site check, the session its cookie opens (found
 * by `loadSession`, which the auth feature provides), and the rate limits.
 */
export function registerAuth(app: FastifyInstance, limiter: RateLimiter, loadSession: SessionLoader): void {
  app.decorateRequest('authSession', null);
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request, reply) => {
    // By the route the router matched, not the raw URL: /%61pi/logout is /api/logout to the router.
    if (!routedPath(request).startsWith('/api/')) return;
    const unsafe = UNSAFE_METHODS.has(request.method);
    if (unsafe && isCrossSite(request, app.config)) {
      throw new AppError(403, 'cross_site_request', 'Cross-site requests are not allowed');
    }

    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const loaded = await loadSession(token);
      if (loaded) {
        request.authSession = loaded.session;
        request.currentUser = loaded.user;
        if (loaded.slid) setSessionCookie(reply, app.config, token, loaded.session.expiresAt);
      } else {
        // An ended or unknown session: the browser forgets it, and its page stops asking with it.
        clearSessionCookie(reply, app.config);
      }
    }

    // Every API request is counted, per user (per IP when signed out), writes and reads apart:
    // one client flooding the API meets 429s and leaves the others their share of the server.
    const who = request.currentUser ? `user:${request.currentUser.id}` : `ip:${request.ip}`;
    const { writesPerMinute, readsPerMinute } = app.config.rateLimits;
    const { allowed, retryAfterSeconds } = unsafe
      ? await limiter.hit(`writes:${who}`, writesPerMinute, 60)
      : await limiter.hit(`reads:${who}`, readsPerMinute, 60);
    if (!allowed) {
      void reply.header('retry-after', String(retryAfterSeconds));
      throw new AppError(429, 'rate_limited', 'Too many requests, please slow down');
    }
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** The signed-in admin: 401 when signed out, 403 for everyone else. */
export function requireAdmin(request: FastifyRequest): SignedInUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Admin access required');
  return user;
}
