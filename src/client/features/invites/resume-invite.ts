import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { needsProfileSetup } from '../../../shared/schemas/users.ts';
import { useAuth } from '../auth/hooks/use-auth.tsx';
import { pendingInvite } from './api.ts';

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
