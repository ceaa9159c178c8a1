import { t } from '../../../lib/i18n.ts';
import { useScreenNav } from '../../../lib/screen-nav.tsx';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { Loading, Section, SwitchRow } from '../../../components/ui/blocks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { usePreferences, useSavePreferences } from '../../profiles/api.ts';

const privacyChoices = () =>
  [
    { key: 'showOnLeaderboard', label: t('settings.privacy.leaderboardLabel'), description: t('settings.privacy.leaderboardDescription') },
    { key: 'findableByEmail', label: t('settings.privacy.findableLabel'), description: t('settings.privacy.findableDescription') },
  ] as const;

/** Whether strangers see you on the leaderboard and find you by email. */
export function PrivacySettings() {
  const { data: prefs, isPending } = usePreferences();
  const save = useSavePreferences();
  if (isPending || !prefs) return <Loading message={t('settings.loadingPreferences')} />;
  return (
    <Section title={t('settings.privacy.title')}>
      <Card className="divide-y divide-slate-100 px-4 py-1 dark:divide-slate-800">
        {privacyChoices().map(({ key, label, description }) => (
          <SwitchRow key={key} id={`privacy-${key}`} label={label} description={description} checked={prefs.privacy[key]} onChange={(on) => save({ privacy: { [key]: on } })} />
        ))}
      </Card>
    </Section>
  );
}

/** Privacy in the narrow frame (docs/product.md §13.7). */
export function PrivacyView() {
  const { backTo } = useScreenNav();
  return (
    <div className="space-y-4">
      <BackButton label={t('settings.backToSettings')} onClick={() => backTo({ name: 'settings' })} />
      <PrivacySettings />
    </div>
  );
}
