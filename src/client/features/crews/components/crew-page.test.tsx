import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CrewInvite, CrewMessage, PastSeason, StandingRow } from '../../../../shared/schemas/crews.ts';
import { useScreenNav, ScreenNavContext } from '../../../lib/screen-nav.tsx';
import { aBet, aCrew, aCrewSummary, me, renderScreen } from '../../../test/render-screen.tsx';
import { applyCrewMessage } from '../api.ts';
import { CrewPage } from './crew-page.tsx';

const row = (rank: number | null, id: number, username: string, balance: string, profit: string, bets = 2, wins = 1, inPlay = '0.00'): StandingRow => ({
  rank,
  user: { id, username },
  balance,
  inPlay,
  profit,
  bets,
  wins,
});
const standings = [row(1, 2, 'Bob', '1100.00', '100.00'), row(2, 3, 'Cleo', '900.00', '-100.00', 2, 1, '150.00'), row(null, 1, 'Alice', '250.00', '0.00', 0, 0)];
const pastSeason: PastSeason = {
  number: 1,
  startsAt: '2026-10-01T10:00:00.000Z',
  endsAt: '2026-10-31T10:00:00.000Z',
  winner: { id: 3, username: 'Cleo' },
  rows: [row(1, 3, 'Cleo', '1500.00', '500.00', 4, 3), row(2, 2, 'Bob', '500.00', '-500.00', 4, 1)],
};
const message = (id: number, senderId: number, senderUsername: string, text: string): CrewMessage => ({
  id,
  crewId: 4,
  senderId,
  senderUsername,
  text,
  createdAt: '2026-11-24T10:00:00.000Z',
});

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

/** The crew's endpoints as the server answers them; returns what was asked to change, as "METHOD path". */
function crewServer({ crewFound = true, links = [] as CrewInvite[] }: { crewFound?: boolean; links?: CrewInvite[] } = {}) {
  const changes: string[] = [];
  const liveLinks = [...links];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    if (method !== 'GET') changes.push(`${method} ${path}`);
    if (path === '/api/crews/4') return crewFound ? Response.json(aCrew()) : Response.json({ error: 'Crew not found', code: 'not_found' }, { status: 404 });
    if (path === '/api/crews') return Response.json([aCrewSummary()]);
    if (path === '/api/bets?crewId=4&limit=100') return Response.json([aBet({ id: 7, crewId: 4, title: 'Rain on Friday?' })]);
    if (path === '/api/crews/4/standings') return Response.json({ season: aCrew().season, rows: standings });
    if (path === '/api/crews/4/seasons' && method === 'GET') return Response.json([pastSeason]);
    if (path === '/api/crews/4/seasons') return Response.json({ number: 3, startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString() }, { status: 201 });
    if (path === '/api/crews/4/messages' && method === 'GET')
      return Response.json({ messages: [message(12, 3, 'Cleo', 'Pizza after?'), message(11, 2, 'Bob', 'Who is in tonight?')], nextBefore: null });
    if (path === '/api/crews/4/messages') return Response.json(message(13, 1, 'Alice', JSON.parse(String(init?.body)).text), { status: 201 });
    if (path === '/api/crews/4/invites' && method === 'GET') return Response.json(liveLinks);
    if (path === '/api/crews/4/invites')
      return Response.json({ token: 'crew-tok', url: 'http://localhost/crews/join/crew-tok', expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }, { status: 201 });
    if (/^\/api\/crews\/4\/invites\/\d+$/.test(path) && method === 'DELETE') {
      liveLinks.splice(0, liveLinks.length, ...liveLinks.filter((link) => path !== `/api/crews/4/invites/${link.id}`));
      return new Response(null, { status: 204 });
    }
    if (/^\/api\/crews\/4\/members\/\d+$/.test(path) && method === 'DELETE') return new Response(null, { status: 204 });
    if (path === '/api/friends') return Response.json([]);
    if (path === '/api/auth/user') return Response.json(me());
    return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
  });
  return changes;
}

/** The crew page as the frame shows it at /crews/4, or at /crews/4/<tab>. */
function OnCrewPage({ tab }: { tab?: string }) {
  const nav = useScreenNav();
  return (
    <ScreenNavContext.Provider value={{ ...nav, view: { name: 'crew', id: 4, ...(tab ? { tab } : {}) } }}>
      <CrewPage />
    </ScreenNavContext.Provider>
  );
}

const openCrew = ({ asOwner = false, narrow = false } = {}) =>
  renderScreen(<OnCrewPage />, { narrow, user: asOwner ? { id: 2, username: 'Bob' } : {} });
const openTab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));
const toast = (title: string) => screen.findByText(title, { selector: '[data-sonner-toast] *' });

