import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showDateTime } from '../../lib/format.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { aBet, aCrewSummary, aJuryResolution, aResolution, renderScreen } from '../../test/render-screen.tsx';
import { BetCard } from './bet-card.tsx';

describe('a bet card', () => {
  it("offers 'Place a bet' on a friend's open bet, linked to the bet", () => {
    renderScreen(<BetCard bet={aBet()} />);
    expect(screen.getByRole('link', { name: 'Place a bet for Who wins the derby?' })).toHaveAttribute('href', '/bets/7');
    expect(screen.getByRole('link', { name: 'Who wins the derby?' })).toHaveAttribute('href', '/bets/7');
  });

  it("names a crew bet's crew in a badge, and a bet among friends has none", () => {
    renderScreen(
      <>
        <BetCard bet={aBet({ id: 8, title: 'Crew question', crewId: 4 })} />
        <BetCard bet={aBet()} />
      </>,
      { data: [[queryKeys.crews.list, [aCrewSummary()]]] },
    );
    const [crewCard, friendsCard] = screen.getAllByTestId('bet-card');
    expect(within(crewCard!).getByTestId('crew-badge')).toHaveTextContent('Crew: Friday club');
    expect(within(friendsCard!).queryByTestId('crew-badge')).toBeNull();
  });

  it("never offers 'Place a bet' on the creator's own bet", () => {
    renderScreen(<BetCard bet={aBet({ creatorId: 1, creator: { id: 1, username: 'Alice' } })} />);
    expect(screen.queryByText('Place a bet')).toBeNull();
    expect(screen.getByRole('link', { name: 'View details for Who wins the derby?' })).toBeInTheDocument();
  });

  it('names the referee of a bet a referee decides, and offers the referee no stake', () => {
    renderScreen(<BetCard bet={aBet({ resolution: aResolution({ mode: 'referee', referee: { id: 1, username: 'Alice' } }) })} />);
    expect(screen.getByText('Referee: Alice')).toBeInTheDocument();
    expect(screen.queryByText('Place a bet')).toBeNull();
    expect(screen.getByRole('link', { name: 'View details for Who wins the derby?' })).toBeInTheDocument();
  });

  it.each([false, true])("says a jury bet's proposed result, until when it may be disputed and the time left, and takes no stake (narrow: %s)", (narrow) => {
    const resolution = aJuryResolution();
    renderScreen(<BetCard bet={aBet({ status: 'proposed', resolution })} />, { narrow });
    expect(screen.getByText('Proposed', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Who decides: a jury of friends')).toBeInTheDocument();
    expect(screen.getByText(`Result proposed: Home, dispute until ${showDateTime(resolution.challengeEndsAt!)}`)).toBeInTheDocument();
    expect(screen.getByText('23h 59m left')).toHaveAttribute('datetime', resolution.challengeEndsAt);
    // The evidence is for the bet's page.
    expect(screen.queryByText(/^Evidence/)).toBeNull();
    expect(screen.queryByText('Place a bet')).toBeNull();
  });

  it("says a disputed bet's votes and the jury's time left", () => {
    const juryEndsAt = new Date(Date.now() + 5 * 3600_000 + 1800_000).toISOString();
    renderScreen(<BetCard bet={aBet({ status: 'disputed', resolution: aJuryResolution({ juryEndsAt, votesCast: 2, votesNeeded: 3 }) })} />);
    expect(screen.getByText('Disputed', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Disputed: the jury decides')).toBeInTheDocument();
    expect(screen.getByText('Votes: 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('Proposed: Home')).toBeInTheDocument();
    expect(screen.getByText('5h 29m left')).toHaveAttribute('datetime', juryEndsAt);
  });

  it('names no referee when the creator decides', () => {
    renderScreen(<BetCard bet={aBet()} />);
    expect(screen.queryByText(/^Referee:/)).toBeNull();
  });

  it('counts one participant in the singular', () => {
    renderScreen(<BetCard bet={aBet({ participants: 1, totalPot: '30.00', optionAmounts: ['30.00', '0.00'], optionStakeCounts: [1, 0] })} />);
    expect(screen.getByTestId('participants')).toHaveTextContent(/^1 participant$/);
    expect(screen.getByTestId('option-0')).toHaveTextContent('1 bet · $30.00');
  });

  it('puts the odds on their own line, below a long label marked Winner and Your pick', () => {
    const label = 'A draw after extra time and a penalty shoot-out that goes to sudden death';
    renderScreen(
      <BetCard
        bet={aBet({
          options: [label, 'Away'],
          status: 'resolved',
          isResolved: true,
          winningOption: 0,
          odds: [2, 2],
          userParticipation: { option: 0, amount: '10.00' } as never,
        })}
      />,
    );
    const row = screen.getByTestId('option-0');
    const labelLine = within(row).getByText(label).closest('p')!;
    expect(labelLine).toHaveTextContent('Winner');
    expect(labelLine).toHaveTextContent('Your pick');
    expect(labelLine).not.toContainElement(within(row).getByTestId('odds-0'));
    expect(within(row).getByTestId('odds-0')).toHaveTextContent('2.0:1');
  });

  it('lets a long unbroken title, description and name wrap instead of running out of the card', () => {
    const word = 'x'.repeat(80);
    renderScreen(<BetCard bet={aBet({ title: word, description: word, creator: { id: 2, username: 'y'.repeat(40) } })} />);
    expect(screen.getByRole('heading', { name: word })).toHaveClass('wrap-anywhere');
    expect(screen.getAllByText(word)[1]).toHaveClass('wrap-anywhere');
    expect(screen.getByText(`by ${'y'.repeat(40)}`)).toHaveClass('wrap-anywhere');
  });

  it('in the narrow frame opens the bet in the page instead of a link', () => {
    const { visits } = renderScreen(<BetCard bet={aBet()} />, { narrow: true });
    screen.getByRole('button', { name: 'Who wins the derby?' }).click();
    expect(visits).toEqual([{ name: 'bet', id: 7 }]);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
