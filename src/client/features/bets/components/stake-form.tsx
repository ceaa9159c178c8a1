import { z } from 'zod';
import { t } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { parseAmountToCents } from '../../../../shared/money.ts';
import { formatOdds, potentialWinCents } from '../../../../shared/odds.ts';
import { participateBodySchema, type BetDetail } from '../../../../shared/schemas/bets.ts';
import { stakeAmountSchema } from '../../../../shared/stake-amount.ts';
import { focusWhenShown } from '../../../components/focus.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldGroup, Radio } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useMyCrew } from '../../../lib/crews-list.ts';
import { showAmount } from '../../../lib/format.ts';
import { returnAndProfit } from '../../../../shared/money-words.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { usePlaceStake } from '../api.ts';

/** The stake's body as the form checks it: an option chosen, and an amount the stake rules allow. */
const stakeFormSchema = z.lazy(() => participateBodySchema.unwrap().extend({ amount: stakeAmountSchema }));
// No option chosen yet is no number: the schema says 'Please choose an option'.
const toBody = ({ option, amount }: { option: string; amount: string }) => ({ option: option === '' ? Number.NaN : Number(option), amount });

/** Where the focus goes once a stake is in: the summary of it that takes the form's place. */
export const stakeSummaryId = (betId: number) => `bet-${betId}-your-stake`;

/**
 * Choose an option, enter an amount, see what it would pay (docs/product.md §2.4), place the bet.
 * A crew bet is staked from the player's crew balance for the crew's season, never from their own:
 * the form shows that balance and refuses a stake above it, as the server would.
 */
export function StakeForm({ bet }: { bet: BetDetail }) {
  const { crew, isPending: crewPending } = useMyCrew(bet.crewId);
  const crewBalanceCents = crew ? parseAmountToCents(crew.balance) : null;
  const overCrewBalance = ({ amount }: { amount: string }) => {
    const cents = parseAmountToCents(amount.trim());
    return crew && crewBalanceCents !== null && cents !== null && cents > crewBalanceCents
      ? { amount: t('bets.stake.overCrewBalance', { balance: showAmount(crew.balance) }) }
      : {};
  };
  const form = useZodForm(stakeFormSchema, { option: '', amount: '' }, { toBody, check: overCrewBalance });
  const placeStake = usePlaceStake();
  const option = form.values.option === '' ? null : Number(form.values.option);
  const pools = bet.optionAmounts.map((a) => parseAmountToCents(a) ?? 0);
  const amountCents = parseAmountToCents(form.values.amount);
  const preview = option !== null && amountCents !== null && amountCents > 0 ? potentialWinCents(pools, option, amountCents) : null;

  const submit = form.submit((body) => {
    const label = bet.options[body.option];
    const amount = String(body.amount);
    placeStake.mutate(
      { id: bet.id, body: { option: body.option, amount } },
      {
        onSuccess: () => {
          toast.success(t('bets.stake.placed'), { description: t('bets.common.amountOnOption', { amount: showAmount(amount), option: label ?? '' }) });
          form.reset();
          focusWhenShown(stakeSummaryId(bet.id));
        },
        onError: (error) => toast.error(t('bets.stake.failed'), { description: errorMessage(error, t('bets.stake.failed')) }),
      },
    );
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-label={t('bets.stake.formLabel')}>
      <FieldGroup id={`bet-${bet.id}-pick`} legend={t('bets.stake.yourPick')} legendClassName="mb-2 text-sm font-semibold" error={form.errors.option}>
        <div className="grid gap-2 sm:grid-cols-2">
          {bet.options.map((label, i) => (
            <label
              key={label}
              className={`flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 ring-1 ${option === i ? 'bg-brand-50 ring-2 ring-brand-600 dark:bg-brand-900/40' : 'ring-slate-300 dark:ring-slate-700'}`}
            >
              <Radio name={`stake-option-${bet.id}`} value={i} checked={option === i} onChange={() => form.set('option', String(i))} className="accent-brand-600" aria-label={label} />
              <span className="flex-1 font-medium">{label}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{formatOdds(bet.odds[i] ?? null)}</span>
            </label>
          ))}
        </div>
      </FieldGroup>
      {bet.crewId !== null && (crew || crewPending) && (
        <p className="text-sm font-semibold" data-testid="crew-balance">
          {crew ? t('bets.stake.crewBalance', { balance: showAmount(crew.balance) }) : t('bets.stake.crewBalanceLoading')}
        </p>
      )}
      <Field id={`bet-${bet.id}-amount`} label={t('bets.stake.amount')} error={form.errors.amount}>
        <Input type="number" inputMode="decimal" min={1} step="0.01" placeholder="10.00" {...form.field('amount')} />
      </Field>
      <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite" data-testid="potential-win">
        {preview === null || option === null
          ? t('bets.stake.pickFirst')
          : t('bets.stake.returnsIf', { returns: returnAndProfit(t, preview, amountCents ?? 0), option: bet.options[option] ?? '' })}
      </p>
      <Button type="submit" disabled={placeStake.isPending} className="w-full">
        {placeStake.isPending ? t('bets.stake.placing') : t('bets.stake.submit')}
      </Button>
    </form>
  );
}
