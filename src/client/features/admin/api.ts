import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adjustResponseSchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserSchema,
  auditLogPageSchema,
  deactivateResponseSchema,
  moderationItemSchema,
  moderationQueueSchema,
  reportsSchema,
  type AdjustBody,
  type CreateUserBody,
} from '../../../shared/schemas/admin.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Admin data is fetched only for admins, on the admin screens. */

export function useAdminUsers(params: { q: string; sort: string; order: string }, enabled = true) {
  const query = new URLSearchParams({ q: params.q, sort: params.sort, order: params.order, limit: '100' });
  return useQuery({
    queryKey: [...queryKeys.admin.all, 'users', params],
    queryFn: () => apiRequest('GET', `/api/admin/users?${query}`, adminUserListSchema),
    enabled,
  });
}

export function useAdminUser(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.admin.all, 'user', id],
    queryFn: () => apiRequest('GET', `/api/admin/users/${id}`, adminUserDetailSchema),
    enabled: id !== null,
  });
}

export function useReports(enabled = true) {
  return useQuery({ queryKey: [...queryKeys.admin.all, 'reports'], queryFn: () => apiRequest('GET', '/api/reports', reportsSchema), enabled });
}

export function useAuditLog(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.admin.all, 'audit'],
    queryFn: () => apiRequest('GET', '/api/admin/audit-log?limit=50', auditLogPageSchema),
    enabled,
  });
}

export function useModerationQueue(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.admin.all, 'moderation'],
    queryFn: () => apiRequest('GET', '/api/admin/moderation?limit=50', moderationQueueSchema),
    enabled,
  });
}

function useAdminMutation<TArgs, TResult>(run: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bets.all });
    },
  });
}

export const useCreateUser = () => useAdminMutation((body: CreateUserBody) => apiRequest('POST', '/api/admin/users', adminUserSchema, body));
export const useDeleteUser = () => useAdminMutation((id: number) => apiRequest('DELETE', `/api/admin/users/${id}`, deactivateResponseSchema));
export const useSetRole = () =>
  useAdminMutation(({ id, role }: { id: number; role: 'user' | 'admin' }) => apiRequest('PUT', `/api/admin/users/${id}/role`, adminUserSchema, { role }));
export const useAdjustBalance = () =>
  useAdminMutation(({ id, body }: { id: number; body: AdjustBody }) => apiRequest('POST', `/api/admin/users/${id}/adjust`, adjustResponseSchema, body));
export const useHandleReport = () =>
  useAdminMutation(({ id, action }: { id: number; action: 'resolve' | 'dismiss' }) =>
    apiRequest('POST', `/api/admin/moderation/${id}/${action}`, moderationItemSchema, {}),
  );
