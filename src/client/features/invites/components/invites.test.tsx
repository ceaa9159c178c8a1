import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Invite, InvitePreview } from '../../../../shared/schemas/invites.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { me, renderScreen } from '../../../test/render-screen.tsx';
import { keptLinks } from '../kept-links.ts';
import { InviteFriends } from '../invite-friends.tsx';
import { InvitePage } from './invite-page.tsx';

const later = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();
const anInvite = (id: number, expiresAt: string, uses = 0): Invite => ({ id, betId: null, uses, maxUses: 50, createdAt: new Date().toISOString(), expiresAt });

/** The invite endpoints as the server answers them, over a list of active invites it keeps. */
function inviteServer(initial: Invite[]) {
  let invites = [...initial];
  const revoked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/invites' && (init?.method ?? 'GET') === 'GET') return Response.json(invites);
    if (path === '/api/invites' && init?.method === 'POST') {
      const expiresAt = later(7);
      invites = [anInvite(99, expiresAt), ...invites];
      return Response.json({ token: 'fresh-token', url: 'http://localhost/invite/fresh-token', expiresAt }, { status: 201 });
    }
    const revoke = /^\/api\/invites\/(\d+)$/.exec(path);
    if (revoke && init?.method === 'DELETE') {
      revoked.push(revoke[1]!);
      invites = invites.filter((i) => String(i.id) !== revoke[1]);
      return Response.json({ ok: true });
    }
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return { revoked };
}

describe('invite links on the Friends page', { timeout: 20_000 }, () => {
  it('lists every active link after a reload, copies the ones this browser made, and revokes any', async () => {
    const user = userEvent.setup();
    const first = later(6);
    const second = later(5);
    // Two links from an earlier visit: one made here, one in another browser.
    keptLinks.keep(1, { token: 'tok-a', url: 'http://localhost/invite/tok-a', expiresAt: first });
    const invites = [anInvite(11, first, 2), anInvite(10, second)];
    const { revoked } = inviteServer(invites);
    renderScreen(<InviteFriends />, { data: [[['invites'], invites]] });

    expect(screen.getByRole('heading', { name: '2 active links' })).toBeInTheDocument();
    expect(screen.getByLabelText('Invite link 1')).toHaveValue('http://localhost/invite/tok-a');
    expect(screen.getByText(/^Used by 2 of 50 people/)).toBeInTheDocument();
    expect(screen.getByText(/^Link 2: made in another browser/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy invite link 2' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy invite link 1' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/invite/tok-a');
    expect(await screen.findByText('Invite link copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke invite link 1' }));
    expect(await screen.findByText('Invite revoked')).toBeInTheDocument();
    expect(revoked).toEqual(['11']);
    await waitFor(() => expect(screen.getByRole('heading', { name: '1 active link' })).toBeInTheDocument());
    // The focus moves on to what is left: the other link's Revoke.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Revoke invite link 1' })).toHaveFocus());
    expect(keptLinks.urlOf(1, { expiresAt: first })).toBeNull();
  });

  it('shows a new link in the list, ready to copy, with the focus on it', async () => {
    inviteServer([]);
    renderScreen(<InviteFriends />, { data: [[['invites'], []]] });
    await userEvent.click(screen.getByRole('button', { name: 'Create invite link' }));
    const link = await screen.findByLabelText('Invite link 1');
    expect(link).toHaveValue('http://localhost/invite/fresh-token');
    await waitFor(() => expect(link).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Copy invite link 1' })).toBeInTheDocument();
  });
});

/** The invite page at /invite/<token>, with the preview and the friends list the server answers. */
function openInvite(preview: Omit<InvitePreview, 'expiresAt'>, friends: { id: number; username: string }[] = []) {
  const accepted: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/invites/tok/accept' && init?.method === 'POST') {
      accepted.push(path);
      return Response.json({ friend: preview.inviter, betId: preview.betId });
    }
    if (path === '/api/auth/user') return Response.json(me());
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  const screenOf = renderScreen(
    <Routes>
      <Route path="/invite/:token" element={<InvitePage />} />
      <Route path="/bets/:id" element={<p>The bet they shared</p>} />
      <Route path="/" element={<p>The dashboard</p>} />
    </Routes>,
    {
      at: '/invite/tok',
      data: [
        [['invites', 'preview', 'tok'], { ...preview, expiresAt: later(7) }],
        [queryKeys.friends.list, friends.map((f) => ({ ...f, totalWins: 0, balance: '1000.00', isOnline: false }))],
      ],
    },
  );
  return { ...screenOf, accepted };
}

describe('the invite page', () => {
  it("tells the inviter it is their own link, and offers no Accept", () => {
    openInvite({ inviter: { id: 1, username: 'Alice' }, betId: null, bet: null });
    expect(screen.getByRole('heading', { name: 'This is your invite link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invite' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your invite links' })).toHaveAttribute('href', '/friends');
  });

  it('tells a friend they are friends already, and offers no Accept', () => {
    openInvite({ inviter: { id: 2, username: 'Bob' }, betId: null, bet: null }, [{ id: 2, username: 'Bob' }]);
    expect(screen.getByRole('heading', { name: "You're already friends with Bob" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invite' })).toBeNull();
  });

  it('tells the newcomer who they are now friends with once accepted', async () => {
    const { accepted } = openInvite({ inviter: { id: 2, username: 'Bob' }, betId: null, bet: null });
    expect(screen.getByRole('heading', { name: 'Bob invites you to Betbro' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invite' }));
    const toast = await screen.findByText("You're now friends with Bob", { selector: '[data-sonner-toast] *' });
    expect(within(toast.closest('[data-sonner-toast]')!).getByText('You see their bets on your dashboard.')).toBeInTheDocument();
    expect(accepted).toEqual(['/api/invites/tok/accept']);
  });

  it('shows the bet a bet invite shares, its options with odds, pot and deadline, and leads to it once accepted', async () => {
    const bet = { id: 5, title: 'Will it snow on Sunday?', options: ['Yes', 'No'], odds: [2.5, null], totalPot: '25.00', expiresAt: later(2) };
    const { accepted } = openInvite({ inviter: { id: 2, username: 'Bob' }, betId: 5, bet });
    const shared = screen.getByRole('region', { name: 'The bet they shared' });
    expect(within(shared).getByRole('heading', { name: 'Will it snow on Sunday?' })).toBeInTheDocument();
    expect(within(shared).getByText('2.5:1')).toBeInTheDocument();
    expect(within(shared).getByText('∞')).toBeInTheDocument();
    expect(within(shared).getByText(/^Pot .*25\.00.* · Ends /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept invite' }));
    expect(await screen.findByText('The bet they shared')).toBeInTheDocument();
    expect(accepted).toEqual(['/api/invites/tok/accept']);
  });
});