describe('the crew page', { timeout: 20_000 }, () => {
  it("names the crew and its season, and lists the crew's bets with their crew, on the bets feature's card", async () => {
    crewServer();
    openCrew();
    expect(await screen.findByRole('heading', { name: 'Friday club', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('crew-season')).toHaveTextContent(/^Season 2 · ends .+ \(9d 23h left\)$|^Season 2 · ends .+ \(10d 0h left\)$/);
    expect(screen.getByText(/^3 members · \$1,000\.00 each at the start of a season · 30 days a season$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All crews' })).toHaveAttribute('href', '/crews');
    // A member who does not own the crew cannot end its season.
    expect(screen.queryByRole('button', { name: 'End season' })).toBeNull();

    expect(screen.getByRole('tab', { name: 'Bets' })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: 'Rain on Friday?' });
    await waitFor(() => expect(within(card).getByTestId('crew-badge')).toHaveTextContent('Crew: Friday club'));
  });

  it('opens on the tab its address names, and gives each tab chosen its address', async () => {
    crewServer();
    const { visits } = renderScreen(<OnCrewPage tab="standings" />);
    expect(await screen.findByRole('tab', { name: 'Standings' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Season 2 standings' })).toBeInTheDocument();
    await openTab('Chat');
    await openTab('Bets');
    expect(visits).toEqual([
      { name: 'crew', id: 4, tab: 'chat' },
      { name: 'crew', id: 4 },
    ]);
  });

  it('opens the create-bet dialog set to this crew from "New crew bet"', async () => {
    crewServer();
    openCrew();
    await userEvent.click(await screen.findByRole('button', { name: 'New crew bet' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Bet' });
    const audience = within(dialog).getByLabelText('Who can see it');
    await waitFor(() => expect(within(audience).getByRole('option', { name: 'Friday club' })).toHaveProperty('selected', true));
  });

  it("shows this season's standings and each past season with its winner", async () => {
    crewServer();
    openCrew();
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Standings');
    const table = await screen.findByRole('table', { name: 'Season 2 standings' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'RankPlayerBalanceIn playProfitBetsWins',
      '1Bob$1,100.00$0.00+$100.0021',
      '2Cleo$900.00$150.00-$100.0021',
      '–Not ranked yetAlice (you)$250.00$0.00$0.0000',
    ]);
    expect(screen.getByRole('heading', { name: 'Past seasons' })).toBeInTheDocument();
    const season = await screen.findByText('Season 1');
    const details = season.closest('details')!;
    expect(details).toHaveTextContent('Winner: Cleo');
    await userEvent.click(season);
    const archived = within(details).getByRole('table', { name: 'Season 1 final standings' });
    expect(within(archived).getAllByRole('row')).toHaveLength(3);
  });

  it('reads the archive beside the standings, and draws it only once the standings are there', async () => {
    crewServer();
    const serve = vi.mocked(globalThis.fetch).getMockImplementation()!;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
      asked.push(String(input));
      if (String(input) === '/api/crews/4/standings') await held;
      return serve(input, init);
    });
    openCrew();
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Standings');
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/api/crews/4/standings', '/api/crews/4/seasons'])));
    // Drawn above the standings' loading line, the archive would be pushed down as they arrive.
    expect(screen.queryByRole('heading', { name: 'Past seasons' })).toBeNull();
    release();
    expect(await screen.findByRole('heading', { name: 'Past seasons' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Season 2 standings' })).toBeInTheDocument();
  });

  it('lists the members with their balances, and lets a member leave after asking', async () => {
    const changes = crewServer();
    const { visits } = openCrew();
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Members');
    const members = screen.getAllByTestId('crew-member');
    expect(members.map((m) => m.textContent)).toEqual(['BobOwner$1,100.00', 'Alice (you)$250.00', 'Cleo$900.00']);
    // Only the owner removes members.
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Leave crew' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Leave Friday club?' });
    expect(confirm).toHaveTextContent('You will no longer see the crew, its bets or its chat.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave crew' }));
    expect(await toast('You left Friday club')).toBeInTheDocument();
    expect(changes).toEqual(['DELETE /api/crews/4/members/1']);
    expect(visits).toEqual([{ name: 'crew', id: 4, tab: 'members' }, { name: 'crews' }]);
  });

  it('makes an invite link to copy', async () => {
    // With the clipboard user-event stands in for.
    const user = userEvent.setup();
    crewServer();
    openCrew();
    await screen.findByRole('heading', { name: 'Friday club' });
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    await user.click(screen.getByRole('button', { name: 'Invite link' }));
    const link = await screen.findByLabelText('Crew invite link');
    expect(link).toHaveValue('http://localhost/crews/join/crew-tok');
    await waitFor(() => expect(link).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/crews/join/crew-tok');
    expect(await toast('Invite link copied')).toBeInTheDocument();
  });

  it('lists the live links, the owner every member\'s, and revokes one', async () => {
    const links: CrewInvite[] = [
      { id: 21, inviter: { id: 2, username: 'Bob' }, createdAt: new Date().toISOString(), expiresAt: inAWeek() },
      { id: 20, inviter: { id: 3, username: 'Cleo' }, createdAt: new Date().toISOString(), expiresAt: inAWeek() },
    ];
    const changes = crewServer({ links });
    openCrew({ asOwner: true });
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Members');
    const list = await screen.findByRole('list', { name: 'Live links of the crew' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Made by you'),
      expect.stringContaining('Made by Cleo'),
    ]);
    await userEvent.click(within(list).getByRole('button', { name: 'Revoke link 2' }));
    expect(await toast('Invite link revoked')).toBeInTheDocument();
    expect(changes).toEqual(['DELETE /api/crews/4/invites/20']);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Live links of the crew' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it('shows an admin outside the crew neither its chat nor its invite links', async () => {
    crewServer();
    renderScreen(<OnCrewPage />, { user: { id: 9, username: 'Ada', role: 'admin' } });
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Chat');
    expect(screen.getByText("Only the crew's members read its chat")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Crew chat' })).toBeNull();
    await openTab('Members');
    expect(screen.queryByRole('button', { name: 'Invite link' })).toBeNull();
  });

  it('shows the chat newest at the bottom, sends to it, and takes live messages', async () => {
    const changes = crewServer();
    const { queryClient } = openCrew();
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Chat');
    const chat = screen.getByRole('region', { name: 'Crew chat' });
    const list = within(chat).getByTestId('message-list');
    await within(list).findByText('Pizza after?');
    expect(list).toHaveTextContent(/Bob.*Who is in tonight\?.*Cleo.*Pizza after\?/);

    await userEvent.type(within(chat).getByLabelText('Message'), 'Count me in');
    await userEvent.click(within(chat).getByRole('button', { name: 'Send' }));
    expect(await within(list).findByText('Count me in')).toBeInTheDocument();
    expect(changes).toEqual(['POST /api/crews/4/messages']);
    expect(within(chat).getByLabelText('Message')).toHaveValue('');

    act(() => applyCrewMessage(queryClient, message(14, 3, 'Cleo', 'Great')));
    expect(await within(list).findByText('Great')).toBeInTheDocument();
    expect(list).toHaveTextContent(/Count me in.*Cleo.*Great/);
    // Heard twice (sent by this page and heard live), a message shows once.
    act(() => applyCrewMessage(queryClient, message(14, 3, 'Cleo', 'Great')));
    expect(within(list).getAllByText('Great')).toHaveLength(1);
  });

  it('says a crew the player is not in is not found', async () => {
    crewServer({ crewFound: false });
    openCrew();
    expect(await screen.findByText('Crew not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All crews' })).toBeInTheDocument();
  });
});

describe("the owner's crew page", { timeout: 20_000 }, () => {
  it('removes a member after asking', async () => {
    const changes = crewServer();
    openCrew({ asOwner: true });
    await screen.findByRole('heading', { name: 'Friday club' });
    await openTab('Members');
    expect(screen.queryByRole('button', { name: 'Leave crew' })).toBeNull();
    expect(screen.getByText('You own this crew, so you cannot leave it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cleo' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove Cleo from Friday club?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await toast('Cleo was removed from Friday club')).toBeInTheDocument();
    expect(changes).toEqual(['DELETE /api/crews/4/members/3']);
  });

  it('ends the season after saying what it does', async () => {
    const changes = crewServer();
    openCrew({ asOwner: true });
    await userEvent.click(await screen.findByRole('button', { name: 'End season' }));
    const confirm = screen.getByRole('alertdialog', { name: 'End season 2 now?' });
    expect(confirm).toHaveTextContent(
      "Open crew bets are voided and their stakes refunded. This season's standings are kept in Past seasons, and every member's balance is reset to $1,000.00 for season 3.",
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'End season' }));
    expect(await toast('Season 2 ended')).toBeInTheDocument();
    expect(changes).toEqual(['POST /api/crews/4/seasons']);
  });
});

describe('the crew page in the narrow frame', { timeout: 20_000 }, () => {
  it('names the crew below the top bar, goes back to the crews, and ranks the standings in a list', async () => {
    crewServer();
    const { visits } = openCrew({ narrow: true });
    expect(await screen.findByRole('heading', { name: 'Friday club', level: 2 })).toBeInTheDocument();
    await openTab('Standings');
    const ranking = await screen.findByRole('list', { name: 'Season 2 standings' });
    const [first, second, third] = within(ranking).getAllByRole('listitem');
    expect(first).toHaveTextContent('Rank 1Bob2 bets · 1 win$1,100.00+$100.00 profit');
    expect(second).toHaveTextContent('Rank 2Cleo2 bets · 1 win · $150.00 in play$900.00-$100.00 profit');
    expect(third).toHaveTextContent('–Not ranked yetAlice (you)0 bets · 0 wins$250.00$0.00 profit');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(visits).toEqual([{ name: 'crew', id: 4, tab: 'standings' }, { name: 'crews' }]);
  });
});
