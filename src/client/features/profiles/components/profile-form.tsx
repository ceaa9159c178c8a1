import { toast } from '../../../lib/toast.ts';
import { BET_CATEGORIES } from '../../../../shared/schemas/bets.ts';
import { updateProfileBodySchema, type OwnProfile } from '../../../../shared/schemas/profiles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useUpdateProfile } from '../api.ts';

/** Bio, location and favorite category (docs/product.md §13.7 'Edit Profile'); Cancel keeps what the server holds. */
export function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useZodForm(updateProfileBodySchema, { bio: profile.bio ?? '', location: profile.location ?? '', favoriteCategory: profile.favoriteCategory ?? '' });
  // The body goes as typed (blank clears a field); the schema only checks it.
  const save = form.submit(() =>
    update.mutate(form.values, {
      onSuccess: () => {
        toast.success('Profile Updated');
        onDone();
      },
      onError: (e) => toast.error('Update Failed', { description: errorMessage(e, 'Please try again.') }),
    }),
  );
  return (
    <form onSubmit={save} aria-label="Edit profile" className="space-y-4">
      <Field id="profile-bio" label="Bio" error={form.errors.bio}>
        <Textarea id="profile-bio" rows={4} maxLength={500} {...form.field('bio')} />
      </Field>
      <Field id="profile-location" label="Location" error={form.errors.location}>
        <Input id="profile-location" maxLength={100} {...form.field('location')} />
      </Field>
      <Field id="profile-category" label="Favorite category" hint="Any text; the bet categories are suggested." error={form.errors.favoriteCategory}>
        <Input
          id="profile-category"
          list="profile-categories"
          maxLength={50}
          {...form.field('favoriteCategory')}
        />
      </Field>
      <datalist id="profile-categories">
        {BET_CATEGORIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
