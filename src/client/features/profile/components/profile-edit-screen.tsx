import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { BET_CATEGORIES } from '../../../../shared/schemas/bets.ts';
import { updateProfileBodySchema, type OwnProfile } from '../../../../shared/schemas/profiles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Textarea } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useOwnProfile, useUpdateProfile } from '../api.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

function ProfileForm({ profile, onDone }: { profile: OwnProfile; onDone: () => void }) {
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
      <Field id="mobile-profile-bio" label="Bio">
        <Textarea id="mobile-profile-bio" rows={4} maxLength={500} value={draft.bio} onChange={(e) => setDraft({ ...draft, bio: e.target.value })} />
      </Field>
      <Field id="mobile-profile-location" label="Location">
        <Input id="mobile-profile-location" maxLength={100} value={draft.location} onChange={(e) => setDraft({ ...draft, location: e.target.value })} />
      </Field>
      <Field id="mobile-profile-category" label="Favorite category" hint="Any text; the bet categories are suggested.">
        <Input
          id="mobile-profile-category"
          list="mobile-profile-categories"
          maxLength={50}
          value={draft.favoriteCategory}
          onChange={(e) => setDraft({ ...draft, favoriteCategory: e.target.value })}
        />
      </Field>
      <datalist id="mobile-profile-categories">
        {BET_CATEGORIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Spec §2 'profile-edit': bio, location and favorite category. */
export function ProfileEditView() {
  const { goBack } = useScreenNav();
  const { data: profile, isPending, isError } = useOwnProfile();
  const done = () => goBack({ name: 'settings' });
  return (
    <div className="space-y-4">
      <BackButton label="Back" onClick={done} />
      {isPending ? (
        <Loading message="Loading profile..." />
      ) : isError || !profile ? (
        <ErrorText>Failed to fetch profile</ErrorText>
      ) : (
        <Card className="p-4">
          <ProfileForm profile={profile} onDone={done} />
        </Card>
      )}
    </div>
  );
}
