/**
 * Where sign-in brings a visitor back to (docs/product.md §9.1): the address they opened signed
 * out, path and query, and only ever a page of this app. Anything else, another site
 * (`//elsewhere`, `https://elsewhere`, `/\elsewhere`, which browsers read as `//elsewhere`), the
 * API, the provider or the callback itself, is no place to come back to: null.
 */

export const RETURN_PATH_MAX = 2048;

/** Paths that are not the app's pages: the API, the provider, the socket, and sign-in's own end. */
const NOT_PAGES = /^\/(?:api|oidc|ws|auth-callback)(?:[/?#]|$)/i;
// Any origin does: only whether the path stays on it matters.
const HERE = 'https://betbro.invalid';

export function safeReturnPath(candidate: string | null | undefined): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > RETURN_PATH_MAX) return null;
  // Printable ASCII only: a browser's own path and query are percent-encoded, and a backslash,
  // a control character or a space is how a path pretends to be another site.
  if (!/^\/[\x21-\x5b\x5d-\x7e]*$/.test(candidate) || candidate.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(candidate, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  // Read as a browser will read it: `/a/..//b` is `//b` once its dots are gone.
  const path = `${url.pathname}${url.search}`;
  if (path.startsWith('//') || NOT_PAGES.test(path)) return null;
  return path;
}
