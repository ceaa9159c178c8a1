import { useEffect, useRef, useState } from 'react';
import { disputeBodySchema, type Bet, type BetDetail } from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { showDateTime, timeLeft } from '../../../lib/format.ts';
import { t, tNodes } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useBetTimeline, useCastVote, useDisputeBet } from '../api.ts';
import { optionName } from './bet-timeline.tsx';
import { PlayerLink } from './evidence.tsx';
import { circleOf } from './referee.tsx';

/**
 * What is left until `until` ("23h 59m left"), in a <time> that names the instant, counting down
 * each second. The tick rewrites the one text node and renders nothing: a page of cards is not
 * drawn again every second, and the countdown is no live region, so nothing is read out at
 * each tick. Any render writes the text afresh.
 */
export function Countdown({ until }: { until: string }) {
  const ref = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const text = ref.current?.firstChild;
      if (text) text.nodeValue = timeLeft(until);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return (
    <time ref={ref} dateTime={until} title={showDateTime(until)}>
      {timeLeft(until)}
    </time>
  );
}

const proposedLabel = (bet: Pick<Bet, 'options' | 'resolution'>) =>
  bet.resolution.proposedOption === null ? null : optionName(bet.options, bet.resolution.proposedOption);

/** A proposal's evidence: its text, and its link when it is a web address. */
function Evidence({ evidence }: { evidence: Bet['resolution']['evidence'] }) {
  if (!evidence || (!evidence.text && !evidence.url)) return null;
  return (
    <div className="mt-2 space-y-1 text-sm">
      {evidence.text && <p className="whitespace-pre-wrap wrap-anywhere">{t('bets.jury.evidence', { text: evidence.text })}</p>}
      {evidence.url && <PlayerLink url={evidence.url} />}
    </div>
  );
}

/**
 * A jury bet's result while it waits (docs/product.md §4.6): proposed, with the deadline to
 * dispute it, or disputed, with how many jurors the dispute seated, the jury's votes and the time
 * they have left; when too few could be seated for a jury, that an admin decides, or else the
 * proposal stands at the end. Nothing for a bet in any other state. On a bet's page (`banner`)
 * its first line is announced as it changes, and the proposal's evidence follows (`withEvidence`).
 */
export function JuryStatus({ bet, banner = false, withEvidence = banner }: { bet: Pick<Bet, 'status' | 'options' | 'resolution'>; banner?: boolean; withEvidence?: boolean }) {
  if (bet.status !== 'proposed' && bet.status !== 'disputed') return null;
  const { resolution } = bet;
  const proposed = bet.status === 'proposed';
  // A dispute that could not seat a quorum calls no jury (votesNeeded stays 0): the admins decide.
  const jury = !proposed && resolution.votesNeeded > 0;
  const label = proposedLabel(bet);
  const until = resolution.challengeEndsAt ? showDateTime(resolution.challengeEndsAt) : null;
  const line = proposed
    ? label === null
      ? until === null
        ? t('bets.jury.proposed')
        : t('bets.jury.proposedUntil', { date: until })
      : until === null
        ? t('bets.jury.proposedOption', { option: label })
        : t('bets.jury.proposedOptionUntil', { option: label, date: until })
    : jury
      ? t('bets.jury.disputedJury')
      : t('bets.jury.disputedAdmin');
  const endsAt = proposed ? resolution.challengeEndsAt : resolution.juryEndsAt;
  return (
    <div
      data-testid="jury-status"
      className={`rounded-xl bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100 ${banner ? 'px-4 py-3' : 'px-3 py-2 text-sm'}`}
    >
      <p role={banner ? 'status' : undefined} className="font-semibold wrap-anywhere">
        {line}
      </p>
      <p className={`flex flex-wrap gap-x-3 gap-y-1 ${banner ? 'mt-1 text-sm' : ''}`}>
        {jury && <span>{t('bets.jury.seated', { count: resolution.jurorsSeated })}</span>}
        {jury && <span>{t('bets.jury.votes', { cast: resolution.votesCast, needed: resolution.votesNeeded })}</span>}
        {!proposed && label !== null && <span className="wrap-anywhere">{t('bets.jury.proposedShort', { option: label })}</span>}
        {endsAt && <Countdown until={endsAt} />}
      </p>
      {!proposed && !jury && (
        <p className={banner ? 'mt-1 text-sm' : ''}>{t('bets.jury.tooFew', { count: resolution.jurorsSeated })}</p>
      )}
      {withEvidence && <Evidence evidence={resolution.evidence} />}
    </div>
  );
}

const toDisputeBody = ({ reason, url }: { reason: string; url: string }) => ({ reason, ...(url.trim() ? { url } : {}) });

