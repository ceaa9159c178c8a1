import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OddsHistory } from '../../../shared/schemas/odds-history.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { oddsHistoryKey } from './api.ts';
import { OddsHistoryChart } from './odds-history-chart.tsx';

const key = oddsHistoryKey(7);
const point = (at: string, optionAmounts: string[]) => ({ at, optionAmounts });

describe('the odds chart', () => {
  it('says there is nothing to draw before the first stake, instead of an empty frame', () => {
    const history: OddsHistory = { points: [point('2026-11-24T10:00:00.000Z', ['0.00', '0.00'])] };
    renderScreen(<OddsHistoryChart betId={7} options={['Home', 'Away']} />, { data: [[key, history]] });
    expect(screen.getByText('No stakes yet: the chart starts with the first one.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('sums up the pot now in the whole percents the options list shows', () => {
    const history: OddsHistory = {
      points: [point('2026-11-24T10:00:00.000Z', ['0.00', '0.00', '0.00']), point('2026-11-24T11:00:00.000Z', ['1.00', '1.00', '1.00'])],
    };
    renderScreen(<OddsHistoryChart betId={7} options={['Home', 'Away', 'Draw']} />, { data: [[key, history]] });
    expect(screen.getByTestId('odds-history-summary')).toHaveTextContent('Now: Home 33%, Away 33%, Draw 33%');
    expect(screen.getByRole('img', { name: 'Share of the pot over time' })).toHaveAttribute('data-points', '2');
  });
});
