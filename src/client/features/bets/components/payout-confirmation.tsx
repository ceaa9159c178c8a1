import type { Bet, PayoutPreview } from '../../../../shared/schemas/bets.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { centsOf, returnAndProfit } from '../../../../shared/money-words.ts';
import { usePayoutPreview } from '../api.ts';

/** Who gets what: each winner's return and profit, each loser's stake, or everyone's refund. */
export function PayoutSummary({ preview, winningLabel }: { preview: PayoutPreview; winningLabel: string }) {
  if (preview.rows.length === 0) return <p className="mt-3 text-sm">Nobody has staked: no money moves.</p>;
  if (preview.kind === 'refund') {
    return (
      <div className="mt-3 text-sm">
        <p>Nobody backed {winningLabel}: every stake is refunded.</p>
        <ul aria-label="Refunds" className="mt-2 space-y-1">
          {preview.rows.map((row) => (
            <li key={row.user.id} data-testid="payout-row">
              <span className="font-semibold wrap-anywhere">{row.user.username}</span> gets {formatDollars(centsOf(row.stake))} back
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
        <h3 className="font-semibold">Winners</h3>
        <ul aria-label="Winners" className="mt-1 space-y-1">
          {winners.map((row) => (
            <li key={row.user.id} data-testid="payout-row">
              <span className="font-semibold wrap-anywhere">{row.user.username}</span> gets{' '}
              {returnAndProfit(centsOf(row.returns), centsOf(row.stake))}
            </li>
          ))}
        </ul>
      </div>
      {losers.length > 0 && (
        <div>
          <h3 className="font-semibold">Losers</h3>
          <ul aria-label="Losers" className="mt-1 space-y-1">
            {losers.map((row) => (
              <li key={row.user.id} data-testid="payout-row">
                <span className="font-semibold wrap-anywhere">{row.user.username}</span> loses {formatDollars(centsOf(row.stake))}
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
      title={`${label} won?`}
      message={`Resolve "${bet.title}" with ${label} as the winner. Money moves at once; this cannot be undone.`}
      confirmLabel={pending ? 'Resolving...' : refund ? 'Refund everyone' : 'Pay out'}
      tone="primary"
      pending={pending}
      confirmDisabled={!preview.data}
      onConfirm={() => winningOption !== null && onConfirm(winningOption)}
    >
      {preview.data ? (
        <PayoutSummary preview={preview.data} winningLabel={label} />
      ) : preview.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          Failed to load the payouts: {errorMessage(preview.error, 'Please try again.')}
        </p>
      ) : (
        <p className="mt-3 text-sm">Loading the payouts...</p>
      )}
    </ConfirmDialog>
  );
}
