import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OwnProfile } from '../../../../shared/schemas/profiles.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { me, renderScreen } from '../../../test/render-screen.tsx';
import { ProfileEditView } from './profile-edit-screen.tsx';

const profile: OwnProfile = {
  ...me({ bio: 'Derby regular.', location: null }),
  friendsCount: 1,
  activeBets: 0,
  totalWagered: '0.00',
  achievements: [],
  recentBets: [],
};

describe('the profile editor in the narrow frame', { timeout: 20_000 }, () => {
  it('starts from what the server holds, saves what was typed, says so and goes back', async () => {
    const sent: unknown[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) === '/api/users/profile' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return Response.json({ ...profile, ...body });
      }
      return Response.json(me());
    });
    const { visits, queryClient } = renderScreen(<ProfileEditView />, { narrow: true, data: [[queryKeys.profiles.own, profile]] });
    expect(screen.getByLabelText('Bio')).toHaveValue('Derby regular.');
    await userEvent.type(screen.getByLabelText('Location'), 'Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
    expect(sent).toEqual([{ bio: 'Derby regular.', location: 'Leeds', favoriteCategory: '' }]);
    expect(queryClient.getQueryData<OwnProfile>(queryKeys.profiles.own)?.location).toBe('Leeds');
    expect(visits).toEqual([{ name: 'settings' }]);
  });

  it('goes back without saving on Cancel', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { visits } = renderScreen(<ProfileEditView />, { narrow: true, data: [[queryKeys.profiles.own, profile]] });
    await userEvent.type(screen.getByLabelText('Location'), 'Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(visits).toEqual([{ name: 'settings' }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the loading state, then the error', async () => {
    renderScreen(<ProfileEditView />, { narrow: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch profile'));
  });
});
