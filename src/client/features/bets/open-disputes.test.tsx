import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OpenDisputes } from '../../../shared/schemas/bets.ts';
import { showDateTime } from '../../lib/format.ts';
import { aBet, aJuryResolution, renderScreen } from '../../test/render-screen.tsx';
import { OpenDisputesSection } from './open-disputes.tsx';

const juryEndsAt = new Date(Date.now() + 47 * 3600_000 + 1800_000).toISOString();

const disputes: OpenDisputes = {
  disputes: [
    {
      bet: aBet({ id: 7, status: 'disputed', resolution: aJuryResolution({ juryEndsAt, votesCast: 1, votesNeeded: 3, jurorsSeated: 4 }) }),
      decidedBy: 'jury',
      disputedBy: { id: 3, username: 'Carl' },
      reason: 'Extra time was not over',
      url: 'https://example.com/replay',
      disputedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    },
    {
      bet: aBet({ id: 9, title: 'Rain on Sunday?', status: 'disputed', resolution: aJuryResolution({ juryEndsAt, votesCast: 0, votesNeeded: 3, jurorsSeated: 3 }) }),
      decidedBy: 'jury',
      disputedBy: { id: 4, username: 'Dee' },
      reason: 'It drizzled',
      url: null,
      disputedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    },
  ],
};

/** The server: GET /api/admin/disputes answers `answer`; it records each call. */
function server(answer: () => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/admin/disputes' ? answer() : Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }),
  );
}

describe('the open disputes of the admin console', { timeout: 20_000 }, () => {
  it('lists each disputed bet with who disputed it and why, the votes and when the jury ends, linked to the bet', async () => {
    const fetch = server(() => Response.json(disputes));
    renderScreen(<OpenDisputesSection />, { user: { role: 'admin' } });
    const section = screen.getByRole('region', { name: 'Open disputes' });
    expect(within(section).getByRole('status')).toHaveTextContent('Loading disputes...');
    const [first, second] = await within(section).findAllByTestId('open-dispute');
    expect(fetch).toHaveBeenCalledWith('/api/admin/disputes', expect.objectContaining({ method: 'GET' }));

    expect(within(first!).getByRole('link', { name: 'Who wins the derby?' })).toHaveAttribute('href', '/bets/7');
    expect(first).toHaveTextContent('Disputed by Carl 2h ago');
    expect(within(first!).getByText('Reason: Extra time was not over')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Dispute link' })).toHaveAttribute('href', 'https://example.com/replay');
    expect(within(first!).getByText('Votes: 1 of 3')).toBeInTheDocument();
    expect(within(first!).getByText('4 jurors seated')).toBeInTheDocument();
    expect(first).toHaveTextContent(`Jury ends ${showDateTime(juryEndsAt)} (1d 23h left)`);

    expect(within(second!).getByRole('link', { name: 'Rain on Sunday?' })).toHaveAttribute('href', '/bets/9');
    expect(second).toHaveTextContent('Disputed by Dee 3h ago');
    expect(within(second!).getByText('Votes: 0 of 3')).toBeInTheDocument();
    expect(within(second!).queryByRole('link', { name: 'Dispute link' })).toBeNull();
  });

  it("shows a dispute without a jury as the admins' to decide, and decides it with the option picked", async () => {
    const queued: OpenDisputes = {
      disputes: [
        {
          bet: aBet({
            id: 11,
            title: 'Everyone bet',
            options: ['Red', 'Blue'],
            status: 'disputed',
            resolution: aJuryResolution({ juryEndsAt, proposedOption: 0, votesNeeded: 0, jurorsSeated: 1 }),
          }),
          decidedBy: 'admins',
          disputedBy: { id: 5, username: 'Eve' },
          reason: 'It was blue',
          url: null,
          disputedAt: new Date(Date.now() - 3600_000).toISOString(),
        },
      ],
    };
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/admin/disputes'
        ? Response.json(queued)
        : String(input) === '/api/admin/bets/11/resolve'
          ? Response.json({ ...aBet({ id: 11 }), participantList: [], canStake: false, canResolve: false, canDispute: false, canVote: false })
          : String(input) === '/api/bets/11/payouts?winningOption=1'
            ? Response.json({ winningOption: 1, kind: 'refund', rows: [] })
            : Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 }),
    );
    renderScreen(<OpenDisputesSection />, { user: { role: 'admin' } });
    const [entry] = await screen.findAllByTestId('open-dispute');
    expect(within(entry!).getByText('Only 1 juror could be seated: an admin decides.')).toBeInTheDocument();
    expect(entry).toHaveTextContent(`Otherwise Red stands on ${showDateTime(juryEndsAt)}`);
    expect(within(entry!).queryByText(/Votes:/)).toBeNull();
    await userEvent.click(within(entry!).getByRole('button', { name: 'Decide Everyone bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve bet' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Blue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const pay = await screen.findByRole('button', { name: 'Pay out' });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/admin/bets/11/resolve', expect.objectContaining({ method: 'POST', body: JSON.stringify({ winningOption: 1 }) })),
    );
  });

  it('opens the bet in the narrow frame', async () => {
    server(() => Response.json(disputes));
    const { visits } = renderScreen(<OpenDisputesSection />, { user: { role: 'admin' }, narrow: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Rain on Sunday?' }));
    expect(visits).toEqual([{ name: 'bet', id: 9 }]);
  });

  it('says when there is no open dispute', async () => {
    server(() => Response.json({ disputes: [] }));
    renderScreen(<OpenDisputesSection />, { user: { role: 'admin' } });
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
    expect(screen.queryByTestId('open-dispute')).toBeNull();
  });

  it('says when the disputes could not be fetched', async () => {
    server(() => Response.json({ error: 'Admin access required', code: 'forbidden' }, { status: 403 }));
    renderScreen(<OpenDisputesSection />, { user: { role: 'admin' } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch disputes'));
  });
});
