import { Minus, Plus } from 'lucide-react';
import { flushSync } from 'react-dom';
import { toast } from '../../lib/toast.ts';
import {
  BET_CATEGORIES,
  MAX_HOURS,
  MAX_OPTIONS,
  MIN_OPTIONS,
  createBetBodySchema,
  type CreateBetBody,
} from '../../../shared/schemas/bets.ts';
import type { CrewSummary } from '../../../shared/schemas/crews.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, FieldGroup, Radio, Select, Textarea } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useCrew, useMyCrews } from '../../lib/crews-list.ts';
import { showDateTime } from '../../lib/format.ts';
import { useFriends } from '../../lib/friends-list.ts';
import { t } from '../../lib/i18n.ts';
import { useCurrentUser } from '../../lib/use-auth.tsx';
import { useScreenNav } from '../../lib/screen-nav.tsx';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useCreateBet, useJuryPool } from './api.ts';
import { categoryLabel } from '../../lib/category-label.ts';

type FormValues = {
  title: string;
  description: string;
  category: string;
  options: string[];
  expirationType: NonNullable<CreateBetBody['expirationType']>;
  hours: string;
  date: string;
  /** Who decides the bet (docs/product.md §4.6): the creator, a friend as referee, or the creator's proposal with a jury of friends on a dispute. */
  decider: 'creator' | 'referee' | 'jury';
  refereeId: string;
  /** Who can see it (docs/product.md §6.7): '' for the creator's friends, else one of the creator's crews. */
  crewId: string;
};

const EMPTY: FormValues = {
  title: '',
  description: '',
  category: 'General',
  options: ['', ''],
  expirationType: 'indefinite',
  hours: '24',
  date: '',
  decider: 'creator',
  refereeId: '',
  crewId: '',
};

/**
 * The body of POST /api/bets: the expiry's value from the field its type shows, a date as an
 * instant; `resolution` only when a referee or a jury decides (the creator is the server's default).
 */
const toBody = ({ hours, date, decider, refereeId, crewId, ...values }: FormValues): CreateBetBody => ({
  ...values,
  ...(crewId === '' ? {} : { crewId: Number(crewId) }),
  expirationValue:
    values.expirationType === 'time' ? hours : values.expirationType === 'date' && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : '',
  ...(decider === 'referee' ? { resolution: { mode: 'referee' as const, refereeId: refereeId === '' ? Number.NaN : Number(refereeId) } } : {}),
  ...(decider === 'jury' ? { resolution: { mode: 'jury' as const } } : {}),
});

/**
 * Blank options are dropped before sending: fewer than two left is said beside the options. A
 * referee must be picked when a referee decides (the schema says so too, under `resolution`).
 */
const check = ({ options, decider, refereeId }: FormValues) => ({
  ...(options.filter((option) => option.trim()).length < MIN_OPTIONS ? { options: t('bets.create.tooFewOptions', { count: MIN_OPTIONS }) } : {}),
  ...(decider === 'referee' && refereeId === '' ? { resolution: t('bets.create.chooseReferee') } : {}),
});

/** When a bet with this expiry would end, where the values say it (the schema judges the values themselves). */
function endOf({ expirationType, hours, date }: FormValues, now = Date.now()): number | null {
  if (expirationType === 'time') {
    const count = Number(hours);
    return Number.isInteger(count) && count >= 1 && count <= MAX_HOURS ? now + count * 3600_000 : null;
  }
  if (expirationType === 'date') {
    const end = Date.parse(date);
    return Number.isNaN(end) ? null : end;
  }
  return null;
}

/** A crew bet may not end after its crew's season does (the server refuses it too). */
function seasonCheck(values: FormValues, crew: CrewSummary | undefined) {
  const end = crew ? endOf(values) : null;
  return crew && end !== null && end > Date.parse(crew.season.endsAt)
    ? { expirationValue: t('bets.create.afterSeason', { date: showDateTime(crew.season.endsAt) }) }
    : {};
}

const optionId = (i: number) => `bet-option-${i}`;
const NO_REFEREES_ID = 'bet-referee-none';
const REFEREES_FAILED_ID = 'bet-referee-failed';
/** What the dialog says about who decides, for a bet among friends and for a crew bet, whose referee and jury are its members. */
const deciding = (forCrew: boolean) =>
  forCrew
    ? {
        refereeHint: t('bets.create.crew.refereeHint'),
        juryHint: t('bets.create.crew.juryHint'),
        jury: t('bets.create.crew.jury'),
        choose: t('bets.create.crew.choose'),
        loading: t('bets.create.crew.loading'),
        failed: t('bets.create.crew.failed'),
        none: t('bets.create.crew.none'),
      }
    : {
        refereeHint: t('bets.create.friends.refereeHint'),
        juryHint: t('bets.create.friends.juryHint'),
        jury: t('bets.create.friends.jury'),
        choose: t('bets.create.friends.choose'),
        loading: t('bets.create.friends.loading'),
        failed: t('bets.create.friends.failed'),
        none: t('bets.create.friends.none'),
      };
