import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { betPhase } from '../../../../shared/bet-phase.ts';
import { resolveBodySchema, type Bet, type BetDetail, type ResolveBody } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useZodForm, type FieldErrors } from '../../../lib/use-zod-form.ts';
import { useAdminResolveBet, useResolveBet } from '../api.ts';
import { PayoutConfirmation } from './payout-confirmation.tsx';
import { circleOf, deciderOf } from './referee.tsx';

/**
 * Who settles the bet: its decider (the referee when it has one, else the creator) when the rules
 * let them, otherwise an admin's override. The decider acts only on an open bet: once a jury
 * bet's result is proposed, only an admin settles it outright.
 */
export function resolvesAsAdmin(bet: Bet, me: { id: number; role: string }): boolean {
  const deciderMay = bet.status === 'active' && deciderOf(bet).id === me.id && (bet.expirationType === 'indefinite' || betPhase(bet) === 'expired');
  return !deciderMay && me.role === 'admin';
}

/** Whether `me` proposes the result rather than resolving: the creator of a jury bet does (docs/product.md §4.6). */
export const proposesResult = (bet: Bet, me: { id: number; role: string }) => bet.resolution.mode === 'jury' && !resolvesAsAdmin(bet, me);

type Values = { winningOption: string; evidenceText: string; evidenceUrl: string };

/** The body: the winner, and the evidence only when some is given (a proposal's). */
const toBody = ({ winningOption, evidenceText, evidenceUrl }: Values): ResolveBody => {
  const evidence = { ...(evidenceText.trim() ? { text: evidenceText } : {}), ...(evidenceUrl.trim() ? { url: evidenceUrl } : {}) };
  return { winningOption: winningOption === '' ? Number.NaN : Number(winningOption), ...(Object.keys(evidence).length > 0 ? { evidence } : {}) };
};

/** The shared schema's evidence rules, said beside each of the two fields (the schema says them under `evidence`). */
const evidenceRules = resolveBodySchema.unwrap().shape.evidence.unwrap().shape;
const checkEvidence = ({ evidenceText, evidenceUrl }: Values): FieldErrors<keyof Values> => {
  const text = evidenceText.trim() ? evidenceRules.text.safeParse(evidenceText) : null;
  const url = evidenceUrl.trim() ? evidenceRules.url.safeParse(evidenceUrl) : null;
  return {
    ...(text && !text.success ? { evidenceText: text.error.issues[0]?.message } : {}),
    ...(url && !url.success ? { evidenceUrl: url.error.issues[0]?.message } : {}),
  };
};

/**
 * The bet's decider, creator or referee (or an admin), declares the winner, confirms who gets
 * what, and payouts follow at once. The creator of a jury bet proposes the winner instead, with evidence if they have some:
 * the stakers may then dispute it (docs/product.md §4.6).
 */
export function ResolvePanel({ bet, asAdmin }: { bet: BetDetail; asAdmin: boolean }) {
  const proposes = !asAdmin && bet.resolution.mode === 'jury';
  const form = useZodForm(resolveBodySchema, { winningOption: '', evidenceText: '', evidenceUrl: '' }, { toBody, check: checkEvidence });
  const creatorResolve = useResolveBet();
  const adminResolve = useAdminResolveBet();
  const resolve = asAdmin ? adminResolve : creatorResolve;
  const winner = form.values.winningOption === '' ? null : Number(form.values.winningOption);
  const headingId = `resolve-heading-${bet.id}`;

  // A resolution moves money: it asks first, naming who gets what (PayoutConfirmation). A
  // proposal moves none yet, and goes at once.
  const [confirming, setConfirming] = useState<number | null>(null);
  const send = (body: ResolveBody) => {
    const label = bet.options[body.winningOption];
    // The evidence is a proposal's only: a plain resolution sends the winner alone.
    resolve.mutate(
      { id: bet.id, body: proposes ? body : { winningOption: body.winningOption } },
      {
        onSuccess: () =>
          proposes
            ? toast.success(t('bets.resolve.proposedToast'), { description: t('bets.resolve.proposedAsWinner', { option: label }) })
            : toast.success(t('bets.resolve.resolvedToast'), { description: t('bets.resolve.declaredWinner', { option: label }) }),
        onError: (error) =>
          proposes
            ? toast.error(t('bets.resolve.proposeFailed'), { description: errorMessage(error, t('bets.resolve.proposeFailed')) })
            : toast.error(t('bets.resolve.failed'), { description: errorMessage(error, t('bets.resolve.failed')) }),
        onSettled: () => setConfirming(null),
      },
    );
  };
  const submit = form.submit((body) => (proposes ? send(body) : setConfirming(body.winningOption)));

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:ring-amber-900">
      <h2 id={headingId} className="font-bold">
        {proposes ? t('bets.resolve.proposeHeading') : t('bets.resolve.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {proposes ? t('bets.resolve.proposeIntro', { circle: circleOf(bet) }) : t('bets.resolve.intro')}
      </p>
      <form onSubmit={submit} noValidate>
        <div className="mt-3 grid auto-rows-fr gap-2 sm:grid-cols-2" role="radiogroup" aria-label={t('bets.resolve.winningOption')}>
          {bet.options.map((label, i) => (
            <label
              key={label}
              className={`flex cursor-pointer items-center gap-3 rounded-xl bg-white px-3 py-2 ring-1 dark:bg-slate-900 ${winner === i ? 'ring-2 ring-amber-600' : 'ring-slate-300 dark:ring-slate-700'}`}
            >
              <input type="radio" name={`winning-option-${bet.id}`} checked={winner === i} onChange={() => form.set('winningOption', String(i))} className="accent-amber-600" />
              <span className="wrap-anywhere">{label}</span>
            </label>
          ))}
        </div>
        {proposes && (
          <div className="mt-4 space-y-3">
            <Field id={`evidence-text-${bet.id}`} label={t('bets.resolve.evidence')} error={form.errors.evidenceText}>
              <Textarea rows={3} placeholder={t('bets.resolve.evidencePlaceholder')} {...form.field('evidenceText')} />
            </Field>
            <Field id={`evidence-url-${bet.id}`} label={t('bets.resolve.evidenceLink')} error={form.errors.evidenceUrl}>
              <Input
                type="url"
                inputMode="url"
                // eslint-disable-next-line betbro/no-literal-text -- the start of a web address, not words
                placeholder="https://"
                {...form.field('evidenceUrl')}
              />
            </Field>
          </div>
        )}
        <Button type="submit" className="mt-4" disabled={winner === null || resolve.isPending}>
          {proposes
            ? resolve.isPending
              ? t('bets.resolve.proposing')
              : t('bets.resolve.proposeButton')
            : resolve.isPending
              ? t('bets.common.resolving')
              : t('bets.resolve.resolveButton')}
        </Button>
      </form>
      {!proposes && (
        <PayoutConfirmation
          bet={bet}
          winningOption={confirming}
          pending={resolve.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={(winningOption) => send({ winningOption })}
        />
      )}
    </section>
  );
}
