import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BetEvent } from '../../../../shared/schemas/statistics.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBet, renderScreen } from '../../../test/render-screen.tsx';
import { EventsPage } from './events-page.tsx';

// Noon UTC: the same calendar day in every time zone the tests may run in.
const friday = '2026-11-27T12:00:00.000Z';
const saturday = '2026-11-28T12:00:00.000Z';
const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

const events: BetEvent[] = [
  { kind: 'expiring', at: friday, bet: aBet({ id: 7, title: 'Who wins the derby?', totalPot: '40.00' }) },
  { kind: 'awaiting_resolution', at: friday, bet: aBet({ id: 8, title: 'Rain on Sunday?', creatorId: 1, creator: { id: 1, username: 'Alice' } }) },
  { kind: 'expiring', at: saturday, bet: aBet({ id: 9, title: 'Snow by December?' }) },
];

describe('the events screen', () => {
  it('lists the coming expiries and the bets awaiting the player, by day, each linked to its bet', () => {
    renderScreen(<EventsPage />, { data: [[queryKeys.statistics.events, { events }]] });
    const first = screen.getByRole('region', { name: dayOf(friday) });
    const items = within(first).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Expires');
    expect(items[0]).toHaveTextContent('Pot $40.00');
    expect(within(items[0]!).getByRole('link', { name: 'Who wins the derby?' })).toHaveAttribute('href', '/bets/7');
    expect(items[1]).toHaveTextContent('Awaiting your resolution');
    expect(within(screen.getByRole('region', { name: dayOf(saturday) })).getByRole('link', { name: 'Snow by December?' })).toHaveAttribute('href', '/bets/9');
  });

  it('in the narrow frame opens the bet in the page', async () => {
    const { visits } = renderScreen(<EventsPage />, { narrow: true, data: [[queryKeys.statistics.events, { events }]] });
    await userEvent.click(screen.getByRole('button', { name: 'Rain on Sunday?' }));
    expect(visits).toEqual([{ name: 'bet', id: 8 }]);
  });

  it('says when nothing is scheduled', () => {
    renderScreen(<EventsPage />, { data: [[queryKeys.statistics.events, { events: [] }]] });
    expect(screen.getByText('No events scheduled')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<EventsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading events...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load events'));
  });
});
