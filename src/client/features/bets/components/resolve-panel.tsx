import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { betPhase } from '../../../../shared/bet-phase.ts';
import type { BetDetail } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useAdminResolveBet, useResolveBet } from '../api.ts';
import { deciderOf } from './referee.tsx';

/**
 * Who settles the bet: its decider (the referee when it has one, else the creator) when the rules
 * let them, otherwise an admin's override.
 */
export function resolvesAsAdmin(bet: BetDetail, me: { id: number; role: string }): boolean {
  const deciderMay = deciderOf(bet).id === me.id && (bet.expirationType === 'indefinite' || betPhase(bet) === 'expired');
  return !deciderMay && me.role === 'admin';
}

/** The bet's decider, creator or referee (or an admin), declares the winner; payouts follow at once. */
export function ResolvePanel({ bet, asAdmin }: { bet: BetDetail; asAdmin: boolean }) {
  const [winner, setWinner] = useState<number | null>(null);
  const creatorResolve = useResolveBet();
  const adminResolve = useAdminResolveBet();
  const resolve = asAdmin ? adminResolve : creatorResolve;

  function confirm() {
    if (winner === null) return;
    const label = bet.options[winner];
    resolve.mutate(
      { id: bet.id, body: { winningOption: winner } },
      {
        onSuccess: () => toast.success('Bet resolved!', { description: `${label} declared winner` }),
        onError: (error) => toast.error('Failed to resolve bet', { description: errorMessage(error, 'Failed to resolve bet') }),
      },
    );
  }

  return (
    <section aria-labelledby="resolve-heading" className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900">
      <h2 id="resolve-heading" className="font-bold">
        Resolve this bet
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Choose the option that won. Winners are paid at once; this cannot be undone.</p>
      <div className="mt-3 grid gap-2 sm:grid-cols-2" role="radiogroup" aria-label="Winning option">
        {bet.options.map((label, i) => (
          <label key={label} className={`flex cursor-pointer items-center gap-3 rounded-xl bg-white px-3 py-2 ring-1 dark:bg-slate-900 ${winner === i ? 'ring-2 ring-amber-600' : 'ring-slate-300 dark:ring-slate-700'}`}>
            <input type="radio" name="winning-option" checked={winner === i} onChange={() => setWinner(i)} className="accent-amber-600" />
            {label}
          </label>
        ))}
      </div>
      <Button className="mt-4" disabled={winner === null || resolve.isPending} onClick={confirm}>
        {resolve.isPending ? 'Resolving...' : 'Resolve Bet'}
      </Button>
    </section>
  );
}
