import { formatOdds, poolShares } from '../../../../shared/odds.ts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import type { Bet } from '../../../../shared/schemas/bets.ts';
import { showAmount } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * Every option of a bet on two lines, so that a long label, the Winner and Your pick marks never
 * squeeze the figures: the label and its share of the pool, then the odds, stake count and amount.
 */
export function BetOptions({ bet }: { bet: Bet }) {
  const shares = poolShares(bet.optionAmounts.map((a) => parseAmountToCents(a) ?? 0));
  return (
    <ul className="space-y-2" aria-label={t('bets.options.listLabel', { title: bet.title })}>
      {bet.options.map((label, i) => {
        const won = bet.isResolved && bet.winningOption === i;
        const mine = bet.userParticipation?.option === i;
        return (
          <li
            key={label}
            data-testid={`option-${i}`}
            className={`relative overflow-hidden rounded-xl px-3 py-2 ring-1 ${won ? 'ring-2 ring-emerald-600' : 'ring-slate-200 dark:ring-slate-700'}`}
          >
            <div aria-hidden className="absolute inset-y-0 start-0 bg-brand-50 dark:bg-brand-900/40" style={{ width: `${shares[i]}%` }} />
            <div className="relative">
              <p className="flex items-start justify-between gap-3">
                <span className="min-w-0 font-semibold wrap-anywhere">
                  {label}
                  {won && <span className="ms-2 text-xs font-bold whitespace-nowrap text-emerald-800 dark:text-emerald-300">{t('bets.options.winner')}</span>}
                  {mine && <span className="ms-2 text-xs font-bold whitespace-nowrap text-brand-700 dark:text-brand-100">{t('bets.options.yourPick')}</span>}
                </span>
                <span className="shrink-0 font-bold" data-testid={`share-${i}`}>
                  {t('bets.options.share', { share: (shares[i] ?? 0) / 100 })}
                </span>
              </p>
              <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">
                <span className="sr-only">{t('bets.options.odds')} </span>
                <span className="font-semibold" data-testid={`odds-${i}`}>
                  {formatOdds(bet.odds[i] ?? null)}
                </span>
                {' · '}
                {t('bets.options.stakes', { count: bet.optionStakeCounts[i] ?? 0, amount: showAmount(bet.optionAmounts[i] ?? '0.00') })}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
