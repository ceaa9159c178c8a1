import { Minus, Plus } from 'lucide-react';
import type { FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import {
  BET_CATEGORIES,
  MAX_HOURS,
  MAX_OPTIONS,
  MIN_OPTIONS,
  createBetBodySchema,
  type CreateBetBody,
} from '../../../../shared/schemas/bets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Textarea, selectClass } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useCreateBet } from '../api.ts';

type FormValues = {
  title: string;
  description: string;
  category: string;
  options: string[];
  expirationType: NonNullable<CreateBetBody['expirationType']>;
  hours: string;
  date: string;
};

const EMPTY: FormValues = {
  title: '',
  description: '',
  category: 'General',
  options: ['', ''],
  expirationType: 'indefinite',
  hours: '24',
  date: '',
};

/** The body of POST /api/bets: the expiry's value from the field its type shows, a date as an instant. */
const toBody = ({ hours, date, ...values }: FormValues): CreateBetBody => ({
  ...values,
  expirationValue:
    values.expirationType === 'time' ? hours : values.expirationType === 'date' && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : '',
});

/** The bet-creation dialog of spec §2: 2 to 10 options, three kinds of expiry, reset on close. */
export function CreateBetDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useZodForm(createBetBodySchema, EMPTY, toBody);
  const createBet = useCreateBet();
  const { options, expirationType } = form.values;

  const close = (next: boolean) => {
    if (!next) form.reset();
    onOpenChange(next);
  };
  const create = form.submit((body) =>
    createBet.mutate(body, {
      onSuccess: () => {
        toast.success('Bet created!', { description: 'Your bet has been created and is now live.' });
        close(false);
      },
      onError: (error) => toast.error('Failed to create bet', { description: errorMessage(error, 'Something went wrong. Please try again.') }),
    }),
  );
  // Spec §5: blank options are dropped before submitting; fewer than two left is said in a toast.
  const submit = (event: FormEvent) => {
    if (options.filter((option) => option.trim()).length >= MIN_OPTIONS) return create(event);
    event.preventDefault();
    toast.error('Invalid bet', { description: 'You need at least 2 options for a bet' });
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Create New Bet" description="Ask your friends a question with 2 to 10 answers." wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="bet-title" label="Title" error={form.errors.title}>
          <Input id="bet-title" placeholder="Who wins the derby?" {...form.field('title')} />
        </Field>
        <Field id="bet-description" label="Description" error={form.errors.description}>
          <Textarea id="bet-description" rows={3} placeholder="Saturday's match, final score after extra time." {...form.field('description')} />
        </Field>
        <Field id="bet-category" label="Category">
          <select id="bet-category" className={selectClass} {...form.field('category')}>
            {BET_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">Options</legend>
          <ul className="space-y-2">
            {options.map((option, i) => (
              <li key={i} className="flex gap-2">
                <Input
                  aria-label={`Option ${i + 1}`}
                  value={option}
                  onChange={(e) => form.set('options', options.map((o, j) => (j === i ? e.target.value : o)))}
                  placeholder={`Option ${i + 1}`}
                />
                <Button
                  variant="secondary"
                  aria-label={`Remove option ${i + 1}`}
                  disabled={options.length <= MIN_OPTIONS}
                  onClick={() => form.set('options', options.filter((_, j) => j !== i))}
                >
                  <Minus aria-hidden className="h-4 w-4" />
                </Button>
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            disabled={options.length >= MAX_OPTIONS}
            onClick={() => form.set('options', [...options, ''])}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add option
          </Button>
          {form.errors.options && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {form.errors.options}
            </p>
          )}
        </fieldset>
        <Field id="bet-expiration" label="Expiration" error={form.errors.expirationType}>
          <select id="bet-expiration" className={selectClass} {...form.field('expirationType')}>
            <option value="indefinite">No end: I resolve it when the answer is known</option>
            <option value="time">Ends after a number of hours</option>
            <option value="date">Ends at a date and time</option>
          </select>
        </Field>
        {expirationType === 'time' && (
          <Field id="bet-hours" label="Hours" error={form.errors.expirationValue} hint="From 1 to 8760 (one year).">
            <Input id="bet-hours" type="number" min={1} max={MAX_HOURS} step={1} {...form.field('hours')} />
          </Field>
        )}
        {expirationType === 'date' && (
          <Field id="bet-date" label="Ends at" error={form.errors.expirationValue}>
            <Input id="bet-date" type="datetime-local" {...form.field('date')} />
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
