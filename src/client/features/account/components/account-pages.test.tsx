import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { PASSWORD_MESSAGES } from '../../../../shared/schemas/password.ts';
import { AUTH_STORAGE_KEY } from '../../../lib/auth-storage.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { ForgotPasswordPage } from './forgot-password-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';
import { VerifyEmailPage } from './verify-email-page.tsx';
import * as signIn from '../../auth/sign-in.ts';
import { pendingInvite } from '../../invites/resume-invite.ts';

// Signing in leaves the page: it is spied on, not run. A spy, not vi.mock: the client's test files
// share one module graph per worker, and a mocked module would stay mocked for the files after.
let startSignIn: MockInstance<typeof signIn.startSignIn>;
beforeEach(() => {
  startSignIn = vi.spyOn(signIn, 'startSignIn').mockImplementation(() => {});
});

const TOKEN = 'A'.repeat(43);
const invalidToken = () => Response.json({ error: 'This link is invalid or has expired', code: 'invalid_token' }, { status: 400 });

/** The account routes as the server answers them: `answer` per "METHOD path", every request and body kept. */
function accountServer(answer: Record<string, () => Response>) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    requests.push({ method, path, body: init?.body === undefined ? undefined : JSON.parse(String(init.body)) });
    const respond = answer[`${method} ${path}`];
    return respond ? respond() : Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return requests;
}

/** A page at its address, as the router shows it; `signedOut` as a visitor without a session. */
function openPage(at: string, { signedOut = false }: { signedOut?: boolean } = {}) {
  // In StrictMode, as the app runs: effects twice, and a mailed token must still be sent once.
  return renderScreen(
    <StrictMode>
      <Routes>
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/" element={<p>The dashboard</p>} />
      </Routes>
    </StrictMode>,
    { at, data: signedOut ? [[queryKeys.auth.user, null]] : [] },
  );
}

