import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { needsProfileSetup } from '../../../shared/schemas/users.ts';
import { useAuth } from '../../lib/use-auth.tsx';

/**
 * The invite a signed-out visitor chose to accept, kept across sign-in, sign-up and profile setup:
 * the address of its page, a friend invite's (`/invite/<token>`) or a crew's (`/crews/join/<token>`).
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

/** After sign-in, sign-up or profile setup: back to the invite the visitor chose, wherever the app landed. */
export function useResumeInvite(): void {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'signed-in' || !user || needsProfileSetup(user.username)) return;
    const path = pendingInvite.get();
    if (path && window.location.pathname !== path) navigate(path, { replace: true });
  }, [status, user, navigate]);
}
