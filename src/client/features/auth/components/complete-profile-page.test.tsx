import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { CompleteProfilePage } from './complete-profile-page.tsx';

describe('profile setup', () => {
  it('checks the username before asking the server, and says why beside the field until it is right', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderScreen(<CompleteProfilePage />, { user: { username: 'user_123' } });
    const field = screen.getByLabelText('Username');
    await userEvent.type(field, 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Username must be at least 3 characters long');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Username must be at least 3 characters long');
    expect(field).toHaveFocus();
    expect(screen.queryByText('Invalid username')).toBeNull();
    expect(fetch).not.toHaveBeenCalledWith('/api/complete-profile', expect.anything());
    expect(screen.getByRole('button', { name: 'Complete Setup' })).toBeEnabled();

    await userEvent.type(field, 'c');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAccessibleDescription('3 to 20 letters, numbers or underscores. You choose it once.');
  });

  it.each([
    ['José', 'Username may only contain letters A-Z (no accents), digits 0-9 and underscores'],
    ['____', 'Username must contain a letter or a digit'],
    ['betbro_support', 'Username must not contain the reserved word "betbro"'],
  ])('says beside the field why %j cannot be a name', async (name, message) => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderScreen(<CompleteProfilePage />, { user: { username: 'user_123' } });
    const field = screen.getByLabelText('Username');
    await userEvent.type(field, name);
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(field).toHaveAccessibleDescription(message);
    expect(fetch).not.toHaveBeenCalledWith('/api/complete-profile', expect.anything());
  });
});
