import { Plus } from 'lucide-react';
import { DEFAULT_SEASON_DAYS, DEFAULT_STARTING_BALANCE, MAX_SEASON_DAYS, createCrewBodySchema, type CreateCrewBody } from '../../../../shared/schemas/crews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { t } from '../../../lib/i18n.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useCreateCrew } from '../api.ts';

type FormValues = { name: string; startingBalance: string; seasonDays: string };

const INITIAL: FormValues = { name: '', startingBalance: DEFAULT_STARTING_BALANCE, seasonDays: String(DEFAULT_SEASON_DAYS) };

/** The body of POST /api/crews as typed: the balance as its decimal string, the days as a number (none typed is none). */
const toBody = ({ name, startingBalance, seasonDays }: FormValues): CreateCrewBody => ({
  name,
  startingBalance: startingBalance.trim(),
  seasonDays: seasonDays.trim() === '' ? Number.NaN : Number(seasonDays),
});

/** "Create a crew": its name, each member's balance at the start of a season, and how long a season lasts. */
export function CreateCrewForm() {
  const form = useZodForm(createCrewBodySchema, INITIAL, { toBody });
  const create = useCreateCrew();
  const { navigate } = useScreenNav();
  // The schema's output holds cents; the server takes the amount as typed, so the body is sent as built.
  const submit = form.submit(() =>
    create.mutate(toBody(form.values), {
      onSuccess: (crew) => {
        form.reset();
        navigate({ name: 'crew', id: crew.id });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="create-crew-heading" className="space-y-4">
      <h2 id="create-crew-heading" className="text-lg font-bold">
        {t('crews.create.title')}
      </h2>
      <Field id="crew-name" label={t('crews.create.nameLabel')} error={form.errors.name}>
        <Input autoComplete="off" placeholder={t('crews.create.namePlaceholder')} {...form.field('name')} />
      </Field>
      <Field id="crew-starting-balance" label={t('crews.create.balanceLabel')} error={form.errors.startingBalance} hint={t('crews.create.balanceHint')}>
        <Input inputMode="decimal" {...form.field('startingBalance')} />
      </Field>
      <Field id="crew-season-days" label={t('crews.create.daysLabel')} error={form.errors.seasonDays} hint={t('crews.create.daysHint', { max: MAX_SEASON_DAYS })}>
        <Input type="number" inputMode="numeric" min={1} max={MAX_SEASON_DAYS} step={1} {...form.field('seasonDays')} />
      </Field>
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        <Plus aria-hidden className="h-4 w-4" /> {create.isPending ? t('crews.create.creating') : t('crews.create.submit')}
      </Button>
    </form>
  );
}
