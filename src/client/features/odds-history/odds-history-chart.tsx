import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { parseAmountToCents } from '../../../shared/money.ts';
import { poolShares, totalPool } from '../../../shared/odds.ts';
import type { OddsHistory } from '../../../shared/schemas/odds-history.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { showDate, showTime } from '../../lib/format.ts';
import { activeLocale, t } from '../../lib/i18n.ts';
import { useOddsHistory } from './api.ts';

// Ten hues far apart (a categorical palette), so that ten options never share a near-identical line.
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

/** Each option's share of the pot (percent) at each point; no shares before the first stake. */
export function sharesOver(points: OddsHistory['points']): { at: number; shares: (number | null)[] }[] {
  return points.map((point) => {
    const cents = point.optionAmounts.map((a) => parseAmountToCents(a) ?? 0);
    const total = cents.reduce((sum, c) => sum + c, 0);
    return { at: Date.parse(point.at), shares: cents.map((c) => (total === 0 ? null : Math.round((c / total) * 1000) / 10)) };
  });
}

const time = (at: number) => showTime(at);

/**
 * The axis's labels, as fine as the history's span needs: seconds within a few minutes (else two
 * ticks a few seconds apart both read "11:06 PM"), the time within a day, the day beyond it.
 */
export function tickLabel(span: number): (at: number) => string {
  if (span < 10 * 60_000) return (at) => showTime(at, { seconds: true });
  if (span < 24 * 3600_000) return time;
  return (at) => showDate(new Date(at).toISOString(), { year: false });
}

/**
 * The bet's odds over time as each option's share of the pot, refreshed live with the bet: the
 * body of the bet page's "Odds over time" card (the page holds the card and its heading, so that
 * they stay put while this part's code loads).
 */
export function OddsHistoryChart({ betId, options }: { betId: number; options: string[] }) {
  const { data, isPending, isError } = useOddsHistory(betId);
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-sm text-slate-500">{t('bets.oddsChart.loadFailed')}</p>;
  const series = sharesOver(data.points);
  const latestPools = data.points.at(-1)?.optionAmounts.map((a) => parseAmountToCents(a) ?? 0) ?? [];
  // Until the first stake there is nothing to draw: an empty frame would only look broken.
  if (totalPool(latestPools) === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="odds-history-empty">
        {t('bets.oddsChart.empty')}
      </p>
    );
  }
  const rows = series.map((s) => ({ at: s.at, ...Object.fromEntries(options.map((_, i) => [`o${i}`, s.shares[i]])) }));
  // Percents as the reader's language writes them ("33%", "33 %").
  const percent = new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits: 1 });
  const tick = tickLabel((series.at(-1)?.at ?? 0) - (series[0]?.at ?? 0));
  // The same whole percents as the options list beside it (poolShares), not the chart's finer ones.
  const latest = poolShares(latestPools);
  const summary = new Intl.ListFormat(activeLocale(), { type: 'unit', style: 'short' }).format(
    options.map((label, i) => t('bets.oddsChart.optionShare', { option: label, share: (latest[i] ?? 0) / 100 })),
  );
  // Named without the options' labels, and with a legend of plain text, so that a label names
  // only its own option's controls on the page. A picture, not a control: no tab stop inside
  // (Recharts' keyboard layer would make the unnamed drawing one).
  return (
    <figure>
        <div role="img" aria-label={t('bets.oddsChart.label')} aria-describedby={`odds-history-${betId}`} data-points={data.points.length} className="h-56 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
              <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={tick} fontSize={11} minTickGap={40} interval="preserveStartEnd" />
              <YAxis domain={[0, 100]} tickFormatter={(v: number) => percent.format(v / 100)} fontSize={11} width={44} />
              <Tooltip labelFormatter={(v) => time(Number(v))} formatter={(v) => (v === null || v === undefined ? '-' : percent.format(Number(v) / 100))} />
              {options.map((label, i) => (
                <Line
                  key={label}
                  type="stepAfter"
                  dataKey={`o${i}`}
                  name={label}
                  stroke={COLOURS[i % COLOURS.length]}
                  strokeWidth={2}
                  dot={data.points.length < 30}
                  connectNulls
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs" aria-hidden>
          {options.map((label, i) => (
            <li key={label} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-full" style={{ backgroundColor: COLOURS[i % COLOURS.length] }} />
              {label}
            </li>
          ))}
        </ul>
        <figcaption id={`odds-history-${betId}`} data-testid="odds-history-summary" className="sr-only">
          {t('bets.oddsChart.now', { summary })}
        </figcaption>
    </figure>
  );
}
