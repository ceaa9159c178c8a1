import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { acceptedInviteSchema, createdInviteSchema, invitePreviewSchema, inviteSchema } from '../../../shared/schemas/invites.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const INVITES_KEY = ['invites'] as const;

export function useInvites() {
  return useQuery({ queryKey: INVITES_KEY, queryFn: () => apiRequest('GET', '/api/invites', z.array(inviteSchema)) });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (betId: number | undefined) => apiRequest('POST', '/api/invites', createdInviteSchema, betId === undefined ? {} : { betId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
}

/** Revokes by token (just created) or by id (from the list). */
export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenOrId: string | number) => apiRequest('DELETE', `/api/invites/${encodeURIComponent(String(tokenOrId))}`, okSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
}

export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: [...INVITES_KEY, 'preview', token],
    queryFn: () => apiRequest('GET', `/api/invites/${encodeURIComponent(token)}`, invitePreviewSchema),
    retry: false,
  });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('POST', `/api/invites/${encodeURIComponent(token)}/accept`, acceptedInviteSchema),
    onSuccess: () => {
      // A new friend brings their bets and activities along.
      void queryClient.invalidateQueries({ queryKey: queryKeys.friends.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
    },
  });
}
