import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { needsProfileSetup } from '../../../shared/schemas/users.ts';
import { useAuth } from '../../lib/use-auth.tsx';

/** The invite a signed-out visitor chose to accept, kept across sign-in, sign-up and profile setup. */
const PENDING_KEY = 'betbro_pending_invite';

export const pendingInvite = {
  get(): string | null {
    try {
      return localStorage.getItem(PENDING_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      localStorage.setItem(PENDING_KEY, token);
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
    const token = pendingInvite.get();
    if (token && window.location.pathname !== `/invite/${token}`) navigate(`/invite/${encodeURIComponent(token)}`, { replace: true });
  }, [status, user, navigate]);
}
