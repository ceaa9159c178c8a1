import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppLayout } from './app-layout.tsx';
import { queryKeys } from '../lib/query-keys.ts';
import { MobileShell } from '../mobile/mobile-shell.tsx';
import { renderScreen } from '../test/render-screen.tsx';

const quiet = (): [readonly unknown[], unknown][] => [
  [queryKeys.friends.requests, []],
  [queryKeys.notifications.all, { notifications: [], unreadCount: 0, nextBefore: null }],
  [queryKeys.profiles.preferences, { theme: 'system', notifications: {}, privacy: { showOnLeaderboard: true, findableByEmail: true } }],
];

describe('the skip link', { timeout: 20_000 }, () => {
  it.each([
    ['desktop frame', false],
    ['narrow frame', true],
  ] as const)('is the first tab stop of the %s and takes the focus to the screen, not the address bar', async (_, narrow) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }));
    renderScreen(narrow ? <MobileShell /> : <AppLayout>The screen</AppLayout>, { narrow, data: quiet() });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    const before = window.location.href;
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(window.location.href).toBe(before);
  });
});
