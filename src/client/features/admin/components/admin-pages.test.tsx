import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Reports } from '../../../../shared/schemas/admin.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, renderScreen } from '../../../test/render-screen.tsx';
import { AdminPage } from './admin-pages.tsx';

const reports = (activeBets: number): Reports => ({
  totalVolume: '12.00',
  platformCommission: '0.12',
  activeBetValue: '12.00',
  totalUsers: 3,
  onlineUsers: 1,
  averageBetsPerUser: 1,
  totalBets: 3,
  activeBets,
  totalStakes: 3,
  daily: [],
  generatedAt: '2026-11-25T12:00:00.000Z',
});

describe('the admin page', () => {
  it('counts the active bets as its bet list marks them, one in the singular', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }));
    const past = new Date(Date.now() - 3600_000).toISOString();
    const bets = [
      aBet({ id: 1, title: 'Open' }),
      aBet({ id: 2, title: 'Ran out', expirationType: 'time', expiresAt: past }),
      aBet({ id: 3, title: 'Done', status: 'resolved', isResolved: true, winningOption: 0 }),
    ];
    renderScreen(<AdminPage />, {
      user: { role: 'admin' },
      data: [
        [[...queryKeys.admin.all, 'reports'], reports(1)],
        [[...queryKeys.admin.all, 'moderation'], { reports: [], openCount: 0, total: 0, nextOffset: null }],
        [queryKeys.bets.list('all'), bets],
      ],
    });
    expect(screen.getByText('1 active bet')).toBeInTheDocument();
    expect(screen.getByText('Active bets').nextElementSibling).toHaveTextContent(/^1$/);
  });
});
