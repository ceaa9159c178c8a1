import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { needsProfileSetup } from '../../../shared/schemas/users.ts';
import { useAuth } from '../../lib/use-auth.tsx';
import { startSignIn } from '../auth/sign-in.ts';

/**
 * The invite a signed-out visitor chose to accept, kept across sign-in, sign-up and profile setup:
 * the address of its page, a friend invite's (`/invite/<token>`) or a crew's (`/crews/join/<token>`).
 * A verification link opened signed out comes back the same way, token and all
 * (`/verify-email?token=<token>`, account/components/verify-email-page.tsx).
 */
const PENDING_KEY = 'betbro_pending_invite';

/** The address of a friend invite's page. */
export const friendInvitePath = (token: string) => `/invite/${encodeURIComponent(token)}`;

export const pendingInvite = {
  /** The address of the invite page to come back to. */
  get(): string | null {
    try {
      const kept = localStorage.getItem(PENDING_KEY);
      // A bare token is a friend invite's.
      return kept === null || kept.startsWith('/') ? kept : friendInvitePath(kept);
    } catch {
      return null;
    }
  },
  /** Whether the invite chosen is the one of the page at `path`. */
  is(path: string): boolean {
    return this.get() === path;
  },
  set(path: string): void {
    try {
      localStorage.setItem(PENDING_KEY, path);
    } catch {
      // Storage blocked: the visitor opens the link again after signing in.
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(PENDING_KEY);
    } catch {
      // as above
    }
  },
};

/** Whether the visitor may take an invite now: signed in, with a username. */
const readyToTake = ({ status, user }: ReturnType<typeof useAuth>) => status === 'signed-in' && user !== null && !needsProfileSetup(user.username);

/** After sign-in, sign-up or profile setup: back to the invite the visitor chose, wherever the app landed. */
export function useResumeInvite(): void {
  const auth = useAuth();
  const { status, user } = auth;
  const navigate = useNavigate();
  const ready = readyToTake(auth);
  useEffect(() => {
    if (!ready) return;
    const path = pendingInvite.get();
    if (path && window.location.pathname !== path) navigate(path, { replace: true });
  }, [ready, status, user, navigate]);
}

/**
 * What an invite's page shares, a friend invite's (invite-page.tsx) or a crew's
 * (crews/components/crew-join-page.tsx), in two hooks. useInviteVisitor: whether the visitor may
 * take the invite now (signed in, with a username), and choosing it before signing in.
 * useTakeInvite: taking it once, the choice forgotten however that ends; and, back from sign-in,
 * sign-up or profile setup with it chosen, taking it without asking again, or forgetting it when
 * it can no longer be taken.
 */
export function useInviteVisitor(path: string) {
  const auth = useAuth();
  const { status, user } = auth;
  const ready = readyToTake(auth);
  // Signed in but without a username yet: the app's own setup screen comes first, then back here.
  const needsSetup = status === 'signed-in' && !ready;
  if (needsSetup) pendingInvite.set(path);
  return {
    status,
    user,
    ready,
    needsSetup,
    signInToTake: () => {
      pendingInvite.set(path);
      startSignIn();
    },
  };
}

export function useTakeInvite(
  path: string,
  ready: boolean,
  invite: {
    /** The invite's preview has answered, and whatever else deciding needs has loaded. */
    loaded: boolean;
    /** Nothing to take: the link no longer works, or the visitor has what it gives already. */
    nothingToTake: boolean;
    /** Takes the invite; calls `forget` once the server has answered, before anything else. */
    take: (forget: () => void) => void;
  },
): () => void {
  const started = useRef(false);
  const takeNow = () => {
    started.current = true;
    invite.take(() => pendingInvite.clear());
  };
  useEffect(() => {
    if (!pendingInvite.is(path)) return;
    if (invite.nothingToTake) pendingInvite.clear();
    else if (ready && !started.current && invite.loaded) takeNow();
  });
  return takeNow;
}
