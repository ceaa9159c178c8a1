import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { crewSchema, crewSummarySchema, type CrewSummary } from '../../shared/schemas/crews.ts';
import { READ_PATHS } from '../../shared/first-screen.ts';
import { apiRequest } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * My crews, newest first, each with my balance in its current season. Two features read them: the
 * Crews screen lists them, and the bets feature names a crew bet's crew, stakes from its balance and
 * offers the crews as a new bet's audience. The crew page composes the bets feature's card and
 * dialog in turn, so the reads sit here, below both, and neither depends on the other in a circle.
 */
export function useMyCrews({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.crews.list, queryFn: () => apiRequest('GET', READ_PATHS.myCrews, z.array(crewSummarySchema)), enabled });
}

/**
 * A crew with its members and their balances (GET /api/crews/:id): its page, and a crew bet's
 * referee, who must be one of them. Anyone but a member gets 404.
 */
export function useCrew(crewId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.crews.detail(crewId),
    queryFn: () => apiRequest('GET', READ_PATHS.crew(crewId), crewSchema),
    enabled: enabled && Number.isInteger(crewId) && crewId > 0,
  });
}

/**
 * One of my crews, by id (none for a bet among friends): undefined while the list loads, when it
 * failed, or when I am not a member (any more).
 */
export function useMyCrew(crewId: number | null): { crew: CrewSummary | undefined; isPending: boolean } {
  const crews = useMyCrews({ enabled: crewId !== null });
  return { crew: crewId === null ? undefined : crews.data?.find((crew) => crew.id === crewId), isPending: crewId !== null && crews.isPending };
}

/**
 * After a crew bet moved money (a stake, a settlement, a season's end): every crew read but the
 * chat is read again, the chat being kept current by the socket.
 */
export function refreshCrews(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === queryKeys.crews.all[0] && queryKey[1] !== 'messages' && queryKey[1] !== 'invite',
  });
}
