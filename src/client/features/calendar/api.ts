import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedSchema, calendarStatusSchema } from '../../../shared/schemas/calendar.ts';
import { okSchema } from '../../../shared/schemas/friends.ts';
import { apiRequest } from '../../lib/api.ts';

const CALENDAR_KEY = ['calendar'] as const;

export function useCalendarStatus() {
  return useQuery({ queryKey: CALENDAR_KEY, queryFn: () => apiRequest('GET', '/api/calendar', calendarStatusSchema) });
}

/** A new address for the feed: the one before stops working. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/calendar', calendarFeedSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  });
}

export function useDeleteCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/calendar', okSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  });
}
