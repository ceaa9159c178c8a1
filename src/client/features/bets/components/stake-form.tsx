import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { formatDollars, parseAmountToCents } from '../../../../shared/money.ts';
import { formatOdds, potentialWinCents } from '../../../../shared/odds.ts';
import type { BetDetail } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { usePlaceStake } from '../api.ts';

/** Choose an option, enter an amount, see what it would pay (DESIGN §5), place the bet. */
export function StakeForm({ bet }: { bet: BetDetail }) {
  const [option, setOption] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const placeStake = usePlaceStake();
  const pools = bet.optionAmounts.map((a) => parseAmountToCents(a) ?? 0);
  const amountCents = parseAmountToCents(amount);
  const preview = option !== null && amountCents !== null && amountCents > 0 ? potentialWinCents(pools, option, amountCents) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (option === null) {
      toast.error('Invalid bet', { description: 'Please choose an option' });
      return;
    }
    if (amountCents === null || amountCents <= 0) {
      toast.error('Invalid amount', { description: 'Please enter a valid bet amount' });
      return;
    }
    const label = bet.options[option];
    placeStake.mutate(
      { id: bet.id, body: { option, amount } },
      {
        onSuccess: () => {
          toast.success('Bet placed!', { description: `${formatDollars(amountCents)} on ${label}` });
          setAmount('');
          setOption(null);
        },
        onError: (error) => toast.error('Failed to place bet', { description: errorMessage(error, 'Failed to place bet') }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label="Place a bet">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Your pick</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {bet.options.map((label, i) => (
            <label
              key={label}
              className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 ring-1 ${option === i ? 'bg-brand-50 ring-2 ring-brand-600 dark:bg-brand-900/40' : 'ring-slate-300 dark:ring-slate-700'}`}
            >
              <input type="radio" name="stake-option" value={i} checked={option === i} onChange={() => setOption(i)} className="accent-brand-600" aria-label={label} />
              <span className="flex-1 font-medium">{label}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{formatOdds(bet.odds[i] ?? null)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="stake-amount" className="mb-1.5 block text-sm font-semibold">
          Amount ($)
        </label>
        <Input
          id="stake-amount"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          placeholder="10.00"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="potential-win">
        {preview === null
          ? 'Pick an option and an amount to see what you could win.'
          : `Potential win: ${formatDollars(preview)} if ${bet.options[option!]} wins.`}
      </p>
      <Button type="submit" disabled={placeStake.isPending} className="w-full">
        {placeStake.isPending ? 'Placing...' : 'Place Bet'}
      </Button>
    </form>
  );
}
