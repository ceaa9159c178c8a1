import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Account } from '../../shared/schemas/account.ts';
import { accountQueryKey } from '../features/account/api.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { MobileShell } from '../mobile/mobile-shell.tsx';
import { renderScreen, somePreferences } from '../test/render-screen.tsx';
import { AppLayout } from './app-layout.tsx';

const unverified: Account = { passwordManagedBy: 'betbro', providerUrl: null, emailVerified: false };

/** Every read answered from `data` by the cache; the server here only takes preference changes. */
function frameServer() {
  const changes: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/users/preferences' && init?.method === 'PUT') {
      const change = JSON.parse(String(init.body)) as { timeZone?: string };
      changes.push(change);
      return Response.json(somePreferences({ timeZone: change.timeZone ?? null }));
    }
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return changes;
}

const quiet = (account: Account, timeZone: string | null): [readonly unknown[], unknown][] => [
  [queryKeys.friends.requests, []],
  [queryKeys.notifications.all, { notifications: [], unreadCount: 0, nextBefore: null }],
  [queryKeys.profiles.preferences, somePreferences({ timeZone })],
  [accountQueryKey, account],
];

describe('both frames, for the account', { timeout: 20_000 }, () => {
  it.each([
    ['desktop frame', false],
    ['narrow frame', true],
  ] as const)('the %s asks to verify the email, and tells the server the time zone while none is chosen, once', async (_, narrow) => {
    const changes = frameServer();
    renderScreen(narrow ? <MobileShell /> : <AppLayout>The screen</AppLayout>, { narrow, data: quiet(unverified, null) });
    expect(screen.getByRole('region', { name: 'Email verification' })).toHaveTextContent('Please verify your email address. We sent you a link.');
    expect(screen.getByRole('button', { name: 'Get a new link' })).toBeInTheDocument();
    await waitFor(() => expect(changes).toEqual([{ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]));
  });

  it('says nothing once the email is verified, and leaves a chosen time zone alone', async () => {
    const changes = frameServer();
    renderScreen(<AppLayout>The screen</AppLayout>, { data: quiet({ ...unverified, emailVerified: true }, 'Asia/Tokyo') });
    await screen.findByText('The screen');
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
    // Given the time to send anything it would.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changes).toEqual([]);
  });
});
