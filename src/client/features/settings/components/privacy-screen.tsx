import { toast } from '../../../lib/toast.ts';
import { Card } from '../../../components/ui/card.tsx';
import { usePreferences, useUpdatePreferences } from '../../profile/api.ts';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { Loading, SwitchRow } from '../../../components/ui/blocks.tsx';
import { useScreenNav } from '../../../app/screen-nav.tsx';

/** Spec §2 'privacy': whether strangers see you on the leaderboard and find you by email. */
export function PrivacyView() {
  const { backTo } = useScreenNav();
  const { data: prefs, isPending } = usePreferences();
  const update = useUpdatePreferences();
  const save = (privacy: { showOnLeaderboard?: boolean; findableByEmail?: boolean }) =>
    update.mutateAsync({ privacy }).then(
      () => toast.success('Settings saved'),
      (error: unknown) => {
        toast.error('Update Failed', { description: 'Your change was not saved.' });
        throw error;
      },
    );
  return (
    <div className="space-y-4">
      <BackButton label="Back to settings" onClick={() => backTo({ name: 'settings' })} />
      {isPending || !prefs ? (
        <Loading message="Loading preferences..." />
      ) : (
        <Card className="divide-y divide-slate-100 px-4 py-1 dark:divide-slate-800">
          <SwitchRow
            id="mobile-privacy-leaderboard"
            label="Appear on the global leaderboard"
            description="Your friends always see you on theirs."
            checked={prefs.privacy.showOnLeaderboard}
            onChange={(on) => save({ showOnLeaderboard: on })}
          />
          <SwitchRow
            id="mobile-privacy-email"
            label="Let people find me by my email"
            description="Search by username works either way."
            checked={prefs.privacy.findableByEmail}
            onChange={(on) => save({ findableByEmail: on })}
          />
        </Card>
      )}
    </div>
  );
}
