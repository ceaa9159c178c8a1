import { useInfiniteQuery } from '@tanstack/react-query';
import { activityPageSchema } from '../../../shared/schemas/activities.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useActivities(pageSize = 20) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.activities.all, pageSize],
    queryFn: ({ pageParam }) =>
      apiRequest('GET', `/api/activities?limit=${pageSize}${pageParam ? `&before=${pageParam}` : ''}`, activityPageSchema),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}
