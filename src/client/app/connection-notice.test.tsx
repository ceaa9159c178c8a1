import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveState } from '../lib/live-sockets.ts';
import { ConnectionNotice, NOTICE_DELAY_MS } from './connection-notice.tsx';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const set = (state: 'live' | 'down' | 'off') =>
  act(() => {
    liveState.set(state);
  });

beforeEach(() => {
  vi.useFakeTimers();
  liveState.set('live');
});

afterEach(() => {
  setOnline(true);
  liveState.set('off');
  vi.useRealTimers();
});

describe('ConnectionNotice', () => {
  it('says "Reconnecting…" once the live connection has been down for a moment, and goes when it is back', () => {
    render(<ConnectionNotice />);
    const notice = screen.getByRole('status');
    expect(notice).toBeEmptyDOMElement();
    set('down');
    wait(NOTICE_DELAY_MS - 100);
    expect(notice).toBeEmptyDOMElement();
    wait(100);
    expect(notice).toHaveTextContent('Reconnecting…');
    set('live');
    expect(notice).toBeEmptyDOMElement();
  });

  it('says nothing of a drop shorter than that, and counts each drop afresh', () => {
    render(<ConnectionNotice />);
    set('down');
    wait(NOTICE_DELAY_MS - 500);
    set('live');
    wait(NOTICE_DELAY_MS);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    set('down');
    wait(NOTICE_DELAY_MS - 500);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows without a delay of its own when it appears in the middle of a long drop (the layout changed)', () => {
    set('down');
    wait(NOTICE_DELAY_MS * 3);
    render(<ConnectionNotice />);
    wait(0);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
  });

  it('says "You\'re offline" at once while the browser is offline, whatever the socket, and goes when it is back online', () => {
    render(<ConnectionNotice />);
    set('down');
    setOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    wait(NOTICE_DELAY_MS * 2);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    expect(screen.getByRole('status')).not.toHaveTextContent('Reconnecting');
    set('live');
    setOnline(true);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing while no socket is trying (signed out, or refused for good)', () => {
    render(<ConnectionNotice />);
    set('off');
    wait(NOTICE_DELAY_MS * 2);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
