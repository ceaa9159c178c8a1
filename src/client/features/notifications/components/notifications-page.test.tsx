import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TYPES, type Notification, type Preferences } from '../../../../shared/schemas/notifications.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const aNotification = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  type: 'bet_staked',
  title: 'New stake',
  body: 'Bob staked $5.00 on "Home".',
  betId: null,
  fromUserId: null,
  conversationId: null,
  read: false,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

const staked = aNotification({ id: 5, betId: 7 });
const message = aNotification({ id: 6, type: 'message', title: 'New message', body: 'Bob: see you there', conversationId: 3, read: true });
const page = (notifications: Notification[]) => ({
  notifications,
  unreadCount: notifications.filter((n) => !n.read).length,
  nextBefore: null,
});

const preferences: Preferences = {
  theme: 'system',
  notifications: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])) as Preferences['notifications'],
  privacy: { showOnLeaderboard: true, findableByEmail: true },
};

/** The notification routes as the server answers them, marking read what it is told to. */
function notificationServer(list: Notification[]) {
  const sent: string[] = [];
  let current = list;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    sent.push(`${method} ${path}`);
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(path);
    if (method === 'POST' && one) current = current.map((n) => (n.id === Number(one[1]) ? { ...n, read: true } : n));
    if (method === 'POST' && path === '/api/notifications/read-all') current = current.map((n) => ({ ...n, read: true }));
    if (path.startsWith('/api/notifications')) return Response.json(method === 'GET' ? page(current) : { unreadCount: page(current).unreadCount });
    if (method === 'PUT' && path === '/api/users/preferences') {
      return Response.json({ ...preferences, notifications: { ...preferences.notifications, ...JSON.parse(String(init?.body)).notifications } });
    }
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return sent;
}

describe('the notifications screen', { timeout: 20_000 }, () => {
  it('lists each notification with what it links to, and says which are unread', () => {
    renderScreen(<NotificationsPage />, { data: [[queryKeys.notifications.all, page([staked, message])]] });
    expect(screen.getByRole('heading', { name: '1 unread' })).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('notification');
    expect(first).toHaveTextContent('New stake (unread)');
    expect(first).toHaveTextContent('Bob staked $5.00 on "Home".');
    expect(within(first!).getByRole('link', { name: 'View bet' })).toHaveAttribute('href', '/bets/7');
    expect(second).not.toHaveTextContent('(unread)');
    expect(within(second!).getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/messages?c=3');
    expect(within(second!).queryByRole('button', { name: /Mark/ })).toBeNull();
  });

  it('marks one read, then the rest with Mark all read', async () => {
    const other = aNotification({ id: 8, title: 'Bet expired', type: 'bet_expired' });
    const sent = notificationServer([staked, other]);
    renderScreen(<NotificationsPage />, { data: [[queryKeys.notifications.all, page([staked, other])]] });
    await userEvent.click(screen.getByRole('button', { name: 'Mark "New stake" read' }));
    expect(await screen.findByRole('heading', { name: '1 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark "New stake" read' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('heading', { name: 'All read' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    expect(sent.filter((request) => request.startsWith('POST'))).toEqual(['POST /api/notifications/5/read', 'POST /api/notifications/read-all']);
  });

  it('says when there are none yet', () => {
    renderScreen(<NotificationsPage />, { data: [[queryKeys.notifications.all, page([])]] });
    expect(screen.getByText('No notifications yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('holds a switch for each kind to receive, saved as it is turned', async () => {
    const sent = notificationServer([]);
    renderScreen(<NotificationsPage />, {
      data: [
        [queryKeys.notifications.all, page([])],
        [queryKeys.profiles.preferences, preferences],
      ],
    });
    const messages = screen.getByRole('switch', { name: 'New messages' });
    expect(messages).toBeChecked();
    await userEvent.click(messages);
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() => expect(messages).not.toBeChecked());
    expect(sent).toContain('PUT /api/users/preferences');
  });

  it('in the narrow frame goes back to the settings', async () => {
    const { visits } = renderScreen(<NotificationsPage />, { narrow: true, data: [[queryKeys.notifications.all, page([])]] });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(visits).toEqual([{ name: 'settings' }]);
  });

  it('shows the loading state while the list is on its way', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    renderScreen(<NotificationsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications...');
  });
});
