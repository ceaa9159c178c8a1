import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '../../../shared/schemas/notifications.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { renderScreen, somePreferences } from '../../test/render-screen.tsx';
import { TimeZonePicker, zonesMatching } from './time-zone-picker.tsx';
import { TimeZonePrompt } from './time-zone-prompt.tsx';

/** The preferences route: answers a change with the preferences it makes, and keeps the bodies sent. */
function preferencesServer(saved: Preferences) {
  const bodies: unknown[] = [];
  let prefs = saved;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/users/preferences' && init?.method === 'PUT') {
      const change = JSON.parse(String(init.body)) as Partial<Preferences>;
      bodies.push(change);
      prefs = { ...prefs, ...change };
      return Response.json(prefs);
    }
    return new Promise<Response>(() => undefined);
  });
  return bodies;
}

const device = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

describe('the time zone picker', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('finds zones by any words of their name', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Tokyo'];
    expect(zonesMatching('new york', zones)).toEqual(['America/New_York']);
    expect(zonesMatching('AMERICA', zones)).toEqual(['America/New_York', 'America/Los_Angeles']);
    expect(zonesMatching('asia tok', zones)).toEqual(['Asia/Tokyo']);
    expect(zonesMatching('   ', zones)).toEqual([]);
  });

  it('shows the chosen clock, finds another by typing, and saves it', async () => {
    const bodies = preferencesServer(somePreferences({ timeZone: device() }));
    const { queryClient } = renderScreen(<TimeZonePicker />, { data: [[queryKeys.profiles.preferences, somePreferences({ timeZone: device() })]] });
    const picker = screen.getByTestId('time-zone-picker');
    expect(picker).toHaveTextContent(`Your clock: ${device().replaceAll('_', ' ')}`);
    expect(screen.getByText('This device is on the same clock.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a time zone' }), 'tokyo');
    const matches = screen.getByRole('list', { name: 'Matching time zones' });
    await userEvent.click(within(matches).getByRole('button', { name: /^Asia\/Tokyo/ }));
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ timeZone: 'Asia/Tokyo' }]);
    expect(queryClient.getQueryData<Preferences>(queryKeys.profiles.preferences)?.timeZone).toBe('Asia/Tokyo');
    expect(picker).toHaveTextContent('Your clock: Asia/Tokyo');
  });

  it('says when this device is on another clock than the one chosen, and takes the device\'s in one tap', async () => {
    const chosen = device() === 'Pacific/Kiritimati' ? 'Asia/Tokyo' : 'Pacific/Kiritimati';
    const bodies = preferencesServer(somePreferences({ timeZone: chosen }));
    renderScreen(<TimeZonePicker />, { data: [[queryKeys.profiles.preferences, somePreferences({ timeZone: chosen })]] });
    expect(screen.getByRole('status')).toHaveTextContent(`This device is on ${device().replaceAll('_', ' ')}`);
    await userEvent.click(screen.getByRole('button', { name: "Use this device's time zone" }));
    expect(await screen.findByText('Time zone saved')).toBeInTheDocument();
    expect(bodies).toEqual([{ timeZone: device() }]);
  });

  it('says when nothing matches', async () => {
    preferencesServer(somePreferences());
    renderScreen(<TimeZonePicker />, { data: [[queryKeys.profiles.preferences, somePreferences()]] });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a time zone' }), 'atlantis');
    expect(screen.getByText('No time zone matches "atlantis".')).toBeInTheDocument();
  });

  it('asks above the screens when the device is on another zone, until the player keeps theirs', async () => {
    const chosen = device() === 'Pacific/Kiritimati' ? 'Asia/Tokyo' : 'Pacific/Kiritimati';
    localStorage.clear();
    preferencesServer(somePreferences({ timeZone: chosen }));
    const { unmount } = renderScreen(<TimeZonePrompt />, { data: [[queryKeys.profiles.preferences, somePreferences({ timeZone: chosen })]] });
    const prompt = screen.getByRole('region', { name: 'Time zone notice' });
    expect(prompt).toHaveTextContent(`Times show on your Betbro clock, ${chosen.replaceAll('_', ' ')}; this device is on ${device().replaceAll('_', ' ')}.`);
    await userEvent.click(within(prompt).getByRole('button', { name: `Keep ${chosen.replaceAll('_', ' ')}` }));
    expect(screen.queryByRole('region', { name: 'Time zone notice' })).toBeNull();
    unmount();
    renderScreen(<TimeZonePrompt />, { data: [[queryKeys.profiles.preferences, somePreferences({ timeZone: chosen })]] });
    expect(screen.queryByRole('region', { name: 'Time zone notice' })).toBeNull();
    localStorage.clear();
  });
});
