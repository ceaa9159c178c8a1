import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen, somePreferences } from '../../../test/render-screen.tsx';
import { PrivacyView } from './privacy-screen.tsx';

const prefs = somePreferences({ privacy: { showOnLeaderboard: true, findableByEmail: false } });

describe('the privacy view', { timeout: 20_000 }, () => {
  it('shows both switches as the server holds them, and saves a change', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const change = JSON.parse(String(init?.body));
      sent.push(change);
      return Response.json({ ...prefs, privacy: { ...prefs.privacy, ...change.privacy } });
    });
    renderScreen(<PrivacyView />, { narrow: true, data: [[queryKeys.profiles.preferences, prefs]] });
    const leaderboard = screen.getByRole('switch', { name: /Appear on the global leaderboard/ });
    expect(leaderboard).toBeChecked();
    expect(leaderboard).toHaveAccessibleName(/Your friends always see you on theirs\./);
    const email = screen.getByRole('switch', { name: /Let people find me by my email/ });
    expect(email).not.toBeChecked();
    await userEvent.click(email);
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    await waitFor(() => expect(email).toBeChecked());
    expect(sent).toEqual([{ privacy: { findableByEmail: true } }]);
  });

  it('goes back to the settings', async () => {
    const { visits } = renderScreen(<PrivacyView />, { narrow: true, data: [[queryKeys.profiles.preferences, prefs]] });
    await userEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    expect(visits).toEqual([{ name: 'settings' }]);
  });

  it('waits for the preferences', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    renderScreen(<PrivacyView />, { narrow: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading preferences...');
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
