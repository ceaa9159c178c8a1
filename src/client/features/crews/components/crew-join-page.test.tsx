import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CrewInvitePreview, CrewSummary } from '../../../../shared/schemas/crews.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { aCrew, aCrewSummary, me, renderScreen } from '../../../test/render-screen.tsx';
import * as signIn from '../../auth/sign-in.ts';
import { pendingInvite, useResumeInvite } from '../../invites/resume-invite.ts';
import { CrewJoinPage } from './crew-join-page.tsx';


const preview: CrewInvitePreview = { crew: { id: 4, name: 'Friday club', memberCount: 3 }, inviter: { id: 2, username: 'Bob' } };

/** The join endpoints as the server answers them for token `tok` (any other is unknown); returns the joins POSTed. */
function joinServer(myCrews: CrewSummary[] = []) {
  const joins: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/crews/join/tok' && init?.method === 'POST') {
      joins.push(path);
      return Response.json(aCrew());
    }
    if (path === '/api/crews/join/tok') return Response.json(preview);
    if (path.startsWith('/api/crews/join/')) return Response.json({ error: 'Invite not found', code: 'invite_not_found' }, { status: 404 });
    if (path === '/api/crews') return Response.json(myCrews);
    if (path === '/api/auth/user') return Response.json(me());
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return joins;
}

/** Where the app resumes a chosen invite from: its start, with the router's pages. */
function App() {
  useResumeInvite();
  return (
    <Routes>
      <Route path="/crews/join/:token" element={<CrewJoinPage />} />
      <Route path="/crews/:id" element={<p>The crew page</p>} />
      <Route path="/" element={<p>The dashboard</p>} />
    </Routes>
  );
}

const openAt = (at: string, { signedOut = false }: { signedOut?: boolean } = {}) =>
  renderScreen(<App />, { at, data: signedOut ? [[queryKeys.auth.user, null]] : [] });

describe('the crew join page', { timeout: 20_000 }, () => {
  it('names the crew, who invited and how many are in it, and joins it with one button, ending on its page', async () => {
    const joins = joinServer();
    openAt('/crews/join/tok');
    expect(await screen.findByRole('heading', { name: 'Join Friday club' })).toBeInTheDocument();
    expect(screen.getByText('Bob invited you · 3 members')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join crew' }));
    expect(await screen.findByText('You joined Friday club', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(await screen.findByText('The crew page')).toBeInTheDocument();
    expect(joins).toEqual(['/api/crews/join/tok']);
  });

  it('says clearly that an unknown or expired link is not valid, and offers no Join', async () => {
    joinServer();
    openAt('/crews/join/expired');
    expect(await screen.findByRole('heading', { name: 'This crew invite is no longer valid' })).toBeInTheDocument();
    expect(screen.getByText(/Ask someone in the crew for a new link/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join crew' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Betbro' })).toHaveAttribute('href', '/');
  });

  it('tells a member they are in the crew already, with the way to it', async () => {
    const joins = joinServer([aCrewSummary()]);
    openAt('/crews/join/tok');
    expect(await screen.findByRole('heading', { name: "You're already in Friday club" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the crew' })).toHaveAttribute('href', '/crews/4');
    expect(screen.queryByRole('button', { name: 'Join crew' })).toBeNull();
    expect(joins).toEqual([]);
  });

  it('signed out, keeps the invite chosen and goes to sign in', async () => {
    const joins = joinServer();
    // Signing in leaves the page for the provider's: here it only records that it was asked.
    const startSignIn = vi.spyOn(signIn, 'startSignIn').mockImplementation(() => {});
    openAt('/crews/join/tok', { signedOut: true });
    expect(await screen.findByRole('heading', { name: 'Join Friday club' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in or sign up to join' }));
    expect(startSignIn).toHaveBeenCalledOnce();
    expect(pendingInvite.get()).toBe('/crews/join/tok');
    expect(joins).toEqual([]);
  });

  it('back from sign-in wherever the app landed, returns to the invite and joins without asking again', async () => {
    const joins = joinServer();
    pendingInvite.set('/crews/join/tok');
    openAt('/');
    expect(await screen.findByText('The crew page')).toBeInTheDocument();
    expect(joins).toEqual(['/api/crews/join/tok']);
    await waitFor(() => expect(pendingInvite.get()).toBeNull());
  });
});
