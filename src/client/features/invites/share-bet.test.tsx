import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invite } from '../../../shared/schemas/invites.ts';
import { renderScreen } from '../../test/render-screen.tsx';
import { keptLinks } from './kept-links.ts';
import { ShareBet } from './share-bet.tsx';

const later = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString();

/** The invite endpoints as the server answers them; returns the bodies POSTed. */
function inviteServer(invites: Invite[]) {
  const created: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/invites' && init?.method === 'POST') {
      created.push(JSON.parse(String(init.body)));
      return Response.json({ token: 'bet-token', url: 'http://localhost/invite/bet-token', expiresAt: later(7) }, { status: 201 });
    }
    if (path === '/api/invites') return Response.json(invites);
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return created;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  localStorage.clear();
});

describe('Share on a bet', () => {
  it('makes the bet’s invite link and copies it where the browser has no share sheet', async () => {
    // With the clipboard user-event stands in for.
    const user = userEvent.setup();
    const created = inviteServer([]);
    renderScreen(<ShareBet betId={7} title="Who wins the derby?" />, { data: [[['invites'], []]] });
    await user.click(screen.getByRole('button', { name: 'Share this bet' }));
    expect(await screen.findByText('Invite link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost/invite/bet-token');
    expect(created).toEqual([{ betId: 7 }]);
  });

  it('hands the link this browser made for the bet to the phone’s share sheet, making no other', async () => {
    const expiresAt = later(6);
    keptLinks.keep(1, { token: 'kept', url: 'http://localhost/invite/kept', expiresAt });
    const invites: Invite[] = [{ id: 3, betId: 7, uses: 0, maxUses: 50, createdAt: new Date().toISOString(), expiresAt }];
    const created = inviteServer(invites);
    const share = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    renderScreen(<ShareBet betId={7} title="Who wins the derby?" />, { data: [[['invites'], invites]] });
    await userEvent.click(screen.getByRole('button', { name: 'Share this bet' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith({ title: 'Who wins the derby?', text: 'Bet with me on Betbro: Who wins the derby?', url: 'http://localhost/invite/kept' }));
    expect(created).toEqual([]);
  });
});
