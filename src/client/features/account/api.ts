import { useMutation, useQuery } from '@tanstack/react-query';
import { accountSchema, changePasswordResponseSchema, type ChangePasswordBody } from '../../../shared/schemas/account.ts';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Where the password lives: Betbro's own provider (changeable here) or an external one. */
export function useAccount() {
  return useQuery({
    queryKey: [...queryKeys.auth.all, 'account'],
    queryFn: () => apiRequest('GET', '/api/account', accountSchema),
    staleTime: Infinity,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest('POST', '/api/account/password', changePasswordResponseSchema, body),
  });
}
