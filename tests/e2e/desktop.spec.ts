import { expect, test } from './fixtures.ts';
import { adminPage, befriend, expectAccessible, newUser, screenshot, uniqueSuffix } from './helpers.ts';


test('create a bet, a friend stakes live, the creator resolves, both see the outcome', async ({ browser }) => {
  test.setTimeout(150_000);
  const id = uniqueSuffix();
  const aliceName = `Alice_${id}`;
  const bobName = `Bob_${id}`;
  const alice = await newUser(browser, aliceName);
  const bob = await newUser(browser, bobName);
  await befriend(alice, bob, bobName, aliceName);

  // Every validation message of the creation dialog, once each.
  await alice.goto('/');
  await alice.getByRole('button', { name: 'Create New Bet' }).click();
  const dialog = alice.getByRole('dialog', { name: 'Create New Bet' });
  await dialog.getByLabel('Option 1', { exact: true }).fill('Home');
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  await expect(alice.getByText('You need at least 2 options for a bet')).toBeVisible();
  await dialog.getByLabel('Option 2', { exact: true }).fill('Away');
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByLabel('Title').fill('x'.repeat(201));
  await dialog.getByLabel('Description').fill('y'.repeat(1001));
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  await expect(dialog.getByText('Title too long')).toBeVisible();
  await expect(dialog.getByText('Description too long')).toBeVisible();
  await dialog.getByLabel('Title').fill('Who wins the derby?');
  await dialog.getByLabel('Description').fill('Saturday, three o’clock kick-off.');
  await dialog.getByLabel('Expiration').selectOption('time');
  await dialog.getByLabel('Hours').fill('9000');
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  await expect(dialog.getByText('Hours must be a whole number from 1 to 8760')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add option' })).toBeEnabled();
  for (let i = 3; i <= 10; i += 1) await dialog.getByRole('button', { name: 'Add option' }).click();
  await expect(dialog.getByRole('button', { name: 'Add option' })).toBeDisabled();
  for (let i = 10; i > 2; i -= 1) await dialog.getByRole('button', { name: `Remove option ${i}` }).click();
  await expect(dialog.getByRole('button', { name: 'Remove option 2' })).toBeDisabled();
  await dialog.getByLabel('Expiration').selectOption('indefinite');
  await dialog.getByLabel('Category').selectOption('Sports');
  await screenshot(alice, 'create-bet-dialog');
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  await expect(alice.getByText('Bet created!')).toBeVisible();
  await expect(alice.getByText('Your bet has been created and is now live.')).toBeVisible();

  // Alice lands on her new bet, Share at hand, and watches it; Bob finds it among his friends' bets and stakes.
  await expect(alice).toHaveURL(/\/bets\/\d+$/);
  await expect(alice.getByRole('heading', { name: 'Who wins the derby?' })).toBeVisible();
  await expect(alice.getByRole('button', { name: 'Share this bet' })).toBeVisible();
  await expect(alice.getByTestId('odds-0')).toHaveText('1.0:1');
  await expectAccessible(alice, 'bet detail');

  await bob.goto('/');
  await bob.getByRole('link', { name: 'Who wins the derby?' }).first().click();
  await bob.getByLabel('Home').check();
  await bob.getByLabel('Amount ($)').fill('30');
  await expect(bob.getByTestId('potential-win')).toHaveText('Returns $30.00 — $0.00 profit if Home wins.');
  await bob.getByRole('button', { name: 'Place Bet' }).click();
  await expect(bob.getByText('Bet placed!')).toBeVisible();
  await expect(bob.getByText('$30.00 on Home', { exact: true }).first()).toBeVisible();

  // Alice's odds move without a reload.
  await expect(alice.getByTestId('odds-1')).toHaveText('∞');
  await expect(alice.getByTestId('option-0')).toContainText('$30.00');
  await screenshot(alice, 'bet-detail-live');

  await alice.getByLabel('Home').check();
  await alice.getByRole('button', { name: 'Resolve Bet' }).click();
  // Nothing moves until the creator has read who gets what and confirmed.
  const confirmation = alice.getByRole('alertdialog', { name: 'Home won?' });
  await expect(confirmation.getByRole('list', { name: 'Winners' })).toContainText('gets $30.00 — $0.00 profit');
  await expectAccessible(alice, 'resolve confirmation');
  await confirmation.getByRole('button', { name: 'Pay out' }).click();
  await expect(alice.getByText('Bet resolved!')).toBeVisible();
  await expect(alice.getByText('Resolved: Home won.')).toBeVisible();

  await bob.goto('/my-bets');
  await bob.getByRole('tab', { name: /Resolved/ }).click();
  await expect(bob.getByText('WON', { exact: true })).toBeVisible();
  await expect(bob.getByText('You won $30.00 — $0.00 profit')).toBeVisible();
  await screenshot(bob, 'my-bets');
  await expectAccessible(bob, 'my bets');
});

test('friend requests are sent, accepted and declined; profile edits save and cancel', async ({ browser }) => {
  test.setTimeout(150_000);
  const id = uniqueSuffix();
  const carol = await newUser(browser, `Carol_${id}`);
  const dave = await newUser(browser, `Dave_${id}`);
  const erin = await newUser(browser, `Erin_${id}`);
  await befriend(carol, dave, `Dave_${id}`, `Carol_${id}`);

  // Erin asks Carol, Carol declines from the Friends page.
  await erin.goto('/friends');
  await erin.getByLabel('Search users').fill(`carol_${id}`);
  await erin.getByLabel('Search users').press('Enter');
  await erin.getByRole('button', { name: `Add Carol_${id} as a friend` }).click();
  await expect(erin.getByText('Friend Request Sent')).toBeVisible();
  await carol.goto('/');
  await expect(carol.getByText('You have 1 pending friend request')).toBeVisible();
  await carol.goto('/friends');
  await screenshot(carol, 'friends');
  await expectAccessible(carol, 'friends');
  await carol.getByRole('button', { name: `Decline Erin_${id}` }).click();
  await expect(carol.getByText('Friend Request Rejected')).toBeVisible();
  await expect(carol.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();

  // The friend's profile dialog.
  await carol.getByRole('button', { name: new RegExp(`Dave_${id}`) }).click();
  await expect(carol.getByRole('dialog', { name: `Dave_${id}` })).toBeVisible();
  await expect(carol.getByText('No bets yet.')).toBeVisible();
  await carol.keyboard.press('Escape');

  // Profile: cancel restores what the server holds; save keeps it.
  await carol.goto('/profile');
  await expect(carol.getByText('No bio added yet.')).toBeVisible();
  await carol.getByRole('button', { name: 'Edit Profile' }).click();
  await carol.getByLabel('Bio').fill('Never bets against the home team.');
  await carol.getByRole('button', { name: 'Cancel' }).click();
  await expect(carol.getByText('No bio added yet.')).toBeVisible();
  await carol.getByRole('button', { name: 'Edit Profile' }).click();
  await carol.getByLabel('Bio').fill('Never bets against the home team.');
  await carol.getByLabel('Location').fill('Leeds');
  await carol.getByRole('button', { name: 'Save Changes' }).click();
  await expect(carol.getByText('Profile Updated')).toBeVisible();
  await carol.reload();
  await expect(carol.getByTestId('profile-bio')).toHaveText('Never bets against the home team.');
  await expect(carol.getByTestId('profile-location')).toHaveText('Leeds');
  await carol.getByRole('tab', { name: 'Achievements' }).click();
  await expect(carol.getByText('1/5')).toBeVisible();
  await screenshot(carol, 'profile');
  await expectAccessible(carol, 'profile');
});

test('admin-only items are hidden from users and shown to admins', async ({ browser }) => {
  const id = uniqueSuffix();
  const user = await newUser(browser, `Frank_${id}`);
  await expect(user.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(user.getByText('Administration')).toHaveCount(0);
  await expect(user.getByRole('tab', { name: 'Admin Panel' })).toHaveCount(0);
  await expect(user.getByRole('tab', { name: "Friends' Bets" })).toBeVisible();
  await expect(user.getByText('No bets from friends yet. Add some friends or create a bet to get started!')).toBeVisible();
  await screenshot(user, 'dashboard-empty');
  await expectAccessible(user, 'dashboard');

  const admin = await adminPage(browser);
  // Every section of the sidebar is open at first: the admins' places show without a click.
  await expect(admin.getByRole('link', { name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'All Bets' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByText('Admin', { exact: true }).first()).toBeVisible();
});

test("a screen whose code cannot be downloaded offers to try again, inside the frame", async ({ browser }) => {
  const page = await newUser(browser, `Gus_${uniqueSuffix()}`);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // The connection drops just as the Leaderboard's code is fetched.
  const leaderboardCode = /\/assets\/leaderboard-page-[^/]*\.js$/;
  await page.route(leaderboardCode, (route) => route.abort('internetdisconnected'));
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('link', { name: 'Leaderboard' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('Check your connection and try again.');
  // The frame stays: the user can go elsewhere, and back.
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expectAccessible(page, 'screen load failure');

  await page.unroute(leaderboardCode);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Leaderboard', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

// The desktop frame moves the focus to the new screen's heading (the narrow frame focuses its own
// header title, which the mobile journeys check).
test("after moving to another screen, the focus is on that screen's heading", async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await newUser(browser, `Focus_${uniqueSuffix()}`);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  // Every sidebar section is open at first: Crews is one click away.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Crews' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Crews' })).toBeFocused();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeFocused();
  await page.context().close();
});