const deciders = (jury: string) =>
  [
    { value: 'creator', label: t('bets.create.deciderCreator') },
    { value: 'referee', label: t('bets.create.deciderReferee') },
    { value: 'jury', label: jury },
  ] as const;
const LIMIT_ID = 'bet-options-limit';

/**
 * Why a jury cannot decide this bet (docs/product.md §4.6): it needs the quorum among the
 * creator's friends (a crew's other members) who could sit on it; said before the bet is sent.
 */
function juryTooSmall(pool: { possibleJurors: number; quorum: number } | undefined, forCrew: boolean): string | null {
  if (!pool || pool.possibleJurors >= pool.quorum) return null;
  return forCrew
    ? t('bets.create.juryTooSmallCrew', { quorum: pool.quorum, possible: pool.possibleJurors })
    : t('bets.create.juryTooSmallFriends', { quorum: pool.quorum, possible: pool.possibleJurors });
}

/**
 * The bet-creation dialog: 2 to 10 options, three kinds of expiry, who can see it (the creator's
 * friends, or one of their crews: `crewId` opens it set to that crew), reset on close.
 */
export function CreateBetDialog({ open, onOpenChange, crewId }: { open: boolean; onOpenChange: (open: boolean) => void; crewId?: number }) {
  const crews = useMyCrews({ enabled: open });
  const crewOf = (values: FormValues) => crews.data?.find((crew) => String(crew.id) === values.crewId);
  const form = useZodForm(createBetBodySchema, crewId === undefined ? EMPTY : { ...EMPTY, crewId: String(crewId) }, {
    toBody,
    check: (values) => ({ ...seasonCheck(values, crewOf(values)), ...check(values) }),
  });
  const chosenCrew = crewOf(form.values);
  const audienceHint = chosenCrew
    ? t('bets.create.audienceCrew', { crew: chosenCrew.name, season: chosenCrew.season.number, date: showDateTime(chosenCrew.season.endsAt) })
    : form.values.crewId === ''
      ? t('bets.create.audienceFriends')
      : undefined;
  const createBet = useCreateBet();
  const me = useCurrentUser();
  const nav = useScreenNav();
  const { options, expirationType, decider } = form.values;
  const forCrew = form.values.crewId !== '';
  const words = deciding(forCrew);
  // Read only once a referee is wanted: the friends are who may be picked, or for a crew bet the crew's other members.
  const friends = useFriends({ enabled: decider === 'referee' && !forCrew });
  const crewMembers = useCrew(Number(form.values.crewId), { enabled: decider === 'referee' && forCrew });
  const referees = forCrew
    ? { isPending: crewMembers.isPending, isError: crewMembers.isError, data: crewMembers.data?.members.filter((member) => member.id !== me.id) }
    : { isPending: friends.isPending, isError: friends.isError, data: friends.data };
  const refereeError = form.errors.refereeId ?? form.errors.resolution;
  // Who could sit on a jury, read once a jury is wanted, for the audience chosen: too few, and the
  // dialog says so at once and sends nothing.
  const juryPool = useJuryPool(forCrew ? Number(form.values.crewId) : null, { enabled: open && decider === 'jury' });
  const juryShort = decider === 'jury' ? juryTooSmall(juryPool.data, forCrew) : null;
  const full = options.length >= MAX_OPTIONS;

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = form.submit((body) =>
    juryShort ? undefined : createBet.mutate(body, {
      onSuccess: (bet) => {
        toast.success(t('bets.create.created'), { description: t('bets.create.createdDescription') });
        close(false);
        // On to the new bet, where Share is at hand to bring friends in.
        nav.navigate({ name: 'bet', id: bet.id });
      },
      onError: (error) => {
        const message = errorMessage(error, t('bets.common.genericError'));
        // The server's word on the referee, or on a crew bet ending after its season, goes beside
        // that field, as well as in the toast.
        if (error instanceof ApiError && error.code === 'invalid_referee') form.setErrors({ refereeId: message });
        if (error instanceof ApiError && error.code === 'expires_after_season') form.setErrors({ expirationValue: message });
        // Friends or members gone meanwhile: the dialog reads who could sit on a jury again.
        if (error instanceof ApiError && error.code === 'not_enough_jurors') void juryPool.refetch();
        toast.error(t('bets.create.failed'), { description: message });
      },
    }),
  );
  // The focus follows the list: to the option just added, or, once there are ten, to the note
  // that says why Add option is off; after a removal, to the option before the removed one.
  const addOption = () => {
    flushSync(() => form.set('options', [...options, '']));
    document.getElementById(options.length + 1 >= MAX_OPTIONS ? LIMIT_ID : optionId(options.length))?.focus();
  };
  const removeOption = (i: number) => {
    flushSync(() => form.set('options', options.filter((_, j) => j !== i)));
    document.getElementById(optionId(Math.max(0, i - 1)))?.focus();
  };

  return (
    <Dialog open={open} onOpenChange={close} title={t('bets.create.title')} description={t('bets.create.description', { min: MIN_OPTIONS, max: MAX_OPTIONS })} wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="bet-title" label={t('bets.form.title')} error={form.errors.title}>
          <Input placeholder={t('bets.create.titlePlaceholder')} {...form.field('title')} />
        </Field>
        <Field id="bet-description" label={t('bets.form.description')} error={form.errors.description}>
          <Textarea rows={3} placeholder={t('bets.create.descriptionPlaceholder')} {...form.field('description')} />
        </Field>
        <Field id="bet-category" label={t('bets.common.category')}>
          <Select {...form.field('category')}>
            {BET_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="bet-audience" label={t('bets.create.audience')} error={form.errors.crewId} hint={audienceHint}>
          <Select
            {...form.field('crewId')}
            // A referee is picked among the audience: another audience, another pick.
            onChange={(e) => {
              form.set('crewId', e.target.value);
              form.set('refereeId', '');
            }}
          >
            <option value="">{t('bets.create.myFriends')}</option>
            {crews.data?.map((crew) => (
              <option key={crew.id} value={String(crew.id)}>
                {crew.name}
              </option>
            ))}
            {/* The crew the dialog was opened for, until the list of crews has come. */}
            {form.values.crewId !== '' && !chosenCrew && <option value={form.values.crewId}>{crews.isPending ? t('bets.create.loadingCrews') : t('bets.create.thisCrew')}</option>}
          </Select>
        </Field>
        <FieldGroup id="bet-options" legend={t('bets.create.options')} error={form.errors.options}>
          <ul className="space-y-2">
            {options.map((option, i) => (
              <li key={i} className="flex gap-2">
                <Input
                  id={optionId(i)}
                  aria-label={t('bets.create.optionLabel', { number: i + 1 })}
                  value={option}
                  onChange={(e) => form.set('options', options.map((o, j) => (j === i ? e.target.value : o)))}
                  placeholder={t('bets.create.optionLabel', { number: i + 1 })}
                />
                <Button variant="secondary" aria-label={t('bets.create.removeOption', { number: i + 1 })} disabled={options.length <= MIN_OPTIONS} onClick={() => removeOption(i)}>
                  <Minus aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button variant="secondary" size="sm" disabled={full} aria-describedby={full ? LIMIT_ID : undefined} onClick={addOption}>
              <Plus aria-hidden className="h-4 w-4" /> {t('bets.create.addOption')}
            </Button>
            {full && (
              <p id={LIMIT_ID} tabIndex={-1} className="text-sm text-slate-700 dark:text-slate-300">
                {t('bets.create.optionsLimit', { max: MAX_OPTIONS })}
              </p>
            )}
          </div>
        </FieldGroup>
        <Field id="bet-expiration" label={t('bets.create.expiration')} error={form.errors.expirationType}>
          <Select {...form.field('expirationType')}>
            <option value="indefinite">{t('bets.create.expiresNever')}</option>
            <option value="time">{t('bets.create.expiresAfterHours')}</option>
            <option value="date">{t('bets.create.expiresAtDate')}</option>
          </Select>
        </Field>
        {expirationType === 'time' && (
          <Field id="bet-hours" label={t('bets.create.hours')} error={form.errors.expirationValue} hint={t('bets.create.hoursHint', { max: MAX_HOURS })}>
            <Input type="number" min={1} max={MAX_HOURS} step={1} {...form.field('hours')} />
          </Field>
        )}
        {expirationType === 'date' && (
          <Field id="bet-date" label={t('bets.create.endsAt')} error={form.errors.expirationValue}>
            <Input type="datetime-local" {...form.field('date')} />
          </Field>
        )}
        <FieldGroup id="bet-decider" legend={t('bets.create.whoDecides')} error={juryShort ?? undefined} hint={decider === 'jury' ? words.juryHint : undefined}>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {deciders(words.jury).map(({ value, label }) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                <Radio name="bet-decider" value={value} checked={decider === value} onChange={() => form.set('decider', value)} className="h-4 w-4 accent-brand-600" />
                {label}
              </label>
            ))}
          </div>
        </FieldGroup>
        {decider === 'referee' && (
          <Field id="bet-referee" label={t('bets.create.referee')} error={refereeError} hint={words.refereeHint}>
            <Select {...form.field('refereeId')} aria-describedby={referees.isError ? REFEREES_FAILED_ID : referees.data?.length === 0 ? NO_REFEREES_ID : undefined}>
              <option value="">{referees.isPending ? words.loading : words.choose}</option>
              {referees.data?.map((referee) => (
                <option key={referee.id} value={String(referee.id)}>
                  {referee.username}
                </option>
              ))}
            </Select>
            {referees.isError && (
              <p id={REFEREES_FAILED_ID} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {words.failed}
              </p>
            )}
            {referees.data?.length === 0 && (
              <p id={NO_REFEREES_ID} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {words.none}
              </p>
            )}
          </Field>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('bets.common.cancel')}
          </Button>
          <Button type="submit" disabled={createBet.isPending || juryShort !== null} aria-describedby={juryShort ? 'bet-decider-error' : undefined}>
            {createBet.isPending ? t('bets.create.creating') : t('bets.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
