import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  friendRequestResultSchema,
  friendRequestSchema,
  okSchema,
  searchResultSchema,
} from '../../../shared/schemas/friends.ts';
import { friendProfileSchema } from '../../../shared/schemas/profiles.ts';
import { apiRequest } from '../../lib/api.ts';
import { READ_PATHS } from '../../../shared/first-screen.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Friend requests are fresh for 120 s; a failed read shows as no requests (docs/product.md §13.9). */
export function useFriendRequests() {
  return useQuery({
    queryKey: queryKeys.friends.requests,
    queryFn: async () => {
      try {
        return await apiRequest('GET', READ_PATHS.friendRequests, z.array(friendRequestSchema));
      } catch {
        return [];
      }
    },
    staleTime: 120_000,
  });
}

export function useUserSearch(query: string) {
  return useQuery({
    queryKey: queryKeys.friends.search(query),
    queryFn: () => apiRequest('GET', `/api/users/search?q=${encodeURIComponent(query)}`, z.array(searchResultSchema)),
    enabled: query.trim().length > 0,
    staleTime: 10_000,
  });
}

export function useFriendProfile(userId: number | null) {
  return useQuery({
    queryKey: queryKeys.friends.profile(userId ?? 0),
    queryFn: () => apiRequest('GET', `/api/users/${userId}/profile`, friendProfileSchema),
    enabled: userId !== null,
  });
}

function useFriendMutation<T>(run: (id: number) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.friends.all });
      // New friends bring their bets and activities with them.
      void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
    },
  });
}

export const useSendFriendRequest = () =>
  useFriendMutation((addresseeId) => apiRequest('POST', '/api/friends', friendRequestResultSchema, { addresseeId }));
/** The dashboard accepts with PUT, the friends page with POST (docs/product.md §6.1); both take the requester's id. */
export const useAcceptFriendRequest = (method: 'PUT' | 'POST' = 'POST') =>
  useFriendMutation((requesterId) => apiRequest(method, `/api/friends/${requesterId}/accept`, okSchema));
export const useRejectFriendRequest = () =>
  useFriendMutation((requesterId) => apiRequest('DELETE', `/api/friends/${requesterId}/reject`, okSchema));
