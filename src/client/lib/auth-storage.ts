import { z } from 'zod';
import { signedInUserSchema, type SignedInUser } from '../../shared/schemas/auth.ts';

/**
 * The cached sign-in state in localStorage under `betbro_auth` (docs/product.md §9.3): only a
 * first-paint cache; the server's session is the truth. Discarded when older than 7 days or when
 * tokens.expires_at (seconds) has passed.
 */

export const AUTH_STORAGE_KEY = 'betbro_auth';
export const AUTH_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const storedAuthSchema = z.lazy(() => z.object({
  // Stored before the flag was kept: read as verified until the server answers.
  user: signedInUserSchema.unwrap().extend({ emailToVerify: z.boolean().default(false) }),
  tokens: z.object({ expires_at: z.number() }),
  timestamp: z.number(),
}));
export type StoredAuth = z.infer<typeof storedAuthSchema>;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readStoredAuth(storage: KeyValueStore, now = Date.now()): StoredAuth | null {
  let raw: string | null;
  try {
    raw = storage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: StoredAuth;
  try {
    parsed = storedAuthSchema.parse(JSON.parse(raw));
  } catch {
    clearStoredAuth(storage);
    return null;
  }
  const tooOld = now - parsed.timestamp > AUTH_MAX_AGE_MS;
  const expired = parsed.tokens.expires_at * 1000 <= now;
  if (tooOld || expired) {
    clearStoredAuth(storage);
    return null;
  }
  return parsed;
}

export function writeStoredAuth(storage: KeyValueStore, user: SignedInUser, expiresAt: number, now = Date.now()): void {
  const value: StoredAuth = { user, tokens: { expires_at: expiresAt }, timestamp: now };
  try {
    storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(value));
  } catch (error) {
    // A full or disabled storage only costs the first-paint cache; it is logged and ignored
    // (docs/product.md §9.3).
    console.debug('Could not store auth state', error);
  }
}

export function clearStoredAuth(storage: KeyValueStore): void {
  try {
    storage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
