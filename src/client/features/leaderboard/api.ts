import { useQuery } from '@tanstack/react-query';
import { leaderboardSchema } from '../../../shared/schemas/leaderboard.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useLeaderboard(period: 'week' | 'month' | 'all', scope: 'global' | 'friends') {
  return useQuery({
    queryKey: queryKeys.leaderboard.board(period, scope),
    queryFn: () => apiRequest('GET', `/api/leaderboard?period=${period}&scope=${scope}`, leaderboardSchema),
    staleTime: 60_000,
  });
}
