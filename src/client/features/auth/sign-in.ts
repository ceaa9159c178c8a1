/** Starting sign-in (docs/product.md §9.1): a random 64-hex state kept in sessionStorage, then /api/login. */

export const OAUTH_STATE_KEY = 'betbro_oauth_state';

export function randomState(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function startSignIn(): void {
  const state = randomState();
  sessionStorage.setItem(OAUTH_STATE_KEY, state);
  window.location.assign(`/api/login?state=${state}`);
}

/** The state saved for this callback; removed on every callback, whatever its outcome. */
export function takeSavedState(): string | null {
  const saved = sessionStorage.getItem(OAUTH_STATE_KEY);
  sessionStorage.removeItem(OAUTH_STATE_KEY);
  return saved;
}
