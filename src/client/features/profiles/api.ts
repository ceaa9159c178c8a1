import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { preferencesSchema, type Preferences } from '../../../shared/schemas/notifications.ts';
import { ownProfileSchema } from '../../../shared/schemas/profiles.ts';
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

type PreferencesChange = {
  theme?: Preferences['theme'];
  notifications?: Partial<Preferences['notifications']>;
  privacy?: Partial<Preferences['privacy']>;
};

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
  return (change, saved = 'Settings saved') =>
    update.mutateAsync(change).then(
      () => toast.success(saved),
      (error: unknown) => {
        toast.error('Update Failed', { description: 'Your change was not saved.' });
        throw error;
      },
    );
}
