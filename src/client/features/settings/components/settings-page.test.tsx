import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen, somePreferences } from '../../../test/render-screen.tsx';
import { SettingsPage } from './settings-page.tsx';

const prefs = somePreferences({ theme: 'light', privacy: { showOnLeaderboard: true, findableByEmail: false } });

describe('the settings screen', () => {
  it('on the desktop holds the notification and privacy switches itself', () => {
    renderScreen(<SettingsPage />, { data: [[queryKeys.profiles.preferences, prefs]] });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Appear on the global leaderboard/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Let people find me by my email/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: /^Edit Profile/ })).toBeNull();
  });

  it('in the narrow layout links to its four views (docs/product.md §13.7)', async () => {
    const { visits } = renderScreen(<SettingsPage />, { narrow: true, data: [[queryKeys.profiles.preferences, prefs]] });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    for (const label of ['Edit Profile', 'Change Password', 'Notifications', 'Privacy']) {
      await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
    }
    expect(visits.map((v) => v.name)).toEqual(['profile-edit', 'password-change', 'notifications', 'privacy']);
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it.each([false, true])('offers the data download and the account deletion in both layouts (narrow: %s)', (narrow) => {
    renderScreen(<SettingsPage />, { narrow, data: [[queryKeys.profiles.preferences, prefs]] });
    const section = screen.getByRole('region', { name: 'Your data and account' });
    expect(within(section).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  });

  it('on the desktop links to the notification settings instead of repeating them', async () => {
    const { visits } = renderScreen(<SettingsPage />, { data: [[queryKeys.profiles.preferences, prefs]] });
    expect(screen.queryByRole('combobox', { name: 'New messages by email' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /^Quiet hours/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(visits).toEqual([{ name: 'notifications' }]);
  });

  it.each([false, true])('has one place for the time zone, its picker, in both layouts (narrow: %s)', (narrow) => {
    renderScreen(<SettingsPage />, { narrow, data: [[queryKeys.profiles.preferences, prefs]] });
    expect(screen.getAllByTestId('time-zone-picker')).toHaveLength(1);
    expect(screen.getByRole('searchbox', { name: 'Find a time zone' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Time zone' })).toBeNull();
  });

  it('shows the account and waits for the preferences', () => {
    renderScreen(<SettingsPage />);
    expect(screen.getByText('alice@betbro.test')).toBeInTheDocument();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading preferences...');
  });
});
