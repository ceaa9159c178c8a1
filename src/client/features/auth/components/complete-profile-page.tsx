import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { completeProfileBodySchema } from '../../../../shared/schemas/auth.ts';
import { userSchema } from '../../../../shared/schemas/users.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { startingBalance } from './landing-page.tsx';

const RELOAD_DELAY_MS = 1500;

/** 'Complete Your Profile' (docs/product.md §8.1, §13.1): a new user chooses their username, once. */
export function CompleteProfilePage() {
  const queryClient = useQueryClient();
  const form = useZodForm(completeProfileBodySchema, { username: '' });
  const mutation = useMutation({
    mutationFn: (name: string) => apiRequest('POST', '/api/complete-profile', userSchema, { username: name }),
    onSuccess: async () => {
      toast.success(t('auth.completeProfile.welcomeToast'), { description: t('auth.completeProfile.welcomeToastDescription') });
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
    onError: (error) => {
      toast.error(t('auth.completeProfile.failedToast'), { description: errorMessage(error, t('auth.completeProfile.failedFallback')) });
    },
  });

  // A username the rules refuse is said beside the field, before the server is asked.
  const submit = form.submit((body) => mutation.mutate(body.username));

  const pending = mutation.isPending || mutation.isSuccess;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 p-6 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
      <form onSubmit={submit} className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg dark:bg-slate-900" noValidate>
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <UserRound aria-hidden className="h-7 w-7" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold">{t('auth.completeProfile.heading')}</h1>
        <p className="mt-2 text-center text-slate-600 dark:text-slate-300">{t('auth.completeProfile.intro')}</p>
        <div className="mt-6">
          <Field id="username" label={t('auth.completeProfile.usernameLabel')} hint={t('auth.completeProfile.usernameHint')} error={form.errors.username}>
            <Input name="username" autoComplete="username" autoFocus placeholder={t('auth.completeProfile.usernamePlaceholder')} maxLength={20} {...form.field('username')} />
          </Field>
        </div>
        <Button type="submit" className="mt-6 w-full" disabled={pending}>
          {pending ? t('auth.completeProfile.submitting') : t('auth.completeProfile.submit')}
        </Button>
        <p className="mt-4 rounded-lg bg-emerald-50 p-3 text-center text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {t('auth.completeProfile.startingBalance', { amount: startingBalance() })}
        </p>
      </form>
    </main>
  );
}
