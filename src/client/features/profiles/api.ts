import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isTimeZone, preferencesSchema, type UpdatePreferencesBody } from '../../../shared/schemas/notifications.ts';
import { ownProfileSchema } from '../../../shared/schemas/profiles.ts';
import { t } from '../../lib/i18n.ts';
import { toast } from '../../lib/toast.ts';
import { apiRequest } from '../../lib/api.ts';
import { READ_PATHS } from '../../../shared/first-screen.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function useOwnProfile() {
  return useQuery({ queryKey: queryKeys.profiles.own, queryFn: () => apiRequest('GET', '/api/users/profile', ownProfileSchema) });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { bio: string; location: string; favoriteCategory: string }) =>
      apiRequest('POST', '/api/users/profile', ownProfileSchema, body),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.profiles.own, profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
    },
  });
}

export function usePreferences() {
  return useQuery({ queryKey: queryKeys.profiles.preferences, queryFn: () => apiRequest('GET', READ_PATHS.preferences, preferencesSchema) });
}

/** Any part of the preferences: the fields of PUT /api/users/preferences. */
type PreferencesChange = UpdatePreferencesBody;

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferencesChange) => apiRequest('PUT', '/api/users/preferences', preferencesSchema, change),
    onSuccess: (preferences) => queryClient.setQueryData(queryKeys.profiles.preferences, preferences),
  });
}

/**
 * Saves one preference change with its toast ('Settings saved', or 'Update Failed'); the promise
 * settles when the server has answered, and rejects when the change was not saved.
 */
export function useSavePreferences(): (change: PreferencesChange, saved?: string) => Promise<unknown> {
  const update = useUpdatePreferences();
  return (change, saved = t('profiles.preferences.savedToast')) =>
    update.mutateAsync(change).then(
      () => toast.success(saved),
      (error: unknown) => {
        toast.error(t('profiles.updateFailedToast'), { description: t('profiles.preferences.failedToastDescription') });
        throw error;
      },
    );
}

let deviceZone: string | undefined;

/**
 * This browser's time zone (an IANA name), which applies while the player has chosen none. Asked
 * once a page: the frame and the zone prompt ask on every draw, and each question made a date
 * formatter anew (the first one of a page costs the most: 15 ms on a phone's slowed processor).
 */
export function browserTimeZone(): string {
  deviceZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return deviceZone;
}

/**
 * Until the player chooses a time zone (the server says null), the server is told this
 * browser's, once, without a toast: the daily digest and quiet hours then keep the player's clock
 * instead of UTC. `timeZone` is the saved one, undefined while the preferences load.
 */
export function useAdoptBrowserTimeZone(timeZone: string | null | undefined): void {
  const { mutate } = useUpdatePreferences();
  const told = useRef(false);
  useEffect(() => {
    if (timeZone !== null || told.current) return;
    const own = browserTimeZone();
    if (!isTimeZone(own)) return;
    told.current = true;
    // A failure is left alone: the next visit tells it again.
    mutate({ timeZone: own });
  }, [timeZone, mutate]);
}