describe('the verify-email page', { timeout: 20_000 }, () => {
  it('spends the token once as it opens and says the email is verified, with the way into the app', async () => {
    const requests = accountServer({ 'POST /api/account/verify-email': () => Response.json({ emailVerified: true }) });
    openPage(`/verify-email?token=${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Verifying your email address...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your email address is verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Betbro' })).toHaveAttribute('href', '/');
    const verifies = requests.filter((r) => r.path === '/api/account/verify-email');
    expect(verifies).toEqual([{ method: 'POST', path: '/api/account/verify-email', body: { token: TOKEN } }]);
  });

  it('signed out, sends nothing and asks to sign in, keeping the link to come back to', async () => {
    const requests = accountServer({ 'POST /api/account/verify-email': () => Response.json({ emailVerified: true }) });
    openPage(`/verify-email?token=${TOKEN}`, { signedOut: true });
    expect(await screen.findByRole('heading', { name: 'Sign in to verify your email' })).toBeInTheDocument();
    expect(screen.getByText(/Sign in to that account, and you come back here to finish/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to verify' }));
    expect(pendingInvite.get()).toBe(`/verify-email?token=${TOKEN}`);
    expect(startSignIn).toHaveBeenCalledOnce();
    expect(requests.filter((r) => r.path === '/api/account/verify-email')).toEqual([]);
  });

  it('back from sign-in, verifies and forgets the link it came back to', async () => {
    pendingInvite.set(`/verify-email?token=${TOKEN}`);
    const requests = accountServer({ 'POST /api/account/verify-email': () => Response.json({ emailVerified: true }) });
    openPage(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your email address is verified' })).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/account/verify-email')).toHaveLength(1);
    expect(pendingInvite.get()).toBeNull();
  });

  it("says a link mailed for another account counts only in that account's session", async () => {
    accountServer({
      'POST /api/account/verify-email': () =>
        Response.json({ error: 'This link verifies the email of another account: sign in to that account to use it', code: 'wrong_account' }, { status: 403 }),
    });
    openPage(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link is for another account' })).toBeInTheDocument();
    expect(screen.getByText('This link verifies the email of another account: sign in to that account to use it')).toBeInTheDocument();
    expect(screen.getByText('Sign out, then open the link again and sign in to the account it was mailed for.')).toBeInTheDocument();
  });

  it('says to a player whose email is verified already that it is, not that it is not, when the link is used again', async () => {
    accountServer({
      'POST /api/account/verify-email': invalidToken,
      'GET /api/account': () => Response.json({ passwordManagedBy: 'betbro', providerUrl: null, emailVerified: true }),
    });
    openPage(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your email address is already verified' })).toBeInTheDocument();
    expect(screen.queryByText('Your email address is not verified')).toBeNull();
    expect(screen.queryByText(/Get a new link/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue to Betbro' })).toHaveAttribute('href', '/');
  });

  it("says the server's message for a used or expired link", async () => {
    accountServer({ 'POST /api/account/verify-email': invalidToken });
    openPage(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your email address is not verified' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByText(/ask for a new link with/)).toHaveTextContent('Get a new link');
  });

  it('says a link without its token is invalid, and asks the server nothing', () => {
    const requests = accountServer({});
    openPage('/verify-email');
    expect(screen.getByRole('heading', { name: 'Your email address is not verified' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired')).toBeInTheDocument();
    expect(requests.filter((r) => r.path.startsWith('/api/account'))).toEqual([]);
  });
});

describe('the forgot-password page', { timeout: 20_000 }, () => {
  it('checks the email with the shared schema, then says the same whatever the email', async () => {
    const requests = accountServer({ 'POST /api/account/password-reset': () => Response.json({ ok: true }, { status: 202 }) });
    openPage('/forgot-password', { signedOut: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address');
    expect(email).toHaveFocus();
    expect(requests).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, 'Carol@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If an account exists for that email, we have sent a link to choose a new password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check your inbox' })).toHaveFocus());
    expect(requests).toEqual([{ method: 'POST', path: '/api/account/password-reset', body: { email: 'carol@example.com' } }]);
  });

  it('says when too many links were asked for, and keeps the form', async () => {
    accountServer({
      'POST /api/account/password-reset': () => Response.json({ error: 'Too many requests, please slow down', code: 'rate_limited' }, { status: 429 }),
    });
    openPage('/forgot-password', { signedOut: true });
    await userEvent.type(screen.getByLabelText('Email'), 'carol@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Too many requests, please slow down. Wait a while before asking for another link.')).toHaveAttribute('role', 'alert');
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
    expect(screen.queryByText(/If an account exists/)).toBeNull();
  });
});

describe('the reset-password page', { timeout: 20_000 }, () => {
  it('says the password rules beside the fields, then what the server refuses', async () => {
    const requests = accountServer({
      'POST /api/account/password-reset/confirm': () => Response.json({ error: PASSWORD_MESSAGES.common, code: 'weak_password' }, { status: 400 }),
    });
    openPage(`/reset-password?token=${TOKEN}`, { signedOut: true });
    const password = screen.getByLabelText('New password');
    await userEvent.type(password, 'short');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([PASSWORD_MESSAGES.tooShort, 'The passwords do not match']);
    expect(password).toHaveFocus();
    expect(requests).toEqual([]);

    await userEvent.clear(password);
    await userEvent.type(password, 'password1');
    await userEvent.clear(screen.getByLabelText('Repeat new password'));
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.common, { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([{ method: 'POST', path: '/api/account/password-reset/confirm', body: { token: TOKEN, newPassword: 'password1' } }]);
    expect(screen.queryByRole('heading', { name: 'Your password has been changed' })).toBeNull();
  });

  it('says the password is changed, forgets any sign-in here, and offers Sign in', async () => {
    accountServer({ 'POST /api/account/password-reset/confirm': () => Response.json({ ok: true }) });
    localStorage.setItem(AUTH_STORAGE_KEY, 'stale');
    const { queryClient } = openPage(`/reset-password?token=${TOKEN}`);
    await userEvent.type(screen.getByLabelText('New password'), 'a much longer passphrase');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'a much longer passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    const heading = await screen.findByRole('heading', { name: 'Your password has been changed' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(queryKeys.auth.user)).toBeNull();
  });

  it('on a used or expired link, says so and leads to a new one', async () => {
    accountServer({ 'POST /api/account/password-reset/confirm': invalidToken });
    openPage(`/reset-password?token=${TOKEN}`, { signedOut: true });
    await userEvent.type(screen.getByLabelText('New password'), 'a much longer passphrase');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'a much longer passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Your password was not changed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token, leads to a new link at once', () => {
    openPage('/reset-password', { signedOut: true });
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
