import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aBet, aJuryResolution, renderScreen } from '../../test/render-screen.tsx';
import { AdminBetsPanel, ResolveBetDialog } from './admin-bets-panel.tsx';

describe('the admin bet management', () => {
  it('resolves by choosing the winning option by its label, then Resolve, then confirming who gets what', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) === '/api/bets/7/payouts?winningOption=2') {
        const row = (id: number, username: string, option: number, stake: string, returns: string, profit: string) => ({ user: { id, username }, option, stake, returns, profit });
        return Response.json({ winningOption: 2, kind: 'payout', rows: [row(3, 'Cleo', 2, '10.00', '25.00', '15.00'), row(4, 'Dan', 0, '15.00', '0.00', '-15.00')] });
      }
      if (String(input) === '/api/admin/bets/7/resolve') {
        sent.push(JSON.parse(String(init?.body)));
        return Response.json({ ...aBet({ status: 'resolved', isResolved: true, winningOption: 2, options: ['Home', 'Away', 'Draw'] }), participantList: [], canStake: false, canResolve: false, canDispute: false, canVote: false });
      }
      return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
    });
    const closed = vi.fn();
    renderScreen(<ResolveBetDialog bet={aBet({ options: ['Home', 'Away', 'Draw'] })} onClose={closed} />, { user: { role: 'admin' } });
    const dialog = screen.getByRole('dialog', { name: 'Resolve bet' });
    const group = within(dialog).getByRole('group', { name: 'Winning option' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('aria-label') ?? radio.closest('label')?.textContent)).toEqual(['Home', 'Away', 'Draw']);
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).queryByText(/\(0-2\)/)).toBeNull();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Draw' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Draw won?' });
    expect(await within(confirmation).findByRole('list', { name: 'Winners' })).toHaveTextContent('Cleo gets $25.00 — $15.00 profit');
    expect(within(confirmation).getByRole('list', { name: 'Losers' })).toHaveTextContent('Dan loses $15.00');
    expect(sent).toEqual([]);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Pay out' }));
    expect(await screen.findByText('Bet resolved successfully')).toBeInTheDocument();
    expect(screen.getByText('Draw declared winner')).toBeInTheDocument();
    expect(sent).toEqual([{ winningOption: 2 }]);
    expect(closed).toHaveBeenCalled();
  });

  it('asks for a winner beside the options when none is chosen, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderScreen(<ResolveBetDialog bet={aBet()} onClose={() => undefined} />, { user: { role: 'admin' } });
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    const group = screen.getByRole('group', { name: 'Winning option' });
    expect(group).toHaveAccessibleDescription('Choose the winning option');
    expect(within(group).getByRole('radio', { name: 'Home' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(group).getByRole('radio', { name: 'Home' })).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows each bet with its creator, pot and participants, and an empty state', () => {
    const { unmount } = renderScreen(<AdminBetsPanel bets={[aBet({ participants: 1, totalPot: '5.00' })]} />, { user: { role: 'admin' } });
    expect(screen.getByTestId('admin-bet')).toHaveTextContent('by Bob · Pot $5.00 · 1 participant');
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    unmount();
    renderScreen(<AdminBetsPanel bets={[]} />, { user: { role: 'admin' } });
    expect(screen.getByText('No bets found in this category.')).toBeInTheDocument();
  });

  it('counts as active only the bets its list marks Active: an unresolved bet past its expiry is expired', () => {
    const past = new Date(Date.now() - 3600_000).toISOString();
    const future = new Date(Date.now() + 3600_000).toISOString();
    const bets = [
      aBet({ id: 1, title: 'Open', expiresAt: future, expirationType: 'time' }),
      // A copy fetched before its expiry still says isExpired: false; the clock says otherwise.
      aBet({ id: 2, title: 'Ran out', expiresAt: past, expirationType: 'time', isExpired: false }),
      aBet({ id: 3, title: 'Done', status: 'resolved', isResolved: true, winningOption: 0 }),
    ];
    renderScreen(<AdminBetsPanel bets={bets} />, { user: { role: 'admin' } });
    expect(screen.getByText('Active bets').nextElementSibling).toHaveTextContent(/^1$/);
    const rows = screen.getAllByTestId('admin-bet');
    expect(rows.map((row) => within(row).getByText(/^(Active|Expired|Resolved)$/).textContent)).toEqual(['Active', 'Expired', 'Resolved']);
  });

  it("offers Resolve on a jury bet whose result waits, proposed or disputed, and never on a settled bet; none of them counts as active", () => {
    const bets = [
      aBet({ id: 1, title: 'Jury one', status: 'proposed', resolution: aJuryResolution() }),
      aBet({ id: 2, title: 'Jury two', status: 'disputed', resolution: aJuryResolution({ votesNeeded: 3 }) }),
      aBet({ id: 3, title: 'Called off', status: 'void' }),
    ];
    renderScreen(<AdminBetsPanel bets={bets} />, { user: { role: 'admin' } });
    expect(screen.getByText('Active bets').nextElementSibling).toHaveTextContent(/^0$/);
    const rows = screen.getAllByTestId('admin-bet');
    expect(rows.map((row) => within(row).queryByRole('button', { name: 'Resolve' }) !== null)).toEqual([true, true, false]);
    expect(rows.map((row) => within(row).getByText(/^(Proposed|Disputed|Refunded)$/).textContent)).toEqual(['Proposed', 'Disputed', 'Refunded']);
  });

  it('names the bet on each button in the narrow layout', () => {
    renderScreen(<AdminBetsPanel bets={[aBet()]} />, { user: { role: 'admin' }, narrow: true });
    expect(screen.getByRole('button', { name: /^Resolve.*Who wins the derby\?$/ })).toBeInTheDocument();
  });
});
