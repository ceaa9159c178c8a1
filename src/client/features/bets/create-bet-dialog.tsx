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
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, FieldGroup, Radio, Select, Textarea } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { useFriends } from '../../lib/friends-list.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { useCreateBet } from './api.ts';

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
};

/**
 * The body of POST /api/bets: the expiry's value from the field its type shows, a date as an
 * instant; `resolution` only when a referee or a jury decides (the creator is the server's default).
 */
const toBody = ({ hours, date, decider, refereeId, ...values }: FormValues): CreateBetBody => ({
  ...values,
  expirationValue:
    values.expirationType === 'time' ? hours : values.expirationType === 'date' && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : '',
  ...(decider === 'referee' ? { resolution: { mode: 'referee' as const, refereeId: refereeId === '' ? Number.NaN : Number(refereeId) } } : {}),
  ...(decider === 'jury' ? { resolution: { mode: 'jury' as const } } : {}),
});

const CHOOSE_REFEREE = 'Choose a referee';

/**
 * Blank options are dropped before sending: fewer than two left is said beside the options. A
 * referee must be picked when a referee decides (the schema says so too, under `resolution`).
 */
const check = ({ options, decider, refereeId }: FormValues) => ({
  ...(options.filter((option) => option.trim()).length < MIN_OPTIONS ? { options: 'You need at least 2 options for a bet' } : {}),
  ...(decider === 'referee' && refereeId === '' ? { resolution: CHOOSE_REFEREE } : {}),
});

const optionId = (i: number) => `bet-option-${i}`;
const NO_FRIENDS_ID = 'bet-referee-none';
const FRIENDS_FAILED_ID = 'bet-referee-failed';
const REFEREE_HINT = 'A friend who alone decides the result. They cannot bet on it.';
const JURY_HINT = 'You propose the result; any staker can dispute it before its deadline, then your other friends vote.';
const DECIDERS = [
  { value: 'creator', label: 'I decide (creator)' },
  { value: 'referee', label: 'A referee' },
  { value: 'jury', label: 'A jury of friends' },
] as const;
const LIMIT_ID = 'bet-options-limit';

/** The bet-creation dialog: 2 to 10 options, three kinds of expiry, reset on close. */
export function CreateBetDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useZodForm(createBetBodySchema, EMPTY, { toBody, check });
  const createBet = useCreateBet();
  const { options, expirationType, decider } = form.values;
  // Read only once a referee is wanted: the friends are who may be picked.
  const friends = useFriends({ enabled: decider === 'referee' });
  const refereeError = form.errors.refereeId ?? form.errors.resolution;
  const full = options.length >= MAX_OPTIONS;

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const submit = form.submit((body) =>
    createBet.mutate(body, {
      onSuccess: () => {
        toast.success('Bet created!', { description: 'Your bet has been created and is now live.' });
        close(false);
      },
      onError: (error) => {
        const message = errorMessage(error, 'Something went wrong. Please try again.');
        // The server's word on the referee goes beside the Referee field, as well as in the toast.
        if (error instanceof ApiError && error.code === 'invalid_referee') form.setErrors({ refereeId: message });
        toast.error('Failed to create bet', { description: message });
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
    <Dialog open={open} onOpenChange={close} title="Create New Bet" description="Ask your friends a question with 2 to 10 answers." wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="bet-title" label="Title" error={form.errors.title}>
          <Input placeholder="Who wins the derby?" {...form.field('title')} />
        </Field>
        <Field id="bet-description" label="Description" error={form.errors.description}>
          <Textarea rows={3} placeholder="Saturday's match, final score after extra time." {...form.field('description')} />
        </Field>
        <Field id="bet-category" label="Category">
          <Select {...form.field('category')}>
            {BET_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        </Field>
        <FieldGroup id="bet-options" legend="Options" error={form.errors.options}>
          <ul className="space-y-2">
            {options.map((option, i) => (
              <li key={i} className="flex gap-2">
                <Input
                  id={optionId(i)}
                  aria-label={`Option ${i + 1}`}
                  value={option}
                  onChange={(e) => form.set('options', options.map((o, j) => (j === i ? e.target.value : o)))}
                  placeholder={`Option ${i + 1}`}
                />
                <Button variant="secondary" aria-label={`Remove option ${i + 1}`} disabled={options.length <= MIN_OPTIONS} onClick={() => removeOption(i)}>
                  <Minus aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Button variant="secondary" size="sm" disabled={full} aria-describedby={full ? LIMIT_ID : undefined} onClick={addOption}>
              <Plus aria-hidden className="h-4 w-4" /> Add option
            </Button>
            {full && (
              <p id={LIMIT_ID} tabIndex={-1} className="text-sm text-slate-700 dark:text-slate-300">
                At most 10 options: remove one to add another.
              </p>
            )}
          </div>
        </FieldGroup>
        <Field id="bet-expiration" label="Expiration" error={form.errors.expirationType}>
          <Select {...form.field('expirationType')}>
            <option value="indefinite">No end: I resolve it when the answer is known</option>
            <option value="time">Ends after a number of hours</option>
            <option value="date">Ends at a date and time</option>
          </Select>
        </Field>
        {expirationType === 'time' && (
          <Field id="bet-hours" label="Hours" error={form.errors.expirationValue} hint="From 1 to 8760 (one year).">
            <Input type="number" min={1} max={MAX_HOURS} step={1} {...form.field('hours')} />
          </Field>
        )}
        {expirationType === 'date' && (
          <Field id="bet-date" label="Ends at" error={form.errors.expirationValue}>
            <Input type="datetime-local" {...form.field('date')} />
          </Field>
        )}
        <FieldGroup id="bet-decider" legend="Who decides" hint={decider === 'jury' ? JURY_HINT : undefined}>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {DECIDERS.map(({ value, label }) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
                <Radio name="bet-decider" value={value} checked={decider === value} onChange={() => form.set('decider', value)} className="h-4 w-4 accent-brand-600" />
                {label}
              </label>
            ))}
          </div>
        </FieldGroup>
        {decider === 'referee' && (
          <Field id="bet-referee" label="Referee" error={refereeError} hint={REFEREE_HINT}>
            <Select {...form.field('refereeId')} aria-describedby={friends.isError ? FRIENDS_FAILED_ID : friends.data?.length === 0 ? NO_FRIENDS_ID : undefined}>
              <option value="">{friends.isPending ? 'Loading your friends...' : 'Choose a friend'}</option>
              {friends.data?.map((friend) => (
                <option key={friend.id} value={String(friend.id)}>
                  {friend.username}
                </option>
              ))}
            </Select>
            {friends.isError && (
              <p id={FRIENDS_FAILED_ID} className="mt-1 text-sm text-red-700 dark:text-red-300">
                Your friends could not be loaded. Close the dialog and try again.
              </p>
            )}
            {friends.data?.length === 0 && (
              <p id={NO_FRIENDS_ID} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                Add a friend to pick a referee
              </p>
            )}
          </Field>
        )}
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={createBet.isPending}>
            {createBet.isPending ? 'Creating...' : 'Create Bet'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
