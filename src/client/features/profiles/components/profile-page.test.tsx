import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OwnProfile } from '../../../../shared/schemas/profiles.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { me, renderScreen } from '../../../test/render-screen.tsx';
import { ProfilePage } from './profile-page.tsx';

const profile = (overrides: Partial<OwnProfile> = {}): OwnProfile => ({
  ...me(),
  friendsCount: 1,
  activeBets: 0,
  totalWagered: '0.00',
  achievements: [
    { id: 'first_win', name: 'First Win', description: 'Win a bet', unlocked: false, progress: 0, progressText: '0/1' },
    { id: 'social_butterfly', name: 'Social Butterfly', description: 'Make a friend', unlocked: true, progress: 1, progressText: '1/1' },
  ],
  recentBets: [],
  ...overrides,
});

describe('the profile screen', () => {
  it('on the desktop opens on the recent bets, with the placeholders of an empty profile', () => {
    renderScreen(<ProfilePage />, { data: [[queryKeys.profiles.own, profile()]] });
    expect(screen.getByTestId('profile-bio')).toHaveTextContent('No bio added yet.');
    expect(screen.getByTestId('profile-location')).toHaveTextContent('Location not set');
    expect(screen.getByRole('tab', { name: 'Recent Bets', selected: true })).toBeInTheDocument();
    expect(screen.getByText('No bets yet.')).toBeInTheDocument();
  });

  it("marks a recent bet past its expiry Expired, as My Bets does, never Active", () => {
    const past = new Date(Date.now() - 3600_000).toISOString();
    const recent = (id: number, title: string, status: string, expiresAt: string | null) =>
      ({ id, title, category: 'Sports', isResolved: status === 'resolved', status, expiresAt, createdAt: past, stake: null }) as const;
    renderScreen(<ProfilePage />, {
      data: [
        [
          queryKeys.profiles.own,
          profile({
            activeBets: 1,
            recentBets: [recent(3, 'Ran out', 'active', past), recent(2, 'Still open', 'active', null), recent(1, 'Settled', 'resolved', past)],
          }),
        ],
      ],
    });
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Ran out.*Expired$/),
      expect.stringMatching(/^Still open.*Active$/),
      expect.stringMatching(/^Settled.*Resolved$/),
    ]);
    expect(screen.getByText('Active Bets').nextElementSibling).toHaveTextContent(/^1$/);
  });

  it('in the narrow layout opens on the achievements (docs/product.md §13.7), and shows the email', () => {
    renderScreen(<ProfilePage />, { narrow: true, data: [[queryKeys.profiles.own, profile()]] });
    expect(screen.getByRole('tab', { name: 'Achievements', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Social Butterfly')).toBeVisible();
    expect(screen.getByText('alice@betbro.test')).toBeInTheDocument();
  });

  it('edits in place; Cancel keeps what the server holds', async () => {
    renderScreen(<ProfilePage />, { data: [[queryKeys.profiles.own, profile()]] });
    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await userEvent.type(screen.getByLabelText('Location'), 'Leeds');
    expect(screen.getByLabelText('Location')).toHaveValue('Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('profile-location')).toHaveTextContent('Location not set');
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<ProfilePage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch profile'));
  });
});
