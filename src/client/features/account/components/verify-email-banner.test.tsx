import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Account } from '../../../../shared/schemas/account.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { accountQueryKey } from '../api.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

const unverified: Account = { passwordManagedBy: 'betbro', providerUrl: null, emailVerified: false };

/** POST /api/account/verification-mail answered with `answer`; the account read again as `after`. */
function mailServer(answer: () => Response, after: Account = unverified) {
  const sent: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    sent.push(`${method} ${path}`);
    if (method === 'POST' && path === '/api/account/verification-mail') return answer();
    if (method === 'GET' && path === '/api/account') return Response.json(after);
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return sent;
}

describe('the verify-your-email banner', { timeout: 20_000 }, () => {
  it.each([false, true])('asks to verify and mails the link again on Get a new link (narrow: %s)', async (narrow) => {
    const sent = mailServer(() => Response.json({ ok: true }, { status: 202 }));
    renderScreen(<VerifyEmailBanner />, { narrow, user: { emailToVerify: true }, data: [[accountQueryKey, unverified]] });
    const banner = screen.getByRole('region', { name: 'Email verification' });
    expect(banner).toHaveTextContent('Please verify your email address. We sent you a link.');
    await userEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    expect(await screen.findByText('Verification link sent')).toBeInTheDocument();
    expect(sent).toEqual(['POST /api/account/verification-mail']);
  });

  it('says when another link may be asked for, when too many were', async () => {
    mailServer(() => Response.json({ error: 'Too many requests, please slow down', code: 'rate_limited' }, { status: 429, headers: { 'retry-after': '2700' } }));
    renderScreen(<VerifyEmailBanner />, { user: { emailToVerify: true }, data: [[accountQueryKey, unverified]] });
    await userEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    expect(await screen.findByText('Link not sent')).toBeInTheDocument();
    expect(screen.getByText('You asked for several links already. Ask again in 45 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get a new link' })).toBeEnabled();
  });

  it('goes once the server says the email was verified meanwhile', async () => {
    mailServer(
      () => Response.json({ error: 'Your email address is already verified', code: 'already_verified' }, { status: 409 }),
      { ...unverified, emailVerified: true },
    );
    renderScreen(<VerifyEmailBanner />, { user: { emailToVerify: true }, data: [[accountQueryKey, unverified]] });
    await userEvent.click(screen.getByRole('button', { name: 'Get a new link' }));
    expect(await screen.findByText('Your email address is already verified')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull());
  });

  it.each<[string, Account]>([
    ['a verified email', { ...unverified, emailVerified: true }],
    ['an account of an outside provider', { passwordManagedBy: 'external', providerUrl: 'https://id.example', emailVerified: false }],
  ])('shows nothing for %s', (_, account) => {
    mailServer(() => Response.json({ ok: true }, { status: 202 }));
    renderScreen(<VerifyEmailBanner />, { user: { emailToVerify: true }, data: [[accountQueryKey, account]] });
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get a new link' })).toBeNull();
  });

  it('is drawn with the screen from the signed-in user, before the account is read, and goes when the account says verified', async () => {
    let answer: (account: Account) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input) !== '/api/account') return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
      return Response.json(await new Promise<Account>((resolve) => (answer = resolve)));
    });
    renderScreen(<VerifyEmailBanner />, { user: { emailToVerify: true } });
    // The first render already holds it: nothing the player sees moves when the account arrives.
    expect(screen.getByRole('region', { name: 'Email verification' })).toBeInTheDocument();
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    answer({ ...unverified, emailVerified: true });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull());
  });

  it('neither shows nor reads anything for a signed-in user with nothing to verify', async () => {
    const sent = mailServer(() => Response.json({ ok: true }, { status: 202 }));
    renderScreen(<VerifyEmailBanner />, { user: { emailToVerify: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('keeps to the signed-in user when the account cannot be read', async () => {
    const sent: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      sent.push(String(input));
      return Response.json({ error: 'Something went wrong', code: 'internal' }, { status: 500 });
    });
    renderScreen(<VerifyEmailBanner />, { user: { emailToVerify: true } });
    await waitFor(() => expect(sent).toContain('/api/account'));
    expect(screen.getByRole('region', { name: 'Email verification' })).toBeInTheDocument();
  });
});
