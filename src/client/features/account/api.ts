import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  accountSchema,
  changePasswordResponseSchema,
  deleteAccountResponseSchema,
  type Account,
  mailQueuedResponseSchema,
  passwordResetConfirmResponseSchema,
  verifyEmailResponseSchema,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type PasswordResetBody,
  type PasswordResetConfirmBody,
  type VerifyEmailBody,
} from '../../../shared/schemas/account.ts';
import { errorBodySchema } from '../../../shared/schemas/common.ts';
import { ApiError, UnreachableError, apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const accountQueryKey = [...queryKeys.auth.all, 'account'] as const;

/**
 * Where the password lives: Betbro's own provider (changeable here) or an external one; and
 * whether the email is verified. `watch`, while it is not, asks again whenever the window gets the
 * focus back (the verification banner: the link may have been followed in another tab meanwhile).
 */
export function useAccount({ watch = false, enabled = true }: { watch?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: accountQueryKey,
    queryFn: () => apiRequest('GET', '/api/account', accountSchema),
    staleTime: Infinity,
    enabled,
    ...(watch ? { refetchOnWindowFocus: (query: { state: { data?: Account } }) => (query.state.data?.emailVerified === false ? ('always' as const) : false) } : {}),
  });
}

/** The signed-in player's account, read now (a page that must know whether the email is verified already). */
export function useFetchAccount() {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.fetchQuery({ queryKey: accountQueryKey, queryFn: () => apiRequest('GET', '/api/account', accountSchema), staleTime: 0 }),
    [queryClient],
  );
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest('POST', '/api/account/password', changePasswordResponseSchema, body),
  });
}

/** Follows a verification link; the signed-in player's account (and role, if ADMIN_EMAILS names it) is read again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailBody) => apiRequest('POST', '/api/account/verify-email', verifyEmailResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.all }),
  });
}

/** Mails the signed-in player a new verification link. */
export function useResendVerificationMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/account/verification-mail', mailQueuedResponseSchema),
    onError: (error) => {
      // Verified meanwhile (in another tab, say): the banner goes once the account is read again.
      if (error instanceof ApiError && error.code === 'already_verified') void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
}

/** Asks for a link to choose a new password; the answer is the same whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetBody) => apiRequest('POST', '/api/account/password-reset', mailQueuedResponseSchema, body),
  });
}

/** Sets the new password a reset link was mailed for. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      apiRequest('POST', '/api/account/password-reset/confirm', passwordResetConfirmResponseSchema, body),
  });
}

/** The export as the server sent it, and the name to save it under. */
export interface AccountExport {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''...` or `filename="..."`), if it names one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: the plain name, if any.
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
    name = plain?.[1] ?? plain?.[2];
  }
  // Only the last part of a path: a name is all a download needs.
  return name?.trim().split(/[\\/]/).pop() || null;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * GET /api/account/export, kept as the bytes the server sent (a download, not a read to parse).
 * Failures throw as apiRequest's do, so `errorMessage` reads them the same way.
 */
async function fetchAccountExport(): Promise<AccountExport> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', { credentials: 'include', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new UnreachableError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: z.infer<typeof errorBodySchema> | null = null;
    try {
      const body = errorBodySchema.safeParse(JSON.parse(text));
      if (body.success) parsed = body.data;
    } catch {
      // Not JSON (a proxy's error page): the raw text is all there is.
    }
    throw new ApiError(response.status, text, parsed?.error ?? null, parsed?.code ?? null);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) ?? `betbro-data-${today()}.json` };
}

/** Everything Betbro holds about the player, as a file to save. */
export function useExportAccount() {
  return useMutation({ mutationFn: fetchAccountExport });
}

/** Deletes the player's account for good; the server ends every session of theirs. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiRequest('DELETE', '/api/account', deleteAccountResponseSchema, body),
  });
}
