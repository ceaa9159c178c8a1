import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CrewSummary } from '../../../../shared/schemas/crews.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aCrew, aCrewSummary, me, renderScreen } from '../../../test/render-screen.tsx';
import { CrewsPage } from './crews-page.tsx';

/** The crews endpoints as the server answers them; returns the bodies POSTed to /api/crews. */
function crewServer(crews: CrewSummary[] | null, answer: { status: number; body: unknown } = { status: 201, body: aCrew({ id: 9, name: 'Poker night', ownerId: 1 }) }) {
  const created: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/crews' && init?.method === 'POST') {
      created.push(JSON.parse(String(init.body)));
      return Response.json(answer.body, { status: answer.status });
    }
    if (path === '/api/crews' && crews) return Response.json(crews);
    if (path === '/api/auth/user') return Response.json(me());
    return Response.json({ error: 'Something broke', code: 'internal' }, { status: 500 });
  });
  return created;
}

const form = () => screen.getByRole('form', { name: 'Create a crew' });
const toast = (title: string) => screen.findByText(title, { selector: '[data-sonner-toast] *' });

describe('the crews screen', { timeout: 20_000 }, () => {
  it('lists my crews, newest first, each linked to its page with my balance in it', () => {
    crewServer([]);
    renderScreen(<CrewsPage />, {
      data: [[queryKeys.crews.list, [aCrewSummary({ id: 5, name: 'Poker night', ownerId: 1, memberCount: 1, balance: '1000.00' }), aCrewSummary()]]],
    });
    expect(screen.getByRole('heading', { name: 'Crews', level: 1 })).toBeInTheDocument();
    const [first, second] = screen.getAllByTestId('crew-row');
    expect(within(first!).getByRole('link', { name: 'Poker night' })).toHaveAttribute('href', '/crews/5');
    expect(first).toHaveTextContent('Owner');
    expect(first).toHaveTextContent('1 member · Season 2 ends');
    expect(first).toHaveTextContent('Your balance: $1,000.00');
    expect(within(second!).getByRole('link', { name: 'Friday club' })).toHaveAttribute('href', '/crews/4');
    expect(second).not.toHaveTextContent('Owner');
    expect(second).toHaveTextContent('3 members');
    expect(second).toHaveTextContent('Your balance: $250.00');
  });

  it('says when I am in no crew, and when my crews could not be loaded', async () => {
    crewServer([]);
    const { unmount } = renderScreen(<CrewsPage />);
    expect(screen.getByText('Loading your crews...')).toBeInTheDocument();
    expect(await screen.findByText('You are not in a crew yet')).toBeInTheDocument();
    unmount();

    crewServer(null);
    renderScreen(<CrewsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your crews');
  });

  it('opens the crew page in the narrow frame by switching views', async () => {
    crewServer([]);
    const { visits } = renderScreen(<CrewsPage />, { narrow: true, data: [[queryKeys.crews.list, [aCrewSummary()]]] });
    // The frame's top bar names the screen there.
    expect(screen.queryByRole('heading', { name: 'Crews', level: 1 })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Friday club' }));
    expect(visits).toEqual([{ name: 'crew', id: 4 }]);
  });
});

describe('the create crew form', { timeout: 20_000 }, () => {
  it('starts from a balance of 1000.00 and seasons of 30 days', () => {
    crewServer([]);
    renderScreen(<CrewsPage />, { data: [[queryKeys.crews.list, []]] });
    expect(within(form()).getByLabelText('Crew name')).toHaveValue('');
    expect(within(form()).getByLabelText('Starting balance ($)')).toHaveValue('1000.00');
    expect(within(form()).getByLabelText('Season length (days)')).toHaveValue(30);
  });

  it("says every problem beside its field with the shared schema's words, focuses the first, and sends nothing", async () => {
    const created = crewServer([]);
    renderScreen(<CrewsPage />, { data: [[queryKeys.crews.list, []]] });
    const balance = within(form()).getByLabelText('Starting balance ($)');
    const days = within(form()).getByLabelText('Season length (days)');
    await userEvent.clear(balance);
    await userEvent.type(balance, '5');
    await userEvent.clear(days);
    await userEvent.type(days, '400');
    await userEvent.click(within(form()).getByRole('button', { name: 'Create crew' }));

    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Crew name is required',
      'Starting balance must be between 10.00 and 1000000.00',
      'Season length must be a whole number of days from 1 to 365',
    ]);
    const name = within(form()).getByLabelText('Crew name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Crew name is required');
    expect(balance).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription('Season length must be a whole number of days from 1 to 365');

    await userEvent.type(name, 'x'.repeat(41));
    await userEvent.clear(balance);
    await userEvent.type(balance, 'lots');
    await userEvent.clear(days);
    expect(within(form()).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Crew name must be at most 40 characters',
      'Starting balance must be an amount like 1000.00',
      'Season length must be a whole number of days from 1 to 365',
    ]);
    expect(created).toEqual([]);
  });

  it('creates the crew with the amount as typed, says so, and opens its page', async () => {
    const created = crewServer([]);
    const { visits } = renderScreen(<CrewsPage />, { data: [[queryKeys.crews.list, []]] });
    await userEvent.type(within(form()).getByLabelText('Crew name'), 'Poker night');
    const days = within(form()).getByLabelText('Season length (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(within(form()).getByRole('button', { name: 'Create crew' }));

    expect(await toast('Poker night is ready')).toBeInTheDocument();
    expect(created).toEqual([{ name: 'Poker night', startingBalance: '1000.00', seasonDays: 14 }]);
    await waitFor(() => expect(visits).toEqual([{ name: 'crew', id: 9 }]));
    expect(within(form()).getByLabelText('Crew name')).toHaveValue('');
  });

  it("says the server's refusal in a toast and keeps what was typed", async () => {
    crewServer([], { status: 409, body: { error: 'You are in 20 crews already', code: 'too_many_crews' } });
    const { visits } = renderScreen(<CrewsPage />, { data: [[queryKeys.crews.list, []]] });
    await userEvent.type(within(form()).getByLabelText('Crew name'), 'One more');
    await userEvent.click(within(form()).getByRole('button', { name: 'Create crew' }));
    expect(await toast('Could not create the crew')).toBeInTheDocument();
    expect(screen.getByText('You are in 20 crews already', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(within(form()).getByLabelText('Crew name')).toHaveValue('One more');
    expect(visits).toEqual([]);
  });
});
