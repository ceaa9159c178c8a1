import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { friendSchema } from '../../shared/schemas/friends.ts';
import { apiRequest } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The player's friends. Three features read them: the Friends screen lists them, a chat starts
 * with one, an invite checks whether its inviter is one already. The Friends screen offers a chat
 * and invite links in turn, so the read sits here, below all three, and no feature depends on
 * another in a circle. The friends feature's mutations refresh it (`queryKeys.friends.all`).
 */
export function useFriends({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.friends.list, queryFn: () => apiRequest('GET', '/api/friends', z.array(friendSchema)), enabled });
}
