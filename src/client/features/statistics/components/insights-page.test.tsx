import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Insight } from '../../../../shared/schemas/statistics.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { InsightsPage } from './insights-page.tsx';

const insights: Insight[] = [
  { id: 'win_rate', title: 'Win rate', value: '50%', explanation: 'You won 1 of your 2 settled bets.' },
  { id: 'strongest_category', title: 'Strongest category', value: 'Sports', explanation: 'Your profit is highest on Sports bets.' },
];

describe('the insights screen', () => {
  it('shows each insight with its value and the sentence that explains it', () => {
    renderScreen(<InsightsPage />, { data: [[queryKeys.statistics.insights, { insights }]] });
    expect(screen.getByRole('heading', { name: 'Insights' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('insight-win_rate')).toHaveTextContent('50%');
    expect(screen.getByText('You won 1 of your 2 settled bets.')).toBeInTheDocument();
    expect(screen.getByTestId('insight-strongest_category')).toHaveTextContent('Sports');
  });

  it('says when there is nothing to tell yet, and why', () => {
    renderScreen(<InsightsPage />, { data: [[queryKeys.statistics.insights, { insights: [] }]] });
    expect(screen.getByText('No insights yet')).toBeInTheDocument();
    expect(screen.getByText('Insights appear once you have placed a bet.')).toBeInTheDocument();
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<InsightsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Generating insights...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load insights'));
  });
});
