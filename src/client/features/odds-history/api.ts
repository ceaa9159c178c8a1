import { useQuery } from '@tanstack/react-query';
import { oddsHistorySchema } from '../../../shared/schemas/odds-history.ts';
import { apiRequest } from '../../lib/api.ts';

/** Under the bets group: every live bet event refreshes it with the bet (use-live-updates.ts). */
export const oddsHistoryKey = (betId: number) => ['bets', 'history', betId] as const;

export function useOddsHistory(betId: number) {
  return useQuery({
    queryKey: oddsHistoryKey(betId),
    queryFn: () => apiRequest('GET', `/api/bets/${betId}/history`, oddsHistorySchema),
  });
}
