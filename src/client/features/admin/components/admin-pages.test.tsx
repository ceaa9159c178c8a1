import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserRow, ModerationItem, Reports } from '../../../../shared/schemas/admin.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, me, renderScreen } from '../../../test/render-screen.tsx';
import { AdminPage, ReportsPage, UserManagementPage } from './admin-pages.tsx';

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

  it('shows the open disputes in Bet Management, above the bets', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }));
    const disputed = aBet({ id: 4, title: 'Who scored first?', status: 'disputed' });
    renderScreen(<AdminPage />, {
      user: { role: 'admin' },
      data: [
        [[...queryKeys.admin.all, 'reports'], reports(0)],
        [[...queryKeys.admin.all, 'moderation'], { reports: [], openCount: 0, total: 0, nextOffset: null }],
        [queryKeys.bets.list('all'), [disputed]],
        [queryKeys.bets.disputes, { disputes: [{ bet: disputed, disputedBy: { id: 3, username: 'Carl' }, reason: 'Offside', url: null, disputedAt: new Date().toISOString() }] }],
      ],
    });
    const panel = screen.getByRole('tabpanel');
    const disputes = within(panel).getByRole('region', { name: 'Open disputes' });
    expect(within(disputes).getByTestId('open-dispute')).toHaveTextContent('Disputed by Carl');
    expect(within(disputes).getByText('Reason: Offside')).toBeInTheDocument();
    expect(disputes.compareDocumentPosition(within(panel).getByTestId('admin-bet')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

const row = (overrides: Partial<AdminUserRow>): AdminUserRow => {
  const { rank: _rank, ...user } = me(overrides);
  return { ...user, deactivatedAt: null, betsCreated: 0, ...overrides };
};
const usersKey = [...queryKeys.admin.all, 'users', { q: '', sort: 'signup', order: 'desc' }];
const users = [
  row({ id: 1, username: 'Alice', role: 'admin', balance: '1000.00', totalBets: 2 }),
  row({ id: 2, username: 'Bob', email: 'bob@betbro.test', balance: '990.00', totalBets: 1 }),
  row({ id: 3, username: 'Carol', email: 'carol@betbro.test', deactivatedAt: '2026-11-20T10:00:00.000Z' }),
];

describe('the user management page', { timeout: 20_000 }, () => {
  it('lists every user with role, balance, bets and status, and offers no Delete on the admin or a deleted user', () => {
    renderScreen(<UserManagementPage />, { user: { role: 'admin' }, data: [[usersKey, { users, total: 3, nextOffset: null }]] });
    expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
    const [alice, bob, carol] = screen.getAllByRole('row').slice(1);
    expect(alice).toHaveTextContent('Alicealice@betbro.testAdmin$1,000.002Active');
    expect(bob).toHaveTextContent('Bobbob@betbro.testUser$990.001Active');
    expect(carol).toHaveTextContent('Deactivated');
    expect(within(alice!).queryByRole('button', { name: 'Delete Alice' })).toBeNull();
    expect(within(bob!).getByRole('button', { name: 'Delete Bob' })).toBeInTheDocument();
    expect(within(carol!).queryByRole('button', { name: 'Delete Carol' })).toBeNull();
  });

  it('deletes a user once the admin confirms, and says so', async () => {
    const deleted: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'DELETE') {
        deleted.push(String(input));
        return Response.json({ id: 2, deactivatedAt: '2026-11-25T12:00:00.000Z', deactivatedNow: true, sessionsRevoked: 1, voidedBetIds: [] });
      }
      return Response.json({ users, total: 3, nextOffset: null });
    });
    renderScreen(<UserManagementPage />, { user: { role: 'admin' }, data: [[usersKey, { users, total: 3, nextOffset: null }]] });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Bob' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete user' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Bob? Their sessions end and their open bets are refunded.');
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(deleted).toEqual(['/api/admin/users/2']);
  });

  it('in the narrow layout shows each user as a card', () => {
    renderScreen(<UserManagementPage />, { user: { role: 'admin' }, narrow: true, data: [[usersKey, { users, total: 3, nextOffset: null }]] });
    expect(screen.getByText('3 users')).toBeInTheDocument();
    const cards = screen.getAllByTestId('admin-user');
    expect(cards.map((card) => within(card).getByText(/@betbro\.test$/).textContent)).toEqual(['alice@betbro.test', 'bob@betbro.test', 'carol@betbro.test']);
    expect(cards[2]).toHaveTextContent('Deleted');
  });

  it('says when no user matches, and shows the error when the list cannot be fetched', async () => {
    const { unmount } = renderScreen(<UserManagementPage />, { user: { role: 'admin' }, data: [[usersKey, { users: [], total: 0, nextOffset: null }]] });
    expect(screen.getByText('No users found')).toBeInTheDocument();
    unmount();
    renderScreen(<UserManagementPage />, { user: { role: 'admin' } });
    expect(screen.getByRole('status')).toHaveTextContent('Loading users...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch users'));
  });

  it('shows a player who is not an admin Access Denied, and asks the server nothing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderScreen(<UserManagementPage />);
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

const report = (overrides: Partial<ModerationItem>): ModerationItem => ({
  id: 1,
  kind: 'bet',
  targetId: 7,
  reason: 'Spam',
  status: 'open',
  reporter: { id: 2, username: 'Bob' },
  target: { label: 'Who wins the derby?', userId: 2, betId: 7 },
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  handledAt: null,
  handledBy: null,
  note: null,
  ...overrides,
});

describe('the reports page', { timeout: 20_000 }, () => {
  it('shows the platform figures and the content reports, and resolves an open one', async () => {
    // The charts' code arrives on its own (Recharts); loaded here first, the page need not wait for it.
    await import('./analytics-panel.tsx');
    const handled: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      handled.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return Response.json(report({ status: 'resolved' }));
    });
    renderScreen(<ReportsPage />, {
      user: { role: 'admin' },
      data: [
        [[...queryKeys.admin.all, 'reports'], reports(1)],
        [
          [...queryKeys.admin.all, 'moderation'],
          { reports: [report({}), report({ id: 2, kind: 'comment', status: 'dismissed', target: { label: null, userId: null, betId: null }, targetId: 9 })], openCount: 1, total: 2, nextOffset: null },
        ],
      ],
    });
    expect(await screen.findByText('Platform Commission (1%)', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Total Volume').nextElementSibling).toHaveTextContent('$12.00');
    const [open, dismissed] = within(screen.getByRole('heading', { name: 'Content reports' }).nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(open).toHaveTextContent('bet: Who wins the derby?');
    expect(open).toHaveTextContent('"Spam" — reported by Bob');
    expect(dismissed).toHaveTextContent('comment: #9 (gone)');
    expect(within(dismissed!).queryByRole('button')).toBeNull();
    await userEvent.click(within(open!).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Report resolved')).toBeInTheDocument();
    expect(handled).toContain('POST /api/admin/moderation/1/resolve');
  });
});
