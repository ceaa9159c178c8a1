import type { FastifyRequest } from 'fastify';

/**
 * The path a request is routed by: the pattern of the route the router matched
 * (`/api/bets/:id`), or, when none matched, the request's path decoded as the router decodes
 * it. A check that reads the raw URL can be walked around with percent-encoding, since the
 * router takes `/%61pi/logout` for `/api/logout`; a check that reads this one cannot.
 */
export function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route !== undefined) return route;
  const raw = request.url.split(/[?#]/, 1)[0] ?? '/';
  try {
    // decodeURI, like the router, leaves the reserved characters (%2F...) encoded.
    return decodeURI(raw);
  } catch {
    return raw;
  }
}

/**
 * The request target in origin form (`/path?query`), for Fastify's `rewriteUrl`. A client may
 * send the absolute form (`GET http://elsewhere/path`), which names a host of its choosing; the
 * app answers at PUBLIC_URL only, so the router and everything after it see the path and query
 * alone.
 */
export function originForm(request: { url?: string }): string {
  const target = request.url ?? '/';
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return target;
  }
}
