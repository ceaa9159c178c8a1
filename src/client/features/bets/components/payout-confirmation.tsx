import { t, tNodes } from '../../../lib/i18n.ts';
import type { Bet, PayoutPreview } from '../../../../shared/schemas/bets.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showAmount } from '../../../lib/format.ts';
import { centsOf, returnAndProfit } from '../../../../shared/money-words.ts';
import { usePayoutPreview } from '../api.ts';

/** Who gets what: each winner's return and profit, each loser's stake, or everyone's refund. */
export function PayoutSummary({ preview, winningLabel }: { preview: PayoutPreview; winningLabel: string }) {
  if (preview.rows.length === 0) return <p className="mt-3 text-sm">{t('bets.payout.nobodyStaked')}</p>;
  if (preview.kind === 'refund') {
    return (
      <div className="mt-3 text-sm">
        <p>{t('bets.payout.nobodyBacked', { option: winningLabel })}</p>
        <ul aria-label={t('bets.payout.refunds')} className="mt-2 space-y-1">
          {preview.rows.map((row) => (
            <li key={row.user.id} data-testid="payout-row">
              {tNodes('bets.payout.getsBack', { name: <span className="font-semibold wrap-anywhere">{row.user.username}</span>, amount: showAmount(row.stake) })}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const winners = preview.rows.filter((row) => row.option === preview.winningOption);
  const losers = preview.rows.filter((row) => row.option !== preview.winningOption);
  return (
    <div className="mt-3 space-y-3 text-sm">
      <div>
        <h3 className="font-semibold">{t('bets.payout.winners')}</h3>
        <ul aria-label={t('bets.payout.winners')} className="mt-1 space-y-1">
          {winners.map((row) => (
            <li key={row.user.id} data-testid="payout-row">
              {tNodes('bets.payout.gets', {
                name: <span className="font-semibold wrap-anywhere">{row.user.username}</span>,
                returns: returnAndProfit(t, centsOf(row.returns), centsOf(row.stake)),
              })}
            </li>
          ))}
        </ul>
      </div>
      {losers.length > 0 && (
        <div>
          <h3 className="font-semibold">{t('bets.payout.losers')}</h3>
          <ul aria-label={t('bets.payout.losers')} className="mt-1 space-y-1">
            {losers.map((row) => (
              <li key={row.user.id} data-testid="payout-row">
                {tNodes('bets.payout.loses', { name: <span className="font-semibold wrap-anywhere">{row.user.username}</span>, amount: showAmount(row.stake) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * Resolving asks first (docs/product.md §4.6): the winning option and who gets what, as the
 * server computes it by the settlement's own rule; nothing moves until it is confirmed.
 */
export function PayoutConfirmation({
  bet,
  winningOption,
  onCancel,
  onConfirm,
  pending,
}: {
  bet: Bet;
  /** The option chosen to win; null keeps the confirmation closed. */
  winningOption: number | null;
  onCancel: () => void;
  onConfirm: (winningOption: number) => void;
  pending: boolean;
}) {
  const preview = usePayoutPreview(bet.id, winningOption);
  const label = winningOption === null ? '' : (bet.options[winningOption] ?? '');
  const refund = preview.data?.kind === 'refund' && preview.data.rows.length > 0;
  return (
    <ConfirmDialog
      open={winningOption !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t('bets.payout.title', { option: label })}
      message={t('bets.payout.message', { title: bet.title, option: label })}
      confirmLabel={pending ? t('bets.common.resolving') : refund ? t('bets.payout.refundEveryone') : t('bets.payout.payOut')}
      tone="primary"
      pending={pending}
      confirmDisabled={!preview.data}
      onConfirm={() => winningOption !== null && onConfirm(winningOption)}
    >
      {preview.data ? (
        <PayoutSummary preview={preview.data} winningLabel={label} />
      ) : preview.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {t('bets.payout.loadFailed', { reason: errorMessage(preview.error, t('bets.payout.tryAgain')) })}
        </p>
      ) : (
        <p className="mt-3 text-sm">{t('bets.payout.loading')}</p>
      )}
    </ConfirmDialog>
  );
}
