import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showDateTime } from '../../../lib/format.ts';
import { Countdown } from './jury.tsx';

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
