import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { userSchema, usernameSchema } from '../../../../shared/schemas/users.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { apiRequest, errorMessage } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const RELOAD_DELAY_MS = 1500;

/** 'Complete Your Profile' (spec §2): a new user chooses their username, once. */
export function CompleteProfilePage() {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const mutation = useMutation({
    mutationFn: (name: string) => apiRequest('POST', '/api/complete-profile', userSchema, { username: name }),
    onSuccess: async () => {
      toast.success('Welcome to Betbro!', { description: 'Your profile is ready.' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.all });
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    },
    onError: (error) => {
      toast.error('Setup failed', { description: errorMessage(error, 'Failed to complete profile') });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      toast.error('Invalid username', { description: parsed.error.issues[0]?.message });
      return;
    }
    mutation.mutate(parsed.data);
  }

  const pending = mutation.isPending || mutation.isSuccess;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 p-6 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
      <form onSubmit={submit} className="w-full max-w-md rounded-2xl bg-white p-8 shadow-lg dark:bg-slate-900" noValidate>
        <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <UserRound aria-hidden className="h-7 w-7" />
        </div>
        <h1 className="mt-4 text-center text-2xl font-bold">Complete Your Profile</h1>
        <p className="mt-2 text-center text-slate-600 dark:text-slate-300">Choose the username your friends will see.</p>
        <label htmlFor="username" className="mt-6 block text-sm font-semibold">
          Username
        </label>
        <Input
          id="username"
          name="username"
          autoComplete="username"
          autoFocus
          placeholder="e.g. lucky_lucy"
          maxLength={20}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          className="mt-1.5"
          aria-describedby="username-help"
        />
        <p id="username-help" className="mt-1.5 text-xs text-slate-500">
          3 to 20 letters, numbers or underscores. You choose it once.
        </p>
        <Button type="submit" className="mt-6 w-full" disabled={pending}>
          {pending ? 'Setting up...' : 'Complete Setup'}
        </Button>
        <p className="mt-4 rounded-lg bg-emerald-50 p-3 text-center text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          You start with $1,000 to bet with your friends.
        </p>
      </form>
    </main>
  );
}
