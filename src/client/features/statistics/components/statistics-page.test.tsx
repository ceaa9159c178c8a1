import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlayerFigures } from '../../../../shared/player-figures.ts';
import type { Statistics } from '../../../../shared/schemas/statistics.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { StatisticsPage } from './statistics-page.tsx';

const figures = (period: PlayerFigures['period']): PlayerFigures => ({
  period,
  bets: 0,
  openBets: 0,
  settledBets: 0,
  wins: 0,
  winRate: 0,
  wagered: '0.00',
  profit: '0.00',
  rank: null,
});

const statistics = (overrides: Partial<Statistics> = {}): Statistics => ({
  totalWinnings: '0.00',
  winRate: 0,
  totalBets: 0,
  totalWins: 0,
  rank: null,
  monthlyBets: 0,
  monthlyWins: 0,
  monthlyProfit: '0.00',
  months: [],
  categories: [],
  figures: { week: figures('week'), month: figures('month'), all: figures('all') },
  ...overrides,
});

describe('the statistics screen', () => {
  it("shows the player's figures as the server counts them, this month's, and where the stakes go", () => {
    renderScreen(<StatisticsPage />, {
      data: [
        [
          queryKeys.statistics.all,
          statistics({
            totalWinnings: '-12.50',
            winRate: 33,
            totalBets: 3,
            totalWins: 1,
            rank: 4,
            monthlyBets: 2,
            monthlyWins: 1,
            monthlyProfit: '7.25',
            months: [{ month: '2026-11', bets: 2, wins: 1, profit: '7.25' }],
            categories: [
              { category: 'Sports', amount: '30.00', count: 2, share: 75 },
              { category: 'Politics', amount: '10.00', count: 1, share: 25 },
            ],
          }),
        ],
      ],
    });
    expect(screen.getByRole('heading', { name: 'Statistics' })).toBeInTheDocument();
    expect(screen.getByTestId('stat-total-winnings')).toHaveTextContent('-$12.50');
    expect(screen.getByTestId('stat-win-rate')).toHaveTextContent('33%');
    expect(screen.getByTestId('stat-total-bets')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-rank')).toHaveTextContent('#4');
    expect(screen.getByText('Profit this month').nextSibling).toHaveTextContent('$7.25');
    const categories = within(screen.getByRole('heading', { name: 'Where your stakes go' }).parentElement!).getAllByRole('listitem');
    expect(categories.map((item) => item.textContent)).toEqual(['Sports75% · $30.00 over 2 bets', 'Politics25% · $10.00 over 1 bet']);
    expect(screen.getByRole('img', { name: 'Bar chart of bets and wins per month' })).toBeInTheDocument();
  });

  it('says there is nothing to show before the first stake, with no rank', () => {
    renderScreen(<StatisticsPage />, { data: [[queryKeys.statistics.all, statistics()]] });
    expect(screen.getByText('No statistics available')).toBeInTheDocument();
    expect(screen.getByTestId('stat-rank')).toHaveTextContent('N/A');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<StatisticsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading statistics...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load statistics'));
  });
});
