import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationPageSchema, unreadCountSchema } from '../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../lib/api.ts';
import { READ_PATHS } from '../../../shared/first-screen.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications.all,
    queryFn: () => apiRequest('GET', READ_PATHS.notifications, notificationPageSchema),
    staleTime: 60_000,
  });
}

function useNotificationMutation(run: (id?: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export const useMarkNotificationRead = () =>
  useNotificationMutation((id) => apiRequest('POST', `/api/notifications/${id}/read`, unreadCountSchema));
export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(() => apiRequest('POST', '/api/notifications/read-all', unreadCountSchema));
