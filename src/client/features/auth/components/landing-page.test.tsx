import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Welcome } from '../../../../shared/schemas/auth.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import * as signIn from '../sign-in.ts';
import { LandingPage } from './landing-page.tsx';

const welcome = (overrides: Partial<Welcome>) => ({ data: [[queryKeys.auth.welcome, { builtInProvider: true, openSignup: true, firstRun: false, ...overrides }]] as [readonly unknown[], unknown][] });

describe('the landing page', () => {
  it('offers one way in, and says an unknown email creates an account when sign-up is open', () => {
    renderScreen(<LandingPage />, welcome({}));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Betbro');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign in to get started' })).toBeInTheDocument();
    expect(screen.getByText(/new here\? Enter your email and a password of at least 8 characters there/)).toBeInTheDocument();
    expect(screen.queryByTestId('first-run-help')).toBeNull();
  });

  it('on an installation nobody has signed in to yet, says how to get the demo data', () => {
    renderScreen(<LandingPage />, welcome({ firstRun: true }));
    expect(screen.getByTestId('first-run-help')).toHaveTextContent('Nobody has signed in yet.');
    expect(screen.getByTestId('first-run-help')).toHaveTextContent('npm run seed-demo');
  });

  it('with sign-up closed, says the account comes from an administrator', () => {
    renderScreen(<LandingPage />, welcome({ openSignup: false }));
    expect(screen.getByText(/with the account an administrator created for you\./)).toBeInTheDocument();
  });

  it('with an outside identity provider, sends the visitor there', () => {
    renderScreen(<LandingPage />, welcome({ builtInProvider: false }));
    expect(screen.getByText('You sign in with your account at our identity provider; new here? You can create one there.')).toBeInTheDocument();
  });

  describe('its button', () => {
    let startSignIn: MockInstance<typeof signIn.startSignIn>;
    beforeEach(() => {
      startSignIn = vi.spyOn(signIn, 'startSignIn').mockImplementation(() => {});
    });
    afterEach(() => {
      startSignIn.mockRestore();
      window.history.replaceState(null, '', '/');
    });

    it('starts sign-in, kept from the form it is in (which loads /?sign-in=1 before the app has started)', async () => {
      renderScreen(<LandingPage />, welcome({}));
      const button = screen.getByRole('button', { name: 'Sign in to get started' });
      expect(button).toHaveAttribute('type', 'submit');
      expect(button).toHaveAttribute('name', signIn.SIGN_IN_PARAM);
      expect(button).toHaveAttribute('value', '1');
      expect(button.closest('form')).toHaveAttribute('action', '/');
      expect(button.closest('form')).toHaveAttribute('method', 'get');
      expect(startSignIn).not.toHaveBeenCalled();
      await userEvent.click(button);
      expect(startSignIn).toHaveBeenCalledExactlyOnceWith();
      expect(window.location.href).toBe('http://localhost:3000/');
    });

    it('pressed before the app started, is taken as the tap it was, once, and Back does not repeat it', () => {
      window.history.replaceState(null, '', '/?sign-in=1');
      renderScreen(<LandingPage />, welcome({}));
      expect(startSignIn).toHaveBeenCalledExactlyOnceWith(null);
      expect(window.location.pathname + window.location.search).toBe('/');
    });

    it('on any other address, waits for a tap', () => {
      for (const address of ['/?sign-in=0', '/bets/7?sign-in=1']) {
        window.history.replaceState(null, '', address);
        const { unmount } = renderScreen(<LandingPage />, welcome({}));
        unmount();
      }
      expect(startSignIn).not.toHaveBeenCalled();
    });
  });
});
