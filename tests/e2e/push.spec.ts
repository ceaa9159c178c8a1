import { expect, test } from './fixtures.ts';
import { newUser, uniqueSuffix } from './helpers.ts';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/lib/chromium.ts';

// The headless shell the other journeys run in denies the notification permission before
// anyone asks; the full browser asks, as a player's would.
test.use({ launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS } });

// The Notifications screen's "Push notifications on this device": the browser's permission is
// asked when the player turns it on, never before; refused, the switch stays off and says why.

test('push notifications ask for permission only when turned on', async ({ browser }) => {
  const page = await newUser(browser, `Pusher_${uniqueSuffix()}`);
  await page.goto('/notifications');
  const toggle = page.getByRole('switch', { name: /Push notifications on this device/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  const asked = page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const original = Notification.requestPermission.bind(Notification);
        Notification.requestPermission = () => {
          resolve('asked');
          return original();
        };
      }),
  );
  await toggle.click();
  expect(await asked).toBe('asked');
  // Headless Chromium answers "denied" for the player here: the switch says so beside itself.
  await expect(toggle).toHaveAccessibleDescription(/^Notifications are blocked for Betbro in this browser/);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await page.context().close();
});
