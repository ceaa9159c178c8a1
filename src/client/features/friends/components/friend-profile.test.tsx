import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FriendProfile } from '../../../../shared/schemas/profiles.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ScreenNavContext, useScreenNav } from '../../../lib/screen-nav.tsx';
import { renderScreen } from '../../../test/render-screen.tsx';
import { FriendProfileView } from './friend-profile.tsx';

const bob: FriendProfile = {
  id: 4,
  username: 'Bob',
  isOnline: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  bio: 'Derby regular.',
  location: 'Leeds',
  favoriteCategory: 'Sports',
  totalBets: 3,
  totalWins: 1,
  winRate: 33,
  recentBets: [
    { id: 7, title: 'Who wins the derby?', category: 'Sports', isResolved: true, status: 'resolved', expiresAt: null, createdAt: '2026-11-20T10:00:00.000Z', stake: null },
    { id: 8, title: 'Rain on Sunday?', category: 'General', isResolved: false, status: 'active', expiresAt: null, createdAt: '2026-11-21T10:00:00.000Z', stake: null },
  ],
  achievements: [
    { id: 'first_win', name: 'First Win', description: 'Win a bet', unlocked: true, progress: 1, progressText: '1/1' },
    { id: 'hot_streak', name: 'Hot Streak', description: 'Win 70%', unlocked: false, progress: 0.5, progressText: '33%' },
  ],
};

/** The narrow frame showing the profile view of friend 4. */
function OnProfileView() {
  const nav = useScreenNav();
  return (
    <ScreenNavContext.Provider value={{ ...nav, view: { name: 'profile-view', id: 4 } }}>
      <FriendProfileView />
    </ScreenNavContext.Provider>
  );
}

describe("a friend's profile view", () => {
  it('shows who the friend is, their figures and their recent bets with where each stands', () => {
    renderScreen(<OnProfileView />, { narrow: true, data: [[queryKeys.friends.profile(4), bob]] });
    expect(screen.getByRole('heading', { name: 'Bob' })).toBeInTheDocument();
    expect(screen.getByText('Derby regular.')).toBeInTheDocument();
    expect(screen.getByText('Loves Sports bets')).toBeInTheDocument();
    const figures = screen.getByLabelText('Figures of Bob');
    expect([...figures.children].map((tile) => tile.textContent)).toEqual(['Bets3', 'Wins1', 'Win rate33%', 'Achievements1/2']);
    const recent = screen.getByRole('heading', { name: 'Recent bets' }).nextElementSibling as HTMLElement;
    expect(within(recent).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Who wins the derby?Resolved', 'Rain on Sunday?Active']);
  });

  it('goes back to the friends', async () => {
    const { visits } = renderScreen(<OnProfileView />, { narrow: true, data: [[queryKeys.friends.profile(4), bob]] });
    await userEvent.click(screen.getByRole('button', { name: 'Back to friends' }));
    expect(visits).toEqual([{ name: 'friends' }]);
  });

  it('says so when a friend has no bets yet', () => {
    renderScreen(<OnProfileView />, { narrow: true, data: [[queryKeys.friends.profile(4), { ...bob, recentBets: [] }]] });
    expect(screen.getByText('No bets yet.')).toBeInTheDocument();
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<OnProfileView />, { narrow: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load profile'));
  });
});
