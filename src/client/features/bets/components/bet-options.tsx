import { formatOdds, poolShares } from '../../../../shared/odds.ts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { showAmount } from '../../../lib/format.ts';

/** Every option of a bet with its odds, pool, share of the pot and stake count. */
export function BetOptions({ bet }: { bet: Bet }) {
  const shares = poolShares(bet.optionAmounts.map((a) => parseAmountToCents(a) ?? 0));
  return (
    <ul className="space-y-2">
      {bet.options.map((label, i) => {
        const won = bet.isResolved && bet.winningOption === i;
        const mine = bet.userParticipation?.option === i;
        return (
          <li
            key={label}
            data-testid={`option-${i}`}
            className={`relative overflow-hidden rounded-xl px-3 py-2 ring-1 ${won ? 'ring-2 ring-emerald-500' : 'ring-slate-200 dark:ring-slate-700'}`}
          >
            <div aria-hidden className="absolute inset-y-0 left-0 bg-brand-50 dark:bg-brand-900/40" style={{ width: `${shares[i]}%` }} />
            <div className="relative flex items-center gap-3 text-sm">
              <span className="flex-1 font-semibold">
                {label}
                {won && <span className="ml-2 text-xs font-bold text-emerald-700 dark:text-emerald-300">Winner</span>}
                {mine && <span className="ml-2 text-xs font-bold text-brand-700 dark:text-brand-100">Your pick</span>}
              </span>
              <span className="text-slate-600 dark:text-slate-300">{shares[i]}%</span>
              <span className="text-slate-600 dark:text-slate-300">
                {bet.optionStakeCounts[i]} {bet.optionStakeCounts[i] === 1 ? 'bet' : 'bets'} · {showAmount(bet.optionAmounts[i] ?? '0.00')}
              </span>
              <span className="w-14 text-right font-bold" data-testid={`odds-${i}`} aria-label={`Odds ${formatOdds(bet.odds[i] ?? null)}`}>
                {formatOdds(bet.odds[i] ?? null)}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
