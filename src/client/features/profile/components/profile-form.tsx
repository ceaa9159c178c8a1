import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { BET_CATEGORIES } from '../../../../shared/schemas/bets.ts';
import { updateProfileBodySchema, type OwnProfile } from '../../../../shared/schemas/profiles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useUpdateProfile } from '../api.ts';

/** Bio, location and favorite category (spec §2 Profile page edit mode); Cancel keeps what the server holds. */
export function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
  const update = useUpdateProfile();
  const [draft, setDraft] = useState({ bio: profile.bio ?? '', location: profile.location ?? '', favoriteCategory: profile.favoriteCategory ?? '' });
  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse(draft);
    if (!parsed.success) {
      toast.error('Update Failed', { description: parsed.error.issues[0]?.message });
      return;
    }
    update.mutate(draft, {
      onSuccess: () => {
        toast.success('Profile Updated');
        onDone();
      },
      onError: (e) => toast.error('Update Failed', { description: errorMessage(e, 'Please try again.') }),
    });
  }
  return (
    <form onSubmit={save} aria-label="Edit profile" className="space-y-4">
      <Field id="profile-bio" label="Bio">
        <Textarea id="profile-bio" rows={4} maxLength={500} value={draft.bio} onChange={(e) => setDraft({ ...draft, bio: e.target.value })} />
      </Field>
      <Field id="profile-location" label="Location">
        <Input id="profile-location" maxLength={100} value={draft.location} onChange={(e) => setDraft({ ...draft, location: e.target.value })} />
      </Field>
      <Field id="profile-category" label="Favorite category" hint="Any text; the bet categories are suggested.">
        <Input
          id="profile-category"
          list="profile-categories"
          maxLength={50}
          value={draft.favoriteCategory}
          onChange={(e) => setDraft({ ...draft, favoriteCategory: e.target.value })}
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