/** A staker's objection to the proposed result: a reason, and a link if they have one. */
function DisputeDialog({ betId, circle, onClose }: { betId: number; circle: 'friends' | 'crew'; onClose: () => void }) {
  const form = useZodForm(disputeBodySchema, { reason: '', url: '' }, { toBody: toDisputeBody });
  const dispute = useDisputeBet();
  const submit = form.submit((body) =>
    dispute.mutate(
      { id: betId, body },
      {
        onSuccess: (disputed) => {
          toast.success(t('bets.dispute.sent'), {
            description: disputed.resolution.votesNeeded > 0 ? t('bets.dispute.juryDecides') : t('bets.dispute.adminDecides'),
          });
          onClose();
        },
        onError: (error) => toast.error(t('bets.dispute.failed'), { description: errorMessage(error, t('bets.dispute.failed')) }),
      },
    ),
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('bets.dispute.title')}
      description={t('bets.dispute.description', { circle })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="dispute-reason" label={t('bets.dispute.reason')} error={form.errors.reason}>
          <Textarea rows={4} {...form.field('reason')} />
        </Field>
        <Field id="dispute-url" label={t('bets.dispute.link')} error={form.errors.url}>
          <Input
            type="url"
            inputMode="url"
            // eslint-disable-next-line betbro/no-literal-text -- the start of a web address, not words
            placeholder="https://"
            {...form.field('url')}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('bets.common.cancel')}
          </Button>
          <Button type="submit" disabled={dispute.isPending}>
            {dispute.isPending ? t('bets.dispute.sending') : t('bets.dispute.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * For a staker while the proposed result may be disputed (the detail's `canDispute`): Dispute,
 * which opens the dialog. The dialog stays while it is open, even once a live update has closed
 * the challenge, so that its answer is still said.
 */
export function DisputeAction({ bet }: { bet: BetDetail }) {
  const [open, setOpen] = useState(false);
  if (!bet.canDispute && !open) return null;
  const until = bet.resolution.challengeEndsAt;
  return (
    <Card>
      <h2 className="text-lg font-bold">{t('bets.dispute.askHeading')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {until
          ? t('bets.dispute.askUntil', { date: showDateTime(until), circle: circleOf(bet) })
          : t('bets.dispute.askBeforeDeadline', { circle: circleOf(bet) })}
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        {t('bets.dispute.open')}
      </Button>
      {open && <DisputeDialog betId={bet.id} circle={circleOf(bet)} onClose={() => setOpen(false)} />}
    </Card>
  );
}

/**
 * For a juror of a disputed bet (the detail's `canVote`): the proposal, its evidence and the
 * dispute's reason (from the timeline), then the options to pick from and a button that casts
 * the vote for the pick (a vote is final). It stays while the vote is
 * under way, so that its answer is still said if a live update comes first.
 */
export function JurySection({ bet }: { bet: BetDetail }) {
  const vote = useCastVote();
  const timeline = useBetTimeline(bet.id);
  // A vote is final: an option is picked first, then the vote cast.
  const [picked, setPicked] = useState<number | null>(null);
  if (!bet.canVote && !vote.isPending) return null;
  const label = proposedLabel(bet);
  const dispute = timeline.data?.events.findLast((event) => event.kind === 'disputed');
  const cast = (option: number) =>
    vote.mutate(
      { id: bet.id, body: { option } },
      {
        onSuccess: () => toast.success(t('bets.vote.cast'), { description: t('bets.vote.castDescription', { option: optionName(bet.options, option) }) }),
        onError: (error) => toast.error(t('bets.vote.failed'), { description: errorMessage(error, t('bets.vote.failed')) }),
      },
    );
  return (
    <section aria-labelledby="jury-heading" className="rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100 dark:bg-brand-900/40 dark:ring-brand-900">
      <h2 id="jury-heading" className="font-bold">
        {t('bets.vote.heading')}
      </h2>
      <div className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {label !== null && (
          <p className="wrap-anywhere">{tNodes('bets.vote.proposedBy', { name: bet.creator.username, option: <span className="font-semibold">{label}</span> })}</p>
        )}
        <Evidence evidence={bet.resolution.evidence} />
        {dispute?.text && (
          <p className="whitespace-pre-wrap wrap-anywhere">
            {dispute.actor ? t('bets.vote.disputedBy', { name: dispute.actor.username, reason: dispute.text }) : t('bets.vote.disputed', { reason: dispute.text })}
          </p>
        )}
        {dispute?.url && <PlayerLink url={dispute.url} kind="dispute" />}
      </div>
      <p id={`jury-question-${bet.id}`} className="mt-3 font-semibold">
        {t('bets.vote.question')}
      </p>
      <div role="group" aria-labelledby={`jury-question-${bet.id}`} className="mt-2 grid gap-2 sm:grid-cols-2">
        {bet.options.map((option, i) => (
          <Button
            key={option}
            variant={picked === i ? 'primary' : 'secondary'}
            className="wrap-anywhere"
            aria-pressed={picked === i}
            disabled={vote.isPending}
            onClick={() => setPicked(i)}
          >
            {option}
          </Button>
        ))}
      </div>
      <Button className="mt-3" disabled={picked === null || vote.isPending} onClick={() => picked !== null && cast(picked)}>
        {vote.isPending ? t('bets.vote.casting') : picked === null ? t('bets.vote.castButton') : t('bets.vote.castFor', { option: optionName(bet.options, picked) })}
      </Button>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t('bets.vote.final', { count: bet.resolution.votesNeeded })}</p>
    </section>
  );
}
