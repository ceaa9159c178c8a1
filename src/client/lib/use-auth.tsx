import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { t } from './i18n.ts';
import { toast } from './toast.ts';
import { SIGNED_IN_HINT_COOKIE, currentUserSchema, logoutResponseSchema, type CurrentUser, type ExchangeResponse } from '../../shared/schemas/auth.ts';
import { ApiError, apiRequest } from './api.ts';
import { stopLiveSockets } from './live-sockets.ts';
import { queryKeys } from './query-keys.ts';
import { clearStoredAuth, readStoredAuth, writeStoredAuth } from './auth-storage.ts';

/** Set while the browser goes through the provider's logout, so the page we return to can say so. */
export const LOGGED_OUT_KEY = 'betbro_logged_out';

type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

interface AuthContextValue {
  user: CurrentUser | null;
  status: AuthStatus;
  /** Called by the sign-in callback with the exchange's answer. */
  completeSignIn: (result: ExchangeResponse) => Promise<void>;
  signOut: () => Promise<void>;
  /**
   * Forgets the sign-in here without asking the server, which has ended the session itself (the
   * account was deleted, the password reset): the stored auth, the query cache and the live
   * sockets go, and the gate shows the landing page from the next render on.
   */
  forgetSignIn: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Whether this browser holds a session cookie at all (the server keeps the hint beside it). */
export const holdsSession = () => document.cookie.split('; ').some((pair) => pair.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

async function fetchCurrentUser(): Promise<CurrentUser | null> {
  // Without a session there is nothing to ask: the answer would be a 401.
  if (!holdsSession()) return null;
  try {
    return await apiRequest('GET', '/api/auth/user', currentUserSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

let firstAnswer: Promise<CurrentUser | null> | null = null;
let firstAnswerTaken = false;

/**
 * Asks "who am I?" as the app starts (the page's Link header preloads the same URL), so that the router can
 * fetch the code of the first screen while React is still starting. The auth query below takes
 * this answer for its first fetch instead of asking again; once it has, this asks afresh, so an
 * answer never waits around to be taken as news later.
 */
export function askWhoAmIAtStart(): Promise<CurrentUser | null> {
  if (firstAnswerTaken) return fetchCurrentUser();
  firstAnswer ??= fetchCurrentUser();
  return firstAnswer;
}

/**
 * A visitor without a stored sign-in or a session is signed out from the app's first drawing:
 * the start-up answer would be null without asking anyone (fetchCurrentUser), so it is taken as
 * given, and a later ask (after signing in on this page) goes to the server.
 */
function signedOutAtStart(): { initialData: null } {
  firstAnswer = null;
  firstAnswerTaken = true;
  return { initialData: null };
}

function fetchCurrentUserOnce(): Promise<CurrentUser | null> {
  const early = firstAnswer;
  // Only the first fetch may take it: a refetch asks the server again.
  firstAnswer = null;
  firstAnswerTaken = true;
  return early ?? fetchCurrentUser();
}

/**
 * The auth context (docs/product.md §9.3): the stored auth paints the first screen at once, the
 * server's answer to GET /api/auth/user decides; 401 means signed out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The stored sign-in draws at once and is asked about; without it or a session, the visitor is
  // signed out from the first drawing, so a landing page already on the page is drawn again as
  // it is, not after a loader.
  const [start] = useState(() => {
    const cached = readStoredAuth(localStorage);
    if (cached) return { initialData: { ...cached.user, sessionExpiresAt: cached.tokens.expires_at }, initialDataUpdatedAt: 0 };
    return holdsSession() ? {} : signedOutAtStart();
  });
  const query = useQuery({ queryKey: queryKeys.auth.user, queryFn: fetchCurrentUserOnce, ...start });

  // Set by forgetSignIn: signed out from that render on, whatever answer is still on its way.
  const [forgotten, setForgotten] = useState(false);
  const user = forgotten ? null : (query.data ?? null);
  useEffect(() => {
    if (query.data && !forgotten) writeStoredAuth(localStorage, query.data, query.data.sessionExpiresAt);
    else if (query.data === null) clearStoredAuth(localStorage);
  }, [query.data, forgotten]);

  const completeSignIn = useCallback(
    async (result: ExchangeResponse) => {
      setForgotten(false);
      writeStoredAuth(localStorage, result.user, result.tokens.expires_at);
      // A "who am I?" sent before the session existed must not land after this and sign us out.
      await queryClient.cancelQueries({ queryKey: queryKeys.auth.user });
      queryClient.setQueryData<CurrentUser>(queryKeys.auth.user, {
        ...result.user,
        sessionExpiresAt: result.tokens.expires_at,
      });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      // The session is about to end: a socket reconnecting with it would only be refused.
      stopLiveSockets();
      const { logoutUrl } = await apiRequest('POST', '/api/logout', logoutResponseSchema, {});
      clearStoredAuth(localStorage);
      queryClient.clear();
      // The provider ends its own session too, then returns to our landing page, which says so:
      // a toast shown here would leave with this page.
      sessionStorage.setItem(LOGGED_OUT_KEY, '1');
      window.location.assign(logoutUrl);
    } catch {
      toast.error(t('app.auth.logoutFailed'));
    }
  }, [queryClient]);

  const forgetSignIn = useCallback(() => {
    stopLiveSockets();
    clearStoredAuth(localStorage);
    // Signed out from the next render on: the gate drops the signed-in screens before anything they read is gone.
    setForgotten(true);
    queryClient.clear();
    queryClient.setQueryData(queryKeys.auth.user, null);
  }, [queryClient]);

  useEffect(() => {
    if (sessionStorage.getItem(LOGGED_OUT_KEY) === null) return;
    sessionStorage.removeItem(LOGGED_OUT_KEY);
    toast.success(t('app.auth.loggedOut'));
  }, []);

  const status: AuthStatus = user ? 'signed-in' : query.isPending && !forgotten ? 'loading' : 'signed-out';
  const value = useMemo(
    () => ({ user, status, completeSignIn, signOut, forgetSignIn }),
    [user, status, completeSignIn, signOut, forgetSignIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth needs an AuthProvider');
  return context;
}

/** The signed-in user; only for screens behind the sign-in gate. */
export function useCurrentUser(): CurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser outside the sign-in gate');
  return user;
}
