import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { PasswordForm } from './password-change-screen.tsx';

describe('the password form (one form pattern: the shared schema, a message per field)', () => {
  it('says what is wrong with each field and sends nothing', async () => {
    renderScreen(<PasswordForm />, { narrow: true });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('The passwords do not match');
    expect(alerts.some((text) => /8 characters/.test(text ?? ''))).toBe(true);
    expect(screen.getByLabelText('Repeat new password')).toHaveAttribute('aria-invalid', 'true');
  });
});
