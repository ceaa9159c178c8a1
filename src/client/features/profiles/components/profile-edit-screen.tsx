import { BackButton } from '../../../components/ui/back-button.tsx';
import { ErrorText, Loading } from '../../../components/ui/blocks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { t } from '../../../lib/i18n.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { useOwnProfile } from '../api.ts';
import { ProfileForm } from './profile-form.tsx';

/** Edit Profile in the narrow frame (docs/product.md §13.3): bio, location and favorite category. */
export function ProfileEditView() {
  const { goBack } = useScreenNav();
  const { data: profile, isPending, isError } = useOwnProfile();
  const done = () => goBack({ name: 'settings' });
  return (
    <div className="space-y-4">
      <BackButton label={t('profiles.edit.back')} onClick={done} />
      {isPending ? (
        <Loading message={t('profiles.loading')} />
      ) : isError || !profile ? (
        <ErrorText>{t('profiles.loadFailed')}</ErrorText>
      ) : (
        <Card className="p-4">
          <ProfileForm profile={profile} onDone={done} />
        </Card>
      )}
    </div>
  );
}
