import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBet, renderScreen } from '../../../test/render-screen.tsx';
import { AdminBetsPanel, ResolveBetDialog } from './admin-bets-panel.tsx';

describe('the admin bet management', () => {
  it("lists the options to resolve as '0: label', numbered once", () => {
    renderScreen(<ResolveBetDialog bet={aBet({ options: ['Home', 'Away', 'Draw'] })} onClose={() => undefined} />, { user: { role: 'admin' } });
    const dialog = screen.getByRole('dialog', { name: 'Resolve bet' });
    const items = within(within(dialog).getByRole('list', { name: 'Options' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['0: Home', '1: Away', '2: Draw']);
    expect(dialog.querySelector('ol')).toBeNull();
    expect(within(dialog).getByLabelText('Choose winning option (0-2)')).toBeInTheDocument();
  });

  it('refuses a winner outside the options, with the rule as the message', async () => {
    renderScreen(<ResolveBetDialog bet={aBet()} onClose={() => undefined} />, { user: { role: 'admin' } });
    await userEvent.type(screen.getByLabelText('Choose winning option (0-1)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose winning option (0-1)');
  });

  it('shows each bet with its creator, pot and participants, and an empty state', () => {
    const { unmount } = renderScreen(<AdminBetsPanel bets={[aBet({ participants: 1, totalPot: '5.00' })]} />, { user: { role: 'admin' } });
    expect(screen.getByTestId('admin-bet')).toHaveTextContent('by Bob · Pot $5.00 · 1 participant');
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    unmount();
    renderScreen(<AdminBetsPanel bets={[]} />, { user: { role: 'admin' } });
    expect(screen.getByText('No bets found in this category.')).toBeInTheDocument();
  });

  it('names the bet on each button in the narrow layout', () => {
    renderScreen(<AdminBetsPanel bets={[aBet()]} />, { user: { role: 'admin' }, narrow: true });
    expect(screen.getByRole('button', { name: /^Resolve.*Who wins the derby\?$/ })).toBeInTheDocument();
  });
});
