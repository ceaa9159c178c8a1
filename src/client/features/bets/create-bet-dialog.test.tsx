import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BetDetail } from '../../../shared/schemas/bets.ts';
import type { CrewSummary } from '../../../shared/schemas/crews.ts';
import type { Friend } from '../../../shared/schemas/friends.ts';
import { showDateTime } from '../../lib/format.ts';
import { aBet, aCrew, aCrewSummary, me, renderScreen } from '../../test/render-screen.tsx';
import { CreateBetDialog } from './create-bet-dialog.tsx';

/** The dialog as the dashboard holds it (a crew page: set to its crew), closed until its button is pressed. */
function WithButton({ crewId }: { crewId?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Create New Bet
      </button>
      <CreateBetDialog open={open} onOpenChange={setOpen} {...(crewId === undefined ? {} : { crewId })} />
    </>
  );
}

const aFriend = (id: number, username: string): Friend => ({ id, username, totalWins: 0, balance: '1000.00', isOnline: false });

/** Answers the app's calls as the server would (the player's friends too); returns the bodies POSTed to /api/bets. */
function server(
  answer: { status: number; body: unknown },
  friends: Friend[] = [aFriend(2, 'Bob'), aFriend(3, 'Cleo')],
  crews: CrewSummary[] = [],
  possibleJurors = 3,
) {
  const created: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    if (path.startsWith('/api/bets/jury-pool')) return Response.json({ possibleJurors, quorum: 3 });
    if (path === '/api/bets' && init?.method === 'POST') {
      created.push(JSON.parse(String(init.body)));
      return Response.json(answer.body, { status: answer.status });
    }
    if (path === '/api/friends') return Response.json(friends);
    if (path === '/api/crews') return Response.json(crews);
    if (path === '/api/crews/4') return Response.json(aCrew());
    if (path === '/api/auth/user') return Response.json(me());
    return Response.json({ error: 'Not found' }, { status: 404 });
  });
  return created;
}

const aCreatedBet = (): BetDetail => ({ ...aBet({ creatorId: 1 }), participantList: [], canStake: false, canResolve: false, canDispute: false, canVote: false });

/** Opens the dialog; `fill` replaces what fields (found by their labels) hold, `create` presses Create Bet. */
async function openDialog(crewId?: number) {
  const { visits } = renderScreen(<WithButton {...(crewId === undefined ? {} : { crewId })} />);
  await userEvent.click(screen.getByRole('button', { name: 'Create New Bet' }));
  const dialog = screen.getByRole('dialog', { name: 'Create New Bet' });
  const fill = async (fields: Record<string, string>) => {
    for (const [label, text] of Object.entries(fields)) {
      await userEvent.clear(within(dialog).getByLabelText(label));
      await userEvent.type(within(dialog).getByLabelText(label), text);
    }
  };
  const create = () => userEvent.click(within(dialog).getByRole('button', { name: 'Create Bet' }));
  return { dialog, fill, create, visits };
}

const toast = (title: string) => screen.findByText(title, { selector: '[data-sonner-toast] *' });

