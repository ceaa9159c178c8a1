import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { CompleteProfilePage } from './complete-profile-page.tsx';

describe('profile setup', () => {
  it('checks the username before asking the server, and says why in a toast', async () => {
    renderScreen(<CompleteProfilePage />, { user: { username: 'user_123' } });
    await userEvent.type(screen.getByLabelText('Username'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(await screen.findByText('Invalid username')).toBeInTheDocument();
    expect(screen.getByText('Username must be at least 3 characters long')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();
  });
});
