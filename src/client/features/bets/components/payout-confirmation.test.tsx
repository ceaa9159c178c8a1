import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatCents, formatDollars } from '../../../../shared/money.ts';
import { settle } from '../../../../shared/payout.ts';
import type { BetDetail, PayoutPreview } from '../../../../shared/schemas/bets.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aBetDetail, aResolution, renderScreen } from '../../../test/render-screen.tsx';
import { ResolvePanel } from './resolve-panel.tsx';

/** Four stakes on Bob's bet: a pot of $10.00 over a winning pool of $3.00, so a cent is left over. */
const stakes = [
  { id: 1, username: 'Ada', option: 0, amountCents: 100 },
  { id: 2, username: 'Ben', option: 0, amountCents: 100 },
  { id: 3, username: 'Cy', option: 0, amountCents: 100 },
  { id: 4, username: 'Di', option: 1, amountCents: 700 },
];

/** The answer of GET /api/bets/7/payouts for `winningOption`, figured by the settlement's own rule. */
function previewBySettlement(winningOption: number): PayoutPreview {
  const { kind, paid } = settle(stakes.map((s) => ({ ...s, placedOrder: s.id })), winningOption);
  return {
    winningOption,
    kind,
    rows: stakes.map((s) => ({
      user: { id: 10 + s.id, username: s.username },
      option: s.option,
      stake: formatCents(s.amountCents),
      returns: formatCents(paid.get(s.id)!),
      profit: formatCents(paid.get(s.id)! - s.amountCents),
    })),
  };
}

const bet = (overrides: Partial<BetDetail> = {}) =>
  aBetDetail({ options: ['Home', 'Away', 'Draw'], optionAmounts: ['3.00', '7.00', '0.00'], totalPot: '10.00', participants: 4, canResolve: true, ...overrides });

describe('resolving asks first', { timeout: 20_000 }, () => {
  it.each([
    ['its creator', { id: 2, username: 'Bob', role: 'user' as const }, bet(), '/api/bets/7/resolve'],
    ['its referee', { id: 5, username: 'Rita', role: 'user' as const }, bet({ resolution: aResolution({ mode: 'referee', referee: { id: 5, username: 'Rita' } }) }), '/api/bets/7/resolve'],
    ['an admin', { id: 9, username: 'Boss', role: 'admin' as const }, bet({ canResolve: false }), '/api/admin/bets/7/resolve'],
  ])('shows %s each winner and loser with the figures the settlement pays, to the cent, and pays only on confirmation', async (_who, user, shown, path) => {
    const sent: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method !== 'POST') return new Promise<Response>(() => undefined);
      sent.push(String(input));
      return Response.json({ ...shown, status: 'resolved', isResolved: true, winningOption: 0, canResolve: false });
    });
    renderScreen(<ResolvePanel bet={shown} asAdmin={user.role === 'admin'} />, { user, data: [[queryKeys.bets.payouts(7, 0), previewBySettlement(0)]] });
    await userEvent.click(screen.getByRole('radio', { name: 'Home' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve Bet' }));

    const confirmation = screen.getByRole('alertdialog', { name: 'Home won?' });
    const { paid } = settle(stakes.map((s) => ({ ...s, placedOrder: s.id })), 0);
    const winners = within(within(confirmation).getByRole('list', { name: 'Winners' })).getAllByRole('listitem');
    expect(winners.map((li) => li.textContent)).toEqual(
      stakes.filter((s) => s.option === 0).map((s) => `${s.username} gets ${formatDollars(paid.get(s.id)!)} — ${formatDollars(paid.get(s.id)! - s.amountCents)} profit`),
    );
    expect(winners.map((li) => li.textContent)).toEqual(['Ada gets $3.34 — $2.34 profit', 'Ben gets $3.33 — $2.33 profit', 'Cy gets $3.33 — $2.33 profit']);
    expect(within(confirmation).getByRole('list', { name: 'Losers' })).toHaveTextContent('Di loses $7.00');
    expect(sent).toEqual([]);

    await userEvent.click(within(confirmation).getByRole('button', { name: 'Pay out' }));
    expect(await screen.findByText('Bet resolved!')).toBeInTheDocument();
    expect(sent).toEqual([path]);
  });

  it('moves nothing when cancelled, and says a refund when nobody backed the winner', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
    renderScreen(<ResolvePanel bet={bet()} asAdmin={false} />, { user: { id: 2, username: 'Bob' }, data: [[queryKeys.bets.payouts(7, 2), previewBySettlement(2)]] });
    await userEvent.click(screen.getByRole('radio', { name: 'Draw' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve Bet' }));
    const confirmation = screen.getByRole('alertdialog', { name: 'Draw won?' });
    expect(confirmation).toHaveTextContent('Nobody backed Draw: every stake is refunded.');
    expect(within(within(confirmation).getByRole('list', { name: 'Refunds' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Ada gets $1.00 back',
      'Ben gets $1.00 back',
      'Cy gets $1.00 back',
      'Di gets $7.00 back',
    ]);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });
});