describe('the create-bet dialog', { timeout: 20_000 }, () => {
  it('says every problem at once beside its field, tied to it, focused on the first, and keeps each until it is fixed', async () => {
    const created = server({ status: 201, body: aCreatedBet() });
    const { dialog, fill, create } = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText('Expiration'), 'time');
    await fill({ 'Option 1': 'Home', 'Option 2': '   ', Hours: '9000' });
    await create();
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Title is required',
      'Description is required',
      'You need at least 2 options for a bet',
      'Hours must be a whole number from 1 to 8760',
    ]);
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription('Title is required');
    expect(title).toHaveFocus();
    expect(within(dialog).getByLabelText('Hours')).toHaveAccessibleDescription('Hours must be a whole number from 1 to 8760');
    expect(within(dialog).getByRole('group', { name: 'Options' })).toHaveAccessibleDescription('You need at least 2 options for a bet');
    expect(within(dialog).getByLabelText('Option 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Invalid bet')).toBeNull();

    await userEvent.type(title, 'Rain tomorrow?');
    expect(title).not.toHaveAttribute('aria-invalid');
    expect(title).not.toHaveAccessibleDescription('Title is required');
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Description is required',
      'You need at least 2 options for a bet',
      'Hours must be a whole number from 1 to 8760',
    ]);
    expect(created).toEqual([]);
  });

  it("shows the shared schema's message beside each field", async () => {
    const created = server({ status: 201, body: aCreatedBet() });
    const { dialog, fill, create } = await openDialog();
    await fill({ 'Option 1': 'Home', 'Option 2': 'home' });
    await create();
    const messages = within(dialog).getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages).toEqual(['Title is required', 'Description is required', 'Options must be different']);
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(within(dialog).getByLabelText('Title'));
    await userEvent.paste('x'.repeat(201));
    await userEvent.selectOptions(within(dialog).getByLabelText('Expiration'), 'time');
    await fill({ Description: 'Saturday.', 'Option 2': 'Away', Hours: '9000' });
    await create();
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Title too long',
      'Hours must be a whole number from 1 to 8760',
    ]);
    expect(within(dialog).getByLabelText('Description')).not.toHaveAttribute('aria-invalid', 'true');
    expect(created).toEqual([]);
  });

  it('offers 2 to 10 options, says why Add option stops at ten, and keeps the focus on the list', async () => {
    server({ status: 201, body: aCreatedBet() });
    const { dialog, fill } = await openDialog();
    const add = within(dialog).getByRole('button', { name: 'Add option' });
    expect(within(dialog).getByRole('button', { name: 'Remove option 2' })).toBeDisabled();
    await userEvent.click(add);
    expect(within(dialog).getByLabelText('Option 3')).toHaveFocus();
    for (let i = 4; i <= 10; i += 1) await userEvent.click(add);
    expect(within(dialog).getByLabelText('Option 10')).toBeInTheDocument();
    expect(add).toBeDisabled();
    const limit = within(dialog).getByText(/^At most 10 options/);
    expect(limit).toHaveFocus();
    expect(add).toHaveAccessibleDescription(limit.textContent!);

    await fill({ 'Option 3': 'Draw' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove option 2' }));
    expect(within(dialog).getByLabelText('Option 2')).toHaveValue('Draw');
    expect(within(dialog).getByLabelText('Option 1')).toHaveFocus();
    expect(within(dialog).queryByLabelText('Option 10')).toBeNull();
    expect(add).toBeEnabled();
    expect(within(dialog).queryByText(/^At most 10 options/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove option 5' }));
    expect(within(dialog).getByLabelText('Option 4')).toHaveFocus();
  });

  it('sends the bet with blank options dropped and the end as an instant, says so, goes on to it, and starts afresh next time', async () => {
    const created = server({ status: 201, body: aCreatedBet() });
    const { dialog, fill, create, visits } = await openDialog();
    await fill({ Title: 'Who wins the derby?', Description: 'Saturday, three o’clock kick-off.' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'Sports');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await fill({ 'Option 1': 'Home', 'Option 3': ' Away ' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Expiration'), 'date');
    const ends = new Date(Date.now() + 3 * 24 * 3600_000);
    const local = new Date(ends.getTime() - ends.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await fill({ 'Ends at': local });
    await create();

    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(screen.getByText('Your bet has been created and is now live.')).toBeInTheDocument();
    expect(created).toEqual([
      {
        title: 'Who wins the derby?',
        description: 'Saturday, three o’clock kick-off.',
        category: 'Sports',
        options: ['Home', 'Away'],
        expirationType: 'date',
        expirationValue: new Date(local).toISOString(),
        resolution: { mode: 'creator' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The creator lands on the new bet, where Share is.
    expect(visits).toEqual([{ name: 'bet', id: aCreatedBet().id }]);

    await userEvent.click(screen.getByRole('button', { name: 'Create New Bet' }));
    const again = screen.getByRole('dialog', { name: 'Create New Bet' });
    expect(within(again).getByLabelText('Title')).toHaveValue('');
    expect(within(again).getByLabelText('Category')).toHaveValue('General');
    expect(within(again).getAllByRole('textbox', { name: /^Option/ })).toHaveLength(2);
    expect(within(again).getByLabelText('Expiration')).toHaveValue('indefinite');
    expect(within(again).getByRole('radio', { name: 'I decide (creator)' })).toBeChecked();
  });

  it('lets a friend decide the bet: sends the referee picked among the friends', async () => {
    const created = server({ status: 201, body: aCreatedBet() });
    const { dialog, fill, create } = await openDialog();
    const decider = within(dialog).getByRole('group', { name: 'Who decides' });
    expect(within(decider).getByRole('radio', { name: 'I decide (creator)' })).toBeChecked();
    expect(within(dialog).queryByLabelText('Referee')).toBeNull();

    await userEvent.click(within(decider).getByRole('radio', { name: 'A referee' }));
    const referee = within(dialog).getByLabelText('Referee');
    expect(await within(referee).findByRole('option', { name: 'Cleo' })).toBeInTheDocument();
    expect(within(referee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a friend', 'Bob', 'Cleo']);
    await userEvent.selectOptions(referee, 'Cleo');
    await fill({ Title: 'Rain tomorrow?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' });
    await create();

    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ title: 'Rain tomorrow?', resolution: { mode: 'referee', refereeId: 3 } })]);
  });

  it('says "Choose a referee" beside the Referee field when a referee decides but none is picked', async () => {
    const created = server({ status: 201, body: aCreatedBet() });
    const { dialog, fill, create } = await openDialog();
    await fill({ Title: 'Rain tomorrow?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A referee' }));
    await within(dialog).findByRole('option', { name: 'Bob' });
    await create();

    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Choose a referee']);
    const referee = within(dialog).getByLabelText('Referee');
    expect(referee).toHaveAttribute('aria-invalid', 'true');
    expect(referee).toHaveAccessibleDescription('Choose a referee');
    expect(referee).toHaveFocus();
    expect(created).toEqual([]);

    await userEvent.selectOptions(referee, 'Bob');
    expect(within(dialog).queryByText('Choose a referee')).toBeNull();
    // Back to the creator deciding: no referee needed, none sent.
    await userEvent.click(within(dialog).getByRole('radio', { name: 'I decide (creator)' }));
    await create();
    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ resolution: { mode: 'creator' } })]);
  });

  it('lets a jury of friends decide the bet, and says how', async () => {
    const created = server({ status: 201, body: aCreatedBet() });
    const { dialog, fill, create } = await openDialog();
    const decider = within(dialog).getByRole('group', { name: 'Who decides' });
    expect(within(decider).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['I decide (creator)', 'A referee', 'A jury of friends']);
    expect(decider).not.toHaveAccessibleDescription();

    await userEvent.click(within(decider).getByRole('radio', { name: 'A jury of friends' }));
    expect(decider).toHaveAccessibleDescription(
      'You propose the result; any staker can dispute it before its deadline, then your friends from before the bet, without a stake, vote.',
    );
    expect(within(dialog).queryByLabelText('Referee')).toBeNull();
    await fill({ Title: 'Rain tomorrow?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' });
    await create();

    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ title: 'Rain tomorrow?', resolution: { mode: 'jury' } })]);
  });

  it('says at once why a jury cannot decide when too few friends could sit on it, and sends nothing', async () => {
    const created = server({ status: 201, body: aCreatedBet() }, undefined, [], 2);
    const { dialog, fill } = await openDialog();
    const decider = within(dialog).getByRole('group', { name: 'Who decides' });
    await userEvent.click(within(decider).getByRole('radio', { name: 'A jury of friends' }));
    const why = 'A jury needs at least 3 of your friends who could vote on it; you have 2. Add friends, or choose another way to decide.';
    await waitFor(() => expect(decider).toHaveAccessibleDescription(why));
    await fill({ Title: 'Rain tomorrow?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' });
    const send = within(dialog).getByRole('button', { name: 'Create Bet' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(why);
    // Another way to decide: the bet can go.
    await userEvent.click(within(decider).getByRole('radio', { name: 'I decide (creator)' }));
    expect(send).toBeEnabled();
    expect(created).toEqual([]);
  });

  it('says how to get a referee when the player has no friends', async () => {
    server({ status: 201, body: aCreatedBet() }, []);
    const { dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A referee' }));
    expect(await within(dialog).findByText('Add a friend to pick a referee')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Referee')).toHaveAccessibleDescription(/Add a friend to pick a referee/);
  });

  it("shows the server's refusal of the referee beside the Referee field", async () => {
    server({ status: 400, body: { error: 'The referee must be one of your friends', code: 'invalid_referee' } });
    const { dialog, fill, create } = await openDialog();
    await fill({ Title: 'Rain tomorrow?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A referee' }));
    await userEvent.selectOptions(within(dialog).getByLabelText('Referee'), await within(dialog).findByRole('option', { name: 'Bob' }));
    await create();

    expect(await toast('Failed to create bet')).toBeInTheDocument();
    const referee = within(dialog).getByLabelText('Referee');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The referee must be one of your friends');
    expect(referee).toHaveAccessibleDescription('The referee must be one of your friends');
    await userEvent.selectOptions(referee, 'Cleo');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("says the server's refusal in a toast and keeps what was typed", async () => {
    server({ status: 400, body: { error: 'Title is required', code: 'VALIDATION' } });
    const { dialog, fill, create } = await openDialog();
    await fill({ Title: 'Rain tomorrow?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' });
    await create();
    expect(await toast('Failed to create bet')).toBeInTheDocument();
    expect(screen.getByText('Title is required', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Rain tomorrow?');
  });
});

describe('who can see a new bet', { timeout: 20_000 }, () => {
  const crews = [aCrewSummary({ id: 5, name: 'Poker night' }), aCrewSummary()];
  const question = { Title: 'Rain on Friday?', Description: 'In Leeds.', 'Option 1': 'Rain', 'Option 2': 'Sun' };

  it('is my friends unless one of my crews is chosen, and a crew bet is sent with its crew', async () => {
    const created = server({ status: 201, body: aCreatedBet() }, undefined, crews);
    const { dialog, fill, create } = await openDialog();
    const audience = within(dialog).getByLabelText('Who can see it');
    expect(audience).toHaveValue('');
    expect(audience).toHaveAccessibleDescription('Your friends see it and stake from their own balance.');
    await within(audience).findByRole('option', { name: 'Friday club' });
    expect(within(audience).getAllByRole('option').map((o) => o.textContent)).toEqual(['My friends', 'Poker night', 'Friday club']);

    await userEvent.selectOptions(audience, 'Friday club');
    expect(audience).toHaveAccessibleDescription(/^Only Friday club sees it, and its members stake from their crew balance\. It must end by the end of season 2/);
    await fill(question);
    await create();
    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ title: 'Rain on Friday?', crewId: 4 })]);
  });

  it("opened from a crew's page, is set to that crew", async () => {
    const created = server({ status: 201, body: aCreatedBet() }, undefined, crews);
    const { dialog, fill, create } = await openDialog(4);
    const audience = within(dialog).getByLabelText('Who can see it');
    await waitFor(() => expect(within(audience).getByRole('option', { name: 'Friday club' })).toHaveProperty('selected', true));
    await fill(question);
    await create();
    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ crewId: 4 })]);

    // Closed and opened again, it starts from that crew again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Create New Bet' }));
    expect(within(screen.getByRole('dialog', { name: 'Create New Bet' })).getByLabelText('Who can see it')).toHaveValue('4');
  });

  it("picks a crew bet's referee among the crew's other members, and says its jury is the crew", async () => {
    const created = server({ status: 201, body: aCreatedBet() }, undefined, crews);
    const { dialog, fill, create } = await openDialog(4);
    const decider = within(dialog).getByRole('group', { name: 'Who decides' });
    await userEvent.click(within(decider).getByRole('radio', { name: 'A jury of the crew' }));
    expect(decider).toHaveAccessibleDescription(
      "You propose the result; any staker can dispute it before its deadline, then the crew's members from before the bet, without a stake, vote.",
    );

    await userEvent.click(within(decider).getByRole('radio', { name: 'A referee' }));
    const referee = within(dialog).getByLabelText('Referee');
    expect(referee).toHaveAccessibleDescription('A crew member who alone decides the result. They cannot bet on it.');
    await within(referee).findByRole('option', { name: 'Cleo' });
    // Bob and Cleo, not the creator; no friend who is not in the crew.
    expect(within(referee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a member', 'Bob', 'Cleo']);
    await userEvent.selectOptions(referee, 'Cleo');
    await fill(question);
    await create();
    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.objectContaining({ crewId: 4, resolution: { mode: 'referee', refereeId: 3 } })]);
  });

  it("shows the server's refusal of an end after the season beside that end", async () => {
    server({ status: 400, body: { error: "A crew bet must end by its season's end", code: 'expires_after_season' } }, undefined, crews);
    const { dialog, fill, create } = await openDialog(4);
    await fill(question);
    await userEvent.selectOptions(within(dialog).getByLabelText('Expiration'), 'time');
    await fill({ Hours: '2' });
    await create();
    expect(await toast('Failed to create bet')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Hours')).toHaveAccessibleDescription("A crew bet must end by its season's end");
  });

  it("says beside its end that a crew bet must end by the crew's season end, and sends nothing", async () => {
    const created = server({ status: 201, body: aCreatedBet() }, undefined, crews);
    const { dialog, fill, create } = await openDialog(4);
    await within(within(dialog).getByLabelText('Who can see it')).findByRole('option', { name: 'Friday club' });
    await fill(question);
    await userEvent.selectOptions(within(dialog).getByLabelText('Expiration'), 'time');
    // Twelve days: the season ends in ten.
    await fill({ Hours: '288' });
    await create();
    const message = `A crew bet must end by the end of the season, ${showDateTime(crews[1]!.season.endsAt)}`;
    expect(within(dialog).getAllByRole('alert').map((alert) => alert.textContent)).toEqual([message]);
    expect(within(dialog).getByLabelText('Hours')).toHaveFocus();
    expect(created).toEqual([]);

    // The same end among friends is fine.
    await userEvent.selectOptions(within(dialog).getByLabelText('Who can see it'), 'My friends');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await create();
    expect(await toast('Bet created!')).toBeInTheDocument();
    expect(created).toEqual([expect.not.objectContaining({ crewId: expect.anything() })]);
  });
});
