import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BetResolution } from '../../../../shared/schemas/bets.ts';
import { showDateTime } from '../../../lib/format.ts';
import { aBet, aJuryResolution } from '../../../test/render-screen.tsx';
import { Countdown, JuryStatus } from './jury.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('a countdown', () => {
  it('counts down each second in a time element naming the deadline, until the time is up', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00.000Z') });
    render(<Countdown until="2026-11-24T12:01:05.000Z" />);
    const time = screen.getByText('1m 5s left');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-11-24T12:01:05.000Z');
    expect(time).toHaveAttribute('title', showDateTime('2026-11-24T12:01:05.000Z'));
    vi.advanceTimersByTime(1000);
    expect(time).toHaveTextContent(/^1m 4s left$/);
    vi.advanceTimersByTime(60_000);
    expect(time).toHaveTextContent(/^4s left$/);
    vi.advanceTimersByTime(5000);
    expect(time).toHaveTextContent(/^Time is up$/);
  });

  it('counts to a new deadline when it is given one', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00.000Z') });
    const { rerender } = render(<Countdown until="2026-11-24T12:01:05.000Z" />);
    vi.advanceTimersByTime(3000);
    rerender(<Countdown until="2026-11-26T15:30:00.000Z" />);
    const time = screen.getByText('2d 3h left');
    vi.advanceTimersByTime(1000);
    expect(time).toHaveTextContent(/^2d 3h left$/);
    expect(time).toHaveAttribute('datetime', '2026-11-26T15:30:00.000Z');
  });
});

describe("a disputed jury bet's status", () => {
  const juryEndsAt = new Date(Date.now() + 50 * 3600_000).toISOString();
  const disputed = (resolution: Partial<BetResolution>) => aBet({ status: 'disputed', options: ['Home', 'Away'], resolution: aJuryResolution({ juryEndsAt, ...resolution }) });

  it('tells how many jurors the dispute seated, and their votes', () => {
    render(<JuryStatus bet={disputed({ jurorsSeated: 4, votesNeeded: 3, votesCast: 1 })} banner />);
    expect(screen.getByRole('status')).toHaveTextContent('Disputed: the jury decides');
    expect(screen.getByText('4 jurors seated')).toBeInTheDocument();
    expect(screen.getByText('Votes: 1 of 3')).toBeInTheDocument();
  });

  it('says an admin decides when too few jurors could be seated, and that otherwise the proposal stands', () => {
    render(<JuryStatus bet={disputed({ jurorsSeated: 1, votesNeeded: 0 })} banner />);
    expect(screen.getByRole('status')).toHaveTextContent('Disputed: an admin decides');
    expect(screen.getByText(/Only 1 juror could be seated, too few for a jury\. If no admin decides in time, the proposed result stands\./)).toBeInTheDocument();
    expect(screen.queryByText(/Votes:/)).toBeNull();
    render(<JuryStatus bet={disputed({ jurorsSeated: 0, votesNeeded: 0 })} />);
    expect(screen.getByText(/No juror could be seated, too few for a jury/)).toBeInTheDocument();
  });
});
