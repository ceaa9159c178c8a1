import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Notification, Preferences } from '../../../../shared/schemas/notifications.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen, somePreferences } from '../../../test/render-screen.tsx';
import { NotificationsPage } from './notifications-page.tsx';

const aNotification = (overrides: Partial<Notification>): Notification => ({
  id: 1,
  type: 'bet_staked',
  title: 'New stake',
  body: 'Bob staked $5.00 on "Home".',
  betId: null,
  fromUserId: null,
  conversationId: null,
  crewId: null,
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

const preferences = somePreferences();

/** The notification routes as the server answers them, marking read what it is told to; the preference changes it was sent in `bodies`. */
function notificationServer(list: Notification[], saved: Preferences = preferences) {
  const sent: string[] = [];
  const bodies: unknown[] = [];
  let current = list;
  let prefs = saved;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    sent.push(`${method} ${path}`);
    const one = /^\/api\/notifications\/(\d+)\/read$/.exec(path);
    if (method === 'POST' && one) current = current.map((n) => (n.id === Number(one[1]) ? { ...n, read: true } : n));
    if (method === 'POST' && path === '/api/notifications/read-all') current = current.map((n) => ({ ...n, read: true }));
    if (path.startsWith('/api/notifications')) return Response.json(method === 'GET' ? page(current) : { unreadCount: page(current).unreadCount });
    if (method === 'PUT' && path === '/api/users/preferences') {
      const change = JSON.parse(String(init?.body)) as Partial<Preferences>;
      bodies.push(change);
      prefs = {
        ...prefs,
        notifications: { ...prefs.notifications, ...change.notifications },
        email: { ...prefs.email, ...change.email },
        ...(change.quietHours !== undefined ? { quietHours: change.quietHours } : {}),
        ...(change.timeZone !== undefined ? { timeZone: change.timeZone } : {}),
      };
      return Response.json(prefs);
    }
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return Object.assign(sent, { bodies });
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

  it("leads a crew's notifications to the crew's page", () => {
    const joined = aNotification({ id: 9, type: 'crew_joined', title: 'Cleo joined Friday club', body: 'Cleo joined by your invite.', crewId: 4 });
    const crewBet = aNotification({ id: 10, type: 'crew_bet', title: 'New crew bet', body: 'Bob asks Friday club: rain?', crewId: 4, betId: 12 });
    renderScreen(<NotificationsPage />, { data: [[queryKeys.notifications.all, page([joined, crewBet])]] });
    const [first, second] = screen.getAllByTestId('notification');
    expect(within(first!).getByRole('link', { name: 'Open crew' })).toHaveAttribute('href', '/crews/4');
    expect(within(first!).queryByRole('link', { name: 'View bet' })).toBeNull();
    expect(within(second!).getByRole('link', { name: 'View bet' })).toHaveAttribute('href', '/bets/12');
    expect(within(second!).getByRole('link', { name: 'Open crew' })).toHaveAttribute('href', '/crews/4');
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

  it('sends each type by mail as chosen: off, at once, or in the daily digest', async () => {
    const { bodies } = notificationServer([]);
    renderScreen(<NotificationsPage />, {
      data: [
        [queryKeys.notifications.all, page([])],
        [queryKeys.profiles.preferences, somePreferences({ email: { ...preferences.email, message: 'instant' } })],
      ],
    });
    const messages = screen.getByRole('combobox', { name: 'New messages by email' });
    expect(messages).toHaveValue('instant');
    expect(within(messages).getAllByRole('option').map((option) => option.textContent)).toEqual(['Off', 'Instant', 'Daily digest']);
    const requests = screen.getByRole('combobox', { name: 'Friend requests by email' });
    expect(requests).toHaveValue('off');
    await userEvent.selectOptions(requests, 'Daily digest');
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: { friend_request: 'daily' } }]);
    expect(requests).toHaveValue('daily');
  });

  it('turns quiet hours on once their hours are saved, changes them, and turns them off', async () => {
    const { bodies } = notificationServer([], somePreferences({ timeZone: 'Europe/Berlin' }));
    renderScreen(<NotificationsPage />, {
      data: [
        [queryKeys.notifications.all, page([])],
        [queryKeys.profiles.preferences, somePreferences({ timeZone: 'Europe/Berlin' })],
      ],
    });
    const summary = screen.getByTestId('quiet-hours-summary');
    expect(summary).toHaveTextContent('Off: push notifications come at any hour.');
    const quiet = screen.getByRole('switch', { name: /^Quiet hours/ });
    expect(quiet).not.toBeChecked();
    expect(screen.queryByLabelText('Quiet from')).toBeNull();

    // The switch opens the hours to choose; nothing is saved, and nothing says they are on.
    await userEvent.click(quiet);
    const from = await screen.findByLabelText('Quiet from');
    expect(from).toHaveValue('22:00');
    expect(screen.getByLabelText('Quiet until')).toHaveValue('08:00');
    expect(screen.getByText('Not on yet: save these hours to turn quiet hours on.')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Off: push notifications come at any hour.');
    expect(screen.queryByText('Quiet hours on')).toBeNull();
    expect(bodies).toEqual([]);

    // A time the schema refuses is said beside its field, and nothing is sent.
    await userEvent.clear(from);
    await userEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Use a time like 22:00')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    await userEvent.type(from, '23:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Quiet hours on')).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveTextContent('On: no push from 23:00 until 08:00.'));
    expect(screen.queryByText(/^Not on yet/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Save quiet hours' })).toBeDisabled();

    // Changed hours count once saved too.
    await userEvent.clear(screen.getByLabelText('Quiet from'));
    await userEvent.type(screen.getByLabelText('Quiet from'), '23:30');
    expect(summary).toHaveTextContent('On: no push from 23:00 until 08:00.');
    await userEvent.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    expect(await screen.findByText('Quiet hours saved')).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveTextContent('On: no push from 23:30 until 08:00.'));

    await userEvent.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    expect(await screen.findByText('Quiet hours off')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Quiet from')).toBeNull());
    expect(summary).toHaveTextContent('Off: push notifications come at any hour.');
    expect(bodies).toEqual([{ quietHours: { from: '23:00', to: '08:00' } }, { quietHours: { from: '23:30', to: '08:00' } }, { quietHours: null }]);
  });

  it('turns the switch back off before saving without sending anything', async () => {
    const { bodies } = notificationServer([]);
    renderScreen(<NotificationsPage />, {
      data: [
        [queryKeys.notifications.all, page([])],
        [queryKeys.profiles.preferences, preferences],
      ],
    });
    await userEvent.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    expect(await screen.findByLabelText('Quiet from')).toHaveValue('22:00');
    await userEvent.click(screen.getByRole('switch', { name: /^Quiet hours/ }));
    await waitFor(() => expect(screen.queryByLabelText('Quiet from')).toBeNull());
    expect(screen.getByRole('switch', { name: /^Quiet hours/ })).not.toBeChecked();
    expect(screen.getByTestId('quiet-hours-summary')).toHaveTextContent('Off: push notifications come at any hour.');
    expect(bodies).toEqual([]);
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
