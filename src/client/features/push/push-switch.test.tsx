import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render-screen.tsx';
import { PushSwitch } from './push-switch.tsx';

/**
 * A browser with the Push API whose service worker never becomes ready (none can be installed
 * here): the browser's own objects, stood in for, since jsdom has none.
 */
function browserWithoutPushService(permission: NotificationPermission) {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: async () => (permission === 'default' ? 'granted' : permission) });
  const registration = { pushManager: { getSubscription: async () => null } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => undefined, register: async () => registration, ready: new Promise(() => undefined) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the push switch', () => {
  it('says beside itself that this browser cannot subscribe when it never manages to, and can be tried again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    browserWithoutPushService('default');
    renderScreen(<PushSwitch id="push" />);
    const toggle = screen.getByRole('switch', { name: 'Push notifications on this device' });
    await userEvent.click(toggle);
    expect(toggle).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(toggle).toBeEnabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('This browser could not subscribe to push notifications. Try again later, or use another browser.');
  });

  it('says from the start when the browser has blocked notifications', () => {
    browserWithoutPushService('denied');
    renderScreen(<PushSwitch id="push" />);
    const toggle = screen.getByRole('switch', { name: 'Push notifications on this device' });
    expect(toggle).toHaveAccessibleDescription(/^Notifications are blocked for Betbro in this browser/);
    expect(toggle).toBeEnabled();
  });

  it('says when the browser has no push at all', () => {
    renderScreen(<PushSwitch id="push" />);
    const toggle = screen.getByRole('switch', { name: 'Push notifications on this device' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription('This browser cannot receive push notifications.');
  });
});
