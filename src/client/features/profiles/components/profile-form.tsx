import { toast } from '../../../lib/toast.ts';
import { BET_CATEGORIES } from '../../../../shared/schemas/bets.ts';
import { updateProfileBodySchema, type OwnProfile } from '../../../../shared/schemas/profiles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useUpdateProfile } from '../api.ts';
import { categoryLabel } from '../../../lib/category-label.ts';

/** Bio, location and favorite category (docs/product.md §13.7 'Edit Profile'); Cancel keeps what the server holds. */
export function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useZodForm(updateProfileBodySchema, { bio: profile.bio ?? '', location: profile.location ?? '', favoriteCategory: profile.favoriteCategory ?? '' });
  // The body goes as typed (blank clears a field); the schema only checks it.
  const save = form.submit(() =>
    update.mutate(form.values, {
      onSuccess: () => {
        toast.success(t('profiles.form.savedToast'));
        onDone();
      },
      onError: (e) => toast.error(t('profiles.updateFailedToast'), { description: errorMessage(e, t('profiles.form.failedFallback')) }),
    }),
  );
  return (
    <form onSubmit={save} aria-label={t('profiles.form.label')} className="space-y-4">
      <Field id="profile-bio" label={t('profiles.form.bio')} error={form.errors.bio}>
        <Textarea id="profile-bio" rows={4} maxLength={500} {...form.field('bio')} />
      </Field>
      <Field id="profile-location" label={t('profiles.form.location')} error={form.errors.location}>
        <Input id="profile-location" maxLength={100} {...form.field('location')} />
      </Field>
      <Field id="profile-category" label={t('profiles.form.favoriteCategory')} hint={t('profiles.form.favoriteCategoryHint')} error={form.errors.favoriteCategory}>
        <Input
          id="profile-category"
          list="profile-categories"
          maxLength={50}
          {...form.field('favoriteCategory')}
        />
      </Field>
      <datalist id="profile-categories">
        {BET_CATEGORIES.map((c) => (
          <option key={c} value={categoryLabel(c)} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('profiles.form.saving') : t('profiles.form.save')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('profiles.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
