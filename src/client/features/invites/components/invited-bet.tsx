import { formatOdds } from '../../../../shared/odds.ts';
import type { InvitedBet } from '../../../../shared/schemas/invites.ts';
import { showAmount, showDateTime } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

/** The bet an invite shares, as its page shows it before anything is accepted: question, options with odds, pot, deadline. */
export function InvitedBetSummary({ bet }: { bet: InvitedBet }) {
  return (
    <section aria-label={t('invites.sharedBet.label')} className="mt-4 rounded-xl bg-slate-50 p-4 text-start ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <h2 className="font-bold wrap-anywhere">{bet.title}</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {bet.options.map((option, i) => (
          <li key={option} className="flex justify-between gap-3">
            <span className="wrap-anywhere">{option}</span>
            <span className="font-semibold tabular-nums">{formatOdds(bet.odds[i] ?? null)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        {bet.expiresAt === null
          ? t('invites.sharedBet.potManual', { pot: showAmount(bet.totalPot) })
          : t('invites.sharedBet.potEnds', { pot: showAmount(bet.totalPot), ends: showDateTime(bet.expiresAt) })}
      </p>
    </section>
  );
}
