import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import { CalendarFeed } from './calendar-feed.tsx';

/** The calendar endpoints as the server answers them, over the feed it keeps. */
function calendarServer(createdAt: string | null) {
  let since = createdAt;
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${String(input)}`);
    if (method === 'POST') {
      since = '2026-11-29T10:00:00.000Z';
      return Response.json({ url: 'http://localhost/api/calendar/secret-token.ics' }, { status: 201 });
    }
    if (method === 'DELETE') {
      since = null;
      return Response.json({ ok: true });
    }
    return Response.json({ createdAt: since });
  });
  return calls;
}

describe("Settings' calendar", { timeout: 20_000 }, () => {
  it('makes a private link, shows it once to copy or open in a calendar app, and says a new one retires it', async () => {
    const user = userEvent.setup();
    const calls = calendarServer(null);
    renderScreen(<CalendarFeed />);
    await user.click(await screen.findByRole('button', { name: 'Make a calendar link' }));
    const link = await screen.findByLabelText('Calendar link');
    expect(link).toHaveValue('http://localhost/api/calendar/secret-token.ics');
    expect(screen.getByRole('link', { name: 'open it in your calendar app' })).toHaveAttribute('href', 'webcal://localhost/api/calendar/secret-token.ics');
    await user.click(screen.getByRole('button', { name: 'Copy calendar link' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost/api/calendar/secret-token.ics');
    expect(await screen.findByRole('button', { name: 'Make a new calendar link' })).toBeInTheDocument();
    expect(screen.getByText('A new link stops the old one: calendars that use it get nothing more.')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(['POST /api/calendar']);
  });

  it('stops the feed it has', async () => {
    const calls = calendarServer('2026-11-28T10:00:00.000Z');
    renderScreen(<CalendarFeed />);
    expect(await screen.findByText(/^You have a calendar link, made /)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop the calendar feed' }));
    expect(await screen.findByText('Calendar feed stopped')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make a calendar link' })).toBeInTheDocument());
    expect(calls).toContain('DELETE /api/calendar');
  });
});
