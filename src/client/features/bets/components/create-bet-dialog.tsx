import { Minus, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { useCreateBet } from '../api.ts';

interface FormState {
  title: string;
  description: string;
  category: string;
  options: string[];
  expirationType: 'indefinite' | 'time' | 'date';
  hours: string;
  date: string;
}

const EMPTY: FormState = {
  title: '',
  description: '',
  category: 'General',
  options: ['', ''],
  expirationType: 'indefinite',
  hours: '24',
  date: '',
};

type Errors = Partial<Record<'title' | 'description' | 'options' | 'expirationType' | 'expirationValue', string>>;

/** The bet-creation dialog of spec §2: 2 to 10 options, three kinds of expiry, reset on close. */
export function CreateBetDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const createBet = useCreateBet();

  const close = (next: boolean) => {
    if (!next) {
      setForm(EMPTY);
      setErrors({});
    }
    onOpenChange(next);
  };
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setOption = (index: number, value: string) =>
    setForm((f) => ({ ...f, options: f.options.map((o, i) => (i === index ? value : o)) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const options = form.options.map((o) => o.trim()).filter(Boolean);
    if (options.length < MIN_OPTIONS) {
      toast.error('Invalid bet', { description: 'You need at least 2 options for a bet' });
      return;
    }
    const body: CreateBetBody = {
      title: form.title,
      description: form.description,
      category: form.category,
      options,
      expirationType: form.expirationType,
      expirationValue:
        form.expirationType === 'time'
          ? form.hours
          : form.expirationType === 'date'
            ? form.date && !Number.isNaN(Date.parse(form.date))
              ? new Date(form.date).toISOString()
              : ''
            : '',
    };
    const parsed = createBetBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    createBet.mutate(body, {
      onSuccess: () => {
        toast.success('Bet created!', { description: 'Your bet has been created and is now live.' });
        close(false);
      },
      onError: (error) =>
        toast.error('Failed to create bet', { description: errorMessage(error, 'Something went wrong. Please try again.') }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={close} title="Create New Bet" description="Ask your friends a question with 2 to 10 answers." wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id="bet-title" label="Title" error={errors.title}>
          <Input id="bet-title" value={form.title} onChange={(e) => set('title', e.target.value)} placeholder="Who wins the derby?" aria-invalid={Boolean(errors.title)} />
        </Field>
        <Field id="bet-description" label="Description" error={errors.description}>
          <Textarea
            id="bet-description"
            rows={3}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
            placeholder="Saturday's match, final score after extra time."
            aria-invalid={Boolean(errors.description)}
          />
        </Field>
        <Field id="bet-category" label="Category">
          <select id="bet-category" className={selectClass} value={form.category} onChange={(e) => set('category', e.target.value)}>
            {BET_CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold">Options</legend>
          <ul className="space-y-2">
            {form.options.map((option, i) => (
              <li key={i} className="flex gap-2">
                <Input aria-label={`Option ${i + 1}`} value={option} onChange={(e) => setOption(i, e.target.value)} placeholder={`Option ${i + 1}`} />
                <Button
                  variant="secondary"
                  aria-label={`Remove option ${i + 1}`}
                  disabled={form.options.length <= MIN_OPTIONS}
                  onClick={() => set('options', form.options.filter((_, j) => j !== i))}
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
            disabled={form.options.length >= MAX_OPTIONS}
            onClick={() => set('options', [...form.options, ''])}
          >
            <Plus aria-hidden className="h-4 w-4" /> Add option
          </Button>
          {errors.options && (
            <p role="alert" className="mt-1 text-sm text-red-600">
              {errors.options}
            </p>
          )}
        </fieldset>
        <Field id="bet-expiration" label="Expiration" error={errors.expirationType}>
          <select
            id="bet-expiration"
            className={selectClass}
            value={form.expirationType}
            onChange={(e) => set('expirationType', e.target.value as FormState['expirationType'])}
          >
            <option value="indefinite">No end: I resolve it when the answer is known</option>
            <option value="time">Ends after a number of hours</option>
            <option value="date">Ends at a date and time</option>
          </select>
        </Field>
        {form.expirationType === 'time' && (
          <Field id="bet-hours" label="Hours" error={errors.expirationValue} hint="From 1 to 8760 (one year).">
            <Input id="bet-hours" type="number" min={1} max={MAX_HOURS} step={1} value={form.hours} onChange={(e) => set('hours', e.target.value)} />
          </Field>
        )}
        {form.expirationType === 'date' && (
          <Field id="bet-date" label="Ends at" error={errors.expirationValue}>
            <Input id="bet-date" type="datetime-local" value={form.date} onChange={(e) => set('date', e.target.value)} />
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
