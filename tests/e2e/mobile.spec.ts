import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { PHONE, adminPage, api, expectAccessible, menu, newUser, openMenuItem, screenshot, title, uniqueSuffix, userId } from './helpers.ts';

// The narrow layout (docs/product.md §13.3) at 390x844 with touch.

const phoneUser = (browser: Browser, name: string) => newUser(browser, name, undefined, PHONE);

/** Asserts a toast and swipes it away, so it cannot cover the header for the next tap. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await expect(toast.first()).toContainText(description);
  await dismissToasts(page);
}

async function dismissToasts(page: Page) {
  const close = page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"]) [data-close-button]');
  for (let tries = 0; tries < 20 && (await close.count()) > 0; tries += 1) {
    // A toast may leave on its own between the count and the tap.
    await close.first().click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

async function tapTab(page: Page, label: string, viewTitle: string) {
  await tabs(page).getByRole('button', { name: new RegExp(`^${label}`) }).tap();
  await expect(title(page)).toHaveText(viewTitle);
}


async function openSetting(page: Page, label: string, viewTitle: string) {
  await openMenuItem(page, 'Settings', 'Settings');
  await page.getByRole('main').getByRole('button', { name: new RegExp(`^${label}`) }).tap();
  await expect(title(page)).toHaveText(viewTitle);
}

async function createBet(page: Page, betTitle: string, options: string[]) {
  await tapTab(page, 'Dashboard', 'Dashboard');
  await page.getByRole('button', { name: 'Create New Bet' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Create New Bet' });
  await dialog.getByLabel('Title').fill(betTitle);
  await dialog.getByLabel('Description').fill(`${betTitle}, settled among friends.`);
  for (let i = 0; i < options.length; i += 1) {
    if (i >= 2) await dialog.getByRole('button', { name: 'Add option' }).tap();
    await dialog.getByLabel(`Option ${i + 1}`, { exact: true }).fill(options[i]!);
  }
  await dialog.getByRole('button', { name: 'Create Bet' }).tap();
  await expectToast(page, 'Bet created!', 'Your bet has been created and is now live.');
  await expect(dialog).toHaveCount(0);
  // The creator lands on the new bet, Share at hand; the journey goes on from the dashboard.
  await expect(page.getByRole('heading', { name: betTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Share this bet' })).toBeVisible();
  await tapTab(page, 'Dashboard', 'Dashboard');
}

async function sendFriendRequest(from: Page, toName: string) {
  await tapTab(from, 'Friends', 'Friends');
  await from.getByLabel('Search users').fill(toName);
  await from.getByRole('button', { name: 'Search', exact: true }).tap();
  await from.getByRole('button', { name: `Add ${toName} as a friend` }).tap();
  await expectToast(from, 'Friend Request Sent');
}

async function acceptFriendRequest(page: Page, fromName: string) {
  await tapTab(page, 'Friends', 'Friends');
  await page.getByRole('button', { name: `Accept ${fromName}` }).tap();
  await expectToast(page, 'Friend Request Accepted');
}

/** Visible controls smaller than a fingertip (44 px), outside the toasts. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'button',
      'a[href]',
      'select',
      'textarea',
      '[role=tab]',
      'input:not([type=checkbox]):not([type=radio]):not([type=hidden])',
      'label:has(> input[type=checkbox])',
      'label:has(> input[type=radio])',
    ].join(', ');
    const found: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (element.closest('[data-sonner-toaster]')) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only and hidden elements are not touched.
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
        found.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  });
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

interface Visit {
  name: string;
  go: (page: Page) => Promise<void>;
}

/** Every view of the shell, reached the way a user reaches it. */
function everyView(friendName: string, betTitle: string): Visit[] {
  return [
    { name: 'dashboard', go: (p) => tapTab(p, 'Dashboard', 'Dashboard') },
    { name: 'bets', go: (p) => tapTab(p, 'Bets', 'Active Bets') },
    { name: 'friends', go: (p) => tapTab(p, 'Friends', 'Friends') },
    { name: 'leaderboard', go: (p) => tapTab(p, 'Leaderboard', 'Leaderboard') },
    { name: 'profile', go: (p) => tapTab(p, 'Profile', 'Profile') },
    { name: 'my-bets', go: (p) => openMenuItem(p, 'My Bets', 'My Bets') },
    { name: 'activity', go: (p) => openMenuItem(p, 'Activity', 'Activity') },
    { name: 'messages', go: (p) => openMenuItem(p, 'Messages', 'Messages') },
    { name: 'events', go: (p) => openMenuItem(p, 'Events', 'Events') },
    { name: 'statistics', go: (p) => openMenuItem(p, 'Statistics', 'Statistics') },
    { name: 'insights', go: (p) => openMenuItem(p, 'Insights', 'Insights') },
    { name: 'settings', go: (p) => openMenuItem(p, 'Settings', 'Settings') },
    { name: 'profile-edit', go: (p) => openSetting(p, 'Edit Profile', 'Edit Profile') },
    { name: 'password-change', go: (p) => openSetting(p, 'Change Password', 'Change Password') },
    { name: 'notifications', go: (p) => openSetting(p, 'Notifications', 'Notifications') },
    { name: 'privacy', go: (p) => openSetting(p, 'Privacy', 'Privacy') },
    {
      name: 'profile-view',
      go: async (p) => {
        await tapTab(p, 'Friends', 'Friends');
        await p.getByRole('button', { name: `View Profile of ${friendName}` }).tap();
        await expect(title(p)).toHaveText('Friend Profile');
        await expect(p.getByRole('heading', { name: friendName })).toBeVisible();
      },
    },
    {
      name: 'conversation',
      go: async (p) => {
        await openMenuItem(p, 'Messages', 'Messages');
        await p.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(friendName) }).tap();
        await expect(title(p)).toHaveText('Conversation');
        await expect(p.getByTestId('message-list')).toBeVisible();
      },
    },
    {
      name: 'bet',
      go: async (p) => {
        await tapTab(p, 'Bets', 'Active Bets');
        await p.getByRole('button', { name: betTitle }).first().tap();
        await expect(title(p)).toHaveText('Bet');
        await expect(p.getByRole('heading', { name: 'Participants' })).toBeVisible();
      },
    },
  ];
}

const ADMIN_VIEWS: Visit[] = [
  { name: 'admin-panel', go: (p) => openMenuItem(p, 'Admin Panel', 'Admin Panel') },
  { name: 'user-management', go: (p) => openMenuItem(p, 'User Management', 'User Management') },
  { name: 'reports', go: (p) => openMenuItem(p, 'Reports', 'Reports') },
];

/** A user with a friend, a pending request, bets open and settled, and a conversation. */
async function busyUser(browser: Browser, id: string) {
  const [ginaName, hankName, ivyName] = [`Gina_${id}`, `Hank_${id}`, `Ivy_${id}`];
  const gina = await phoneUser(browser, ginaName);
  const hank = await phoneUser(browser, hankName);
  const ivy = await phoneUser(browser, ivyName);
  const [ginaId, hankId] = [await userId(gina), await userId(hank)];
  await api(hank, 'POST', '/api/friends', { addresseeId: ginaId });
  await api(gina, 'POST', `/api/friends/${hankId}/accept`);
  await api(ivy, 'POST', '/api/friends', { addresseeId: ginaId });
  const open = await api<{ id: number }>(hank, 'POST', '/api/bets', {
    title: `Derby ${id}`,
    description: 'Saturday, three o’clock kick-off.',
    category: 'Sports',
    options: ['Home', 'Away', 'A draw after extra time and penalties'],
    expirationType: 'indefinite',
  });
  await api(gina, 'POST', `/api/bets/${open.id}/participate`, { option: 0, amount: '20' });
  const settled = await api<{ id: number }>(hank, 'POST', '/api/bets', {
    title: `Rain ${id}`,
    description: 'Will it rain on Sunday?',
    category: 'General',
    options: ['Rain', 'Sun'],
    expirationType: 'indefinite',
  });
  await api(gina, 'POST', `/api/bets/${settled.id}/participate`, { option: 0, amount: '10' });
  await api(hank, 'POST', `/api/bets/${settled.id}/resolve`, { winningOption: 0 });
  await api(gina, 'POST', '/api/bets', {
    title: `Pizza ${id}`,
    description: 'Who eats the last slice?',
    options: ['Me', 'You'],
    expirationType: 'time',
    expirationValue: '24',
  });
  const chat = await api<{ id: number }>(gina, 'POST', '/api/conversations', { userId: hankId });
  await api(gina, 'POST', `/api/conversations/${chat.id}/messages`, { text: 'Ready to lose?' });
  await api(hank, 'POST', `/api/conversations/${chat.id}/messages`, { text: 'Not this time.' });
  await gina.reload();
  await expect(title(gina)).toHaveText('Dashboard');
  return { gina, hank, hankName, derby: `Derby ${id}` };
}

test('sign in, create a bet, a friend stakes from the card, the creator edits and resolves, both see the outcome', async ({ browser }) => {
  test.setTimeout(150_000);
  const id = uniqueSuffix();
  const [aliceName, bobName] = [`Alice_${id}`, `Bob_${id}`];
  // newUser signs up through the provider's real login page, on a phone.
  const alice = await phoneUser(browser, aliceName);
  const bob = await phoneUser(browser, bobName);
  // A brand-new player is welcomed, not welcomed back.
  await expect(alice.getByRole('heading', { name: `Welcome, ${aliceName}!` })).toBeVisible();
  await expect(alice.getByTestId('tile-balance')).toHaveText('$1,000.00');
  await expect(alice.getByTestId('tile-win-rate')).toHaveText('0%');
  await expect(alice.getByText('No active bets yet')).toBeVisible();
  await expect(alice.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  // Alice asks, Bob accepts on his Friends tab (the request arrives live).
  await sendFriendRequest(alice, bobName);
  await tapTab(bob, 'Friends', 'Friends');
  await expect(tabs(bob).getByRole('button', { name: /^Friends\s*,\s*1 pending friend request$/ })).toBeVisible();
  await acceptFriendRequest(bob, aliceName);
  await expect(bob.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();

  // Alice creates a bet from the dashboard; it is among her three recent bets at once.
  const betTitle = `Derby ${id}`;
  await createBet(alice, `Derby typo ${id}`, ['Home', 'Away']);
  await expect(alice.getByRole('button', { name: new RegExp(`Derby typo ${id}`) })).toBeVisible();

  // Nobody has staked yet: Alice rewords it in My Bets with the real editor.
  await openMenuItem(alice, 'My Bets', 'My Bets');
  const aliceBet = alice.getByTestId('my-bet').filter({ hasText: `Derby typo ${id}` });
  await aliceBet.getByRole('button', { name: /^Edit/ }).tap();
  const editor = alice.getByRole('dialog', { name: 'Edit bet' });
  await editor.getByLabel('Title').fill('');
  await editor.getByRole('button', { name: 'Save' }).tap();
  await expect(editor.getByText('Title is required')).toBeVisible();
  await editor.getByLabel('Title').fill(betTitle);
  await editor.getByRole('button', { name: 'Save' }).tap();
  await expectToast(alice, 'Bet updated successfully');
  const myBet = alice.getByTestId('my-bet').filter({ hasText: betTitle });
  await expect(myBet).toContainText('0 participants · Total $0.00');

  // Bob stakes from the card on his Bets tab.
  await tapTab(bob, 'Bets', 'Active Bets');
  const card = bob.getByTestId('bet-card').filter({ hasText: betTitle });
  await expect(card.getByTestId('odds-0')).toHaveText('1.0:1');
  await card.getByRole('button', { name: `Place a bet on ${betTitle}` }).tap();
  await card.getByLabel('Home', { exact: true }).check();
  await card.getByLabel('Amount ($)').fill('30');
  await expect(card.getByTestId('potential-win')).toHaveText('Returns $30.00 — $0.00 profit if Home wins.');
  await card.getByRole('button', { name: 'Place Bet' }).tap();
  await expectToast(bob, 'Bet placed!', '$30.00 on Home');
  await expect(card).toContainText('Your stake: $30.00 on Home');
  await expect(card.getByTestId('share-0')).toHaveText('100%');
  await expect(card.getByTestId('odds-1')).toHaveText('∞');
  await expect(card.getByTestId('total-pool')).toHaveText('Pool $30.00');
  await expect(card.getByTestId('participants')).toHaveText('1 participant');
  await screenshot(bob, 'mobile-journey-staked');

  // Alice's list follows live; with a stake in, the words are fixed.
  await expect(myBet).toContainText('1 participant · Total $30.00');
  await expect(myBet.getByRole('button', { name: /^Edit/ })).toBeDisabled();
  await expect(myBet.getByText('Bets with stakes can no longer be edited.')).toBeVisible();

  // Alice resolves with a real choice of winner.
  await myBet.getByRole('button', { name: /^Resolve/ }).tap();
  const resolver = alice.getByRole('dialog', { name: 'Resolve bet' });
  await expect(resolver.getByRole('button', { name: 'Resolve Bet' })).toBeDisabled();
  await resolver.getByLabel('Home').check();
  await resolver.getByRole('button', { name: 'Resolve Bet' }).tap();
  const confirmation = alice.getByRole('alertdialog', { name: 'Home won?' });
  await expect(confirmation.getByRole('list', { name: 'Winners' })).toContainText('gets $30.00 — $0.00 profit');
  await confirmation.getByRole('button', { name: 'Pay out' }).tap();
  await expectToast(alice, 'Bet resolved!', 'Home declared winner');
  await expect(resolver.getByText('Resolved: Home won.')).toBeVisible();
  await resolver.getByRole('button', { name: 'Done' }).tap();
  await expect(myBet.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(myBet.getByRole('button', { name: /^Resolve/ })).toHaveCount(0);

  // Bob sees the outcome in his My Bets.
  await openMenuItem(bob, 'My Bets', 'My Bets');
  const joined = bob.getByTestId('joined-bet').filter({ hasText: betTitle });
  await expect(joined.getByText('WON', { exact: true })).toBeVisible();
  await expect(joined.getByText('You won $30.00 — $0.00 profit')).toBeVisible();
  await tapTab(bob, 'Dashboard', 'Dashboard');
  await expect(bob.getByTestId('tile-total-bets')).toHaveText('1');
  await expect(bob.getByTestId('tile-wins')).toHaveText('1');
  await expect(bob.getByTestId('tile-win-rate')).toHaveText('100%');
});

test('friend requests, a friend profile with Back to friends, chat, profile and password changes', async ({ browser }) => {
  test.setTimeout(150_000);
  const id = uniqueSuffix();
  const [carolName, daveName, erinName] = [`Carol_${id}`, `Dave_${id}`, `Erin_${id}`];
  const carol = await phoneUser(browser, carolName);
  const dave = await phoneUser(browser, daveName);
  const erin = await phoneUser(browser, erinName);
  await sendFriendRequest(dave, carolName);
  await sendFriendRequest(erin, carolName);

  await tapTab(carol, 'Dashboard', 'Dashboard');
  await carol.getByRole('button', { name: 'You have 2 pending friend requests' }).tap();
  await expect(title(carol)).toHaveText('Friends');
  await expect(carol.getByRole('heading', { name: 'Friend Requests (2)' })).toBeVisible();
  await carol.getByRole('button', { name: `Decline ${erinName}` }).tap();
  await expectToast(carol, 'Friend Request Rejected');
  await acceptFriendRequest(carol, daveName);
  const friend = carol.getByRole('listitem').filter({ hasText: daveName });
  await expect(friend).toContainText('0 wins · $1,000.00');
  await expect(friend).toContainText(/Online|Offline/);

  // profile-view, and back.
  await friend.getByRole('button', { name: `View Profile of ${daveName}` }).tap();
  await expect(title(carol)).toHaveText('Friend Profile');
  await expect(carol.getByRole('heading', { name: daveName })).toBeVisible();
  await expect(carol.getByText('No bets yet.')).toBeVisible();
  await carol.getByRole('button', { name: 'Back to friends' }).tap();
  await expect(title(carol)).toHaveText('Friends');
  await expect(carol.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();

  // Chat: Dave starts from the empty state, Carol answers from her list, both live.
  await openMenuItem(dave, 'Messages', 'Messages');
  await expect(dave.getByText('No conversations yet')).toBeVisible();
  await dave.getByRole('button', { name: 'Start New Chat' }).tap();
  await dave.getByRole('dialog', { name: 'Start New Chat' }).getByRole('button', { name: `Chat with ${carolName}` }).tap();
  await expect(title(dave)).toHaveText('Conversation');
  await dave.getByLabel('Message', { exact: true }).fill('Fancy a bet on the derby?');
  await dave.getByRole('button', { name: 'Send' }).tap();
  await expect(dave.getByTestId('message-list')).toContainText('Fancy a bet on the derby?');

  await openMenuItem(carol, 'Messages', 'Messages');
  const row = carol.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(daveName) });
  await expect(row).toContainText('Fancy a bet on the derby?');
  await expect(row).toContainText('1 unread');
  await row.tap();
  await expect(carol.getByTestId('message-list')).toContainText('Fancy a bet on the derby?');
  await carol.getByLabel('Message', { exact: true }).fill('Always.');
  await carol.getByRole('button', { name: 'Send' }).tap();
  await expect(dave.getByTestId('message-list')).toContainText('Always.');
  await carol.getByRole('button', { name: 'Back to messages' }).tap();
  await expect(title(carol)).toHaveText('Messages');

  // profile-edit from Settings; the Profile tab shows it.
  await openSetting(carol, 'Edit Profile', 'Edit Profile');
  await carol.getByLabel('Bio').fill('Never bets against the home team.');
  await carol.getByLabel('Location').fill('Leeds');
  await carol.getByRole('button', { name: 'Save Changes' }).tap();
  await expectToast(carol, 'Profile Updated');
  await expect(title(carol)).toHaveText('Settings');
  await tapTab(carol, 'Profile', 'Profile');
  await expect(carol.getByTestId('profile-bio')).toHaveText('Never bets against the home team.');
  await expect(carol.getByTestId('profile-location')).toHaveText('Leeds');
  await expect(carol.getByText('Social Butterfly')).toBeVisible();

  // password-change: a Betbro account changes its password here.
  await openSetting(carol, 'Change Password', 'Change Password');
  await carol.getByLabel('Current password').fill('not-my-password');
  await carol.getByLabel('New password', { exact: true }).fill('brand-new-password');
  await carol.getByLabel('Repeat new password').fill('brand-new-password');
  await carol.getByRole('button', { name: 'Change Password' }).tap();
  await expectToast(carol, 'Update Failed', 'Current password is incorrect');
  await expect(carol.getByText('Current password is incorrect')).toBeVisible();
  await carol.getByLabel('Current password').fill('journey-password-1');
  await carol.getByRole('button', { name: 'Change Password' }).tap();
  await expectToast(carol, 'Password changed');

  // privacy: the two toggles are saved.
  await openSetting(carol, 'Privacy', 'Privacy');
  const leaderboardSwitch = carol.getByRole('switch', { name: /Appear on the global leaderboard/ });
  await expect(leaderboardSwitch).toBeChecked();
  await leaderboardSwitch.uncheck();
  await expectToast(carol, 'Settings saved');
  await carol.reload();
  await expect(title(carol)).toHaveText('Privacy');
  await expect(carol.getByRole('switch', { name: /Appear on the global leaderboard/ })).not.toBeChecked();

  // The new password signs in; Sign Out from the menu ends the session.
  await carol.getByRole('button', { name: 'Open menu' }).tap();
  await menu(carol).getByRole('button', { name: 'Sign Out' }).tap();
  await expect(carol.getByRole('button', { name: 'Sign in to get started' })).toBeVisible({ timeout: 15_000 });
});

test('every tab and menu item: Back returns to the previous view, each view is accessible and finger-sized', async ({ browser }) => {
  test.setTimeout(240_000);
  const id = uniqueSuffix();
  const { gina, hankName, derby } = await busyUser(browser, id);

  // Views switch without a URL change; Back and Forward walk the views; a reload stays put.
  const path = new URL(gina.url()).pathname;
  await tapTab(gina, 'Friends', 'Friends');
  await tapTab(gina, 'Leaderboard', 'Leaderboard');
  await openMenuItem(gina, 'Statistics', 'Statistics');
  expect(new URL(gina.url()).pathname).toBe(path);
  await gina.goBack();
  await expect(title(gina)).toHaveText('Leaderboard');
  await gina.goBack();
  await expect(title(gina)).toHaveText('Friends');
  await gina.goBack();
  await expect(title(gina)).toHaveText('Dashboard');
  await gina.goForward();
  await expect(title(gina)).toHaveText('Friends');
  await gina.reload();
  await expect(title(gina)).toHaveText('Friends');
  expect(new URL(gina.url()).pathname).toBe(path);

  // The menu is a modal dialog: focus stays inside, Escape closes it; no admin items for users.
  await gina.getByRole('button', { name: 'Open menu' }).tap();
  await expect(menu(gina)).toBeVisible();
  for (const item of ['Dashboard', 'Active Bets', 'Friends', 'Leaderboard', 'Profile', 'My Bets', 'Activity', 'Messages', 'Events', 'Statistics', 'Insights', 'Settings', 'Sign Out']) {
    await expect(menu(gina).getByRole('button', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu(gina).getByRole('button', { name: 'Admin Panel' })).toHaveCount(0);
  for (let i = 0; i < 20; i += 1) await gina.keyboard.press('Tab');
  expect(await gina.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
  await expectAccessible(gina, 'mobile menu');
  await screenshot(gina, 'mobile-menu');
  await gina.keyboard.press('Escape');
  await expect(menu(gina)).toHaveCount(0);

  // Leaderboard: ranks 1 to 3 stand out.
  await tapTab(gina, 'Leaderboard', 'Leaderboard');
  await expect(gina.getByTestId('rank-1')).toBeVisible();
  const background = (rank: number) => gina.getByTestId(`rank-${rank}`).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await background(1)).not.toBe('rgb(255, 255, 255)');

  // The create-bet dialog on a phone.
  await tapTab(gina, 'Dashboard', 'Dashboard');
  await gina.getByRole('button', { name: 'Create New Bet' }).tap();
  await expect(gina.getByRole('dialog', { name: 'Create New Bet' })).toBeVisible();
  await expectAccessible(gina, 'create bet dialog');
  expect(await smallTargets(gina), 'touch targets of the create bet dialog').toEqual([]);
  await screenshot(gina, 'mobile-create-bet');
  await gina.keyboard.press('Escape');

  for (const visit of everyView(hankName, derby)) {
    await visit.go(gina);
    await dismissToasts(gina);
    await expectAccessible(gina, `mobile ${visit.name}`);
    expect(await smallTargets(gina), `touch targets of ${visit.name}`).toEqual([]);
    await screenshot(gina, `mobile-${visit.name}`);
  }

  // The user's theme applies in the shell too, and stays readable.
  await openMenuItem(gina, 'Settings', 'Settings');
  await gina.getByText('Dark', { exact: true }).tap();
  await expectToast(gina, 'Theme updated');
  await expect(gina.locator('html')).toHaveClass(/dark/);
  await expectAccessible(gina, 'mobile settings (dark)');
  await screenshot(gina, 'mobile-settings-dark');
  await tapTab(gina, 'Bets', 'Active Bets');
  await expectAccessible(gina, 'mobile bets (dark)');
  await screenshot(gina, 'mobile-bets-dark');

  // docs/product.md §13.9, narrow: a refused read (4xx) is not retried. A desktop address opens
  // its view.
  const betReads: string[] = [];
  gina.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/bets/999999') betReads.push(request.url());
  });
  await gina.goto('/bets/999999');
  await expect(title(gina)).toHaveText('Bet');
  await expect(gina.getByText('Bet not found')).toBeVisible();
  await gina.waitForTimeout(2_000); // longer than a retry would wait
  expect(betReads).toHaveLength(1);
  await gina.getByRole('button', { name: 'Back' }).tap();
  await expect(title(gina)).toHaveText('Active Bets');

  // Admins get the admin views as working mobile screens.
  const admin = await adminPage(browser, PHONE);
  for (const visit of ADMIN_VIEWS) {
    await visit.go(admin);
    await expectAccessible(admin, `mobile ${visit.name}`);
    expect(await smallTargets(admin), `touch targets of ${visit.name}`).toEqual([]);
    await screenshot(admin, `mobile-${visit.name}`);
  }
  await expect(admin.getByText('Total Volume')).toBeVisible();
  await openMenuItem(admin, 'Admin Panel', 'Admin Panel');
  const adminBet = admin.getByTestId('admin-bet').filter({ hasText: derby });
  await adminBet.getByRole('button', { name: `Resolve ${derby}` }).tap();
  const resolve = admin.getByRole('dialog', { name: 'Resolve bet' });
  await resolve.getByRole('radio', { name: 'Away' }).check();
  await resolve.getByRole('button', { name: 'Resolve', exact: true }).tap();
  await admin.getByRole('alertdialog', { name: 'Away won?' }).getByRole('button', { name: /^(Pay out|Refund everyone)$/ }).tap();
  await expectToast(admin, 'Bet resolved successfully');
  await expect(adminBet.getByText('Resolved', { exact: true })).toBeVisible();
});

test('no view scrolls sideways at 360 px; admins manage users on a phone', async ({ browser }) => {
  test.setTimeout(240_000);
  const id = uniqueSuffix();
  const { gina, hankName, derby } = await busyUser(browser, id);
  await gina.setViewportSize({ width: 360, height: 780 });
  const wide: string[] = [];
  for (const visit of everyView(hankName, derby)) {
    await visit.go(gina);
    if (await scrollsSideways(gina)) wide.push(visit.name);
  }
  await gina.getByRole('button', { name: 'Open menu' }).tap();
  if (await scrollsSideways(gina)) wide.push('menu');
  await gina.keyboard.press('Escape');

  const admin = await adminPage(browser, PHONE);
  await admin.setViewportSize({ width: 360, height: 780 });
  for (const visit of ADMIN_VIEWS) {
    await visit.go(admin);
    if (await scrollsSideways(admin)) wide.push(visit.name);
  }
  expect(wide, 'views wider than 360 px').toEqual([]);

  // Add User, find them, delete them.
  const newName = `Jo_${id}`;
  await openMenuItem(admin, 'User Management', 'User Management');
  await admin.getByRole('button', { name: 'Add User' }).tap();
  const add = admin.getByRole('dialog', { name: 'Add User' });
  await add.getByLabel('Username').fill(newName);
  await add.getByLabel('Email').fill(`${newName.toLowerCase()}@betbro.test`);
  await add.getByLabel('Password').fill('short');
  await add.getByRole('button', { name: 'Create User' }).tap();
  await expect(add.getByText('Password must be at least 8 characters')).toBeVisible();
  await add.getByLabel('Password').fill('long-enough-password');
  await add.getByRole('button', { name: 'Create User' }).tap();
  await expectToast(admin, 'User created successfully');
  await admin.getByLabel('Search users by username or email').fill(newName);
  await admin.getByRole('button', { name: 'Search', exact: true }).tap();
  const card = admin.getByTestId('admin-user').filter({ hasText: newName });
  await expect(card).toContainText('$1,000.00');
  await card.getByRole('button', { name: `View ${newName}` }).tap();
  const detail = admin.getByRole('dialog', { name: newName });
  await expect(detail.getByText('Signed-in sessions')).toBeVisible();
  await expectAccessible(admin, 'mobile user detail');
  await admin.keyboard.press('Escape');
  await card.getByRole('button', { name: `Delete ${newName}` }).tap();
  await admin.getByRole('alertdialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).tap();
  await expectToast(admin, 'User deleted successfully');
  await expect(card.getByText('Deleted', { exact: true })).toBeVisible();
});

/** The control is on screen: below the header, and above the tab bar when the bar shows. */
async function expectInSight(page: Page, control: Locator, moment: string) {
  const box = await control.boundingBox();
  const header = await title(page).locator('xpath=ancestor::header').boundingBox();
  // By CSS, not by role: a hidden bar has no role to find, and no box.
  const bar = await page.locator('nav[aria-label="Tabs"]').boundingBox();
  const bottom = bar?.y ?? page.viewportSize()!.height;
  expect(box, moment).not.toBeNull();
  expect(header, moment).not.toBeNull();
  expect(box!.y, `${moment}: top of the field against the header`).toBeGreaterThanOrEqual(header!.y + header!.height);
  expect(box!.y + box!.height, `${moment}: bottom of the field against ${bar ? 'the tab bar' : 'the keyboard'}`).toBeLessThanOrEqual(bottom);
}

test('typing on a phone: the field stays in sight, clear of the tab bar and above the keyboard', async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const [kimName, louName] = [`Kim_${id}`, `Lou_${id}`];
  // A small phone, where the chat's composer starts out under the tab bar.
  const kim = await newUser(browser, kimName, undefined, { ...PHONE, viewport: { width: 375, height: 667 } });
  const lou = await phoneUser(browser, louName);
  await api(lou, 'POST', '/api/friends', { addresseeId: await userId(kim) });
  await api(kim, 'POST', `/api/friends/${await userId(lou)}/accept`);
  const chat = await api<{ id: number }>(lou, 'POST', '/api/conversations', { userId: await userId(kim) });
  await api(lou, 'POST', `/api/conversations/${chat.id}/messages`, { text: 'Coming to the match?' });
  await kim.reload();
  await openMenuItem(kim, 'Messages', 'Messages');
  await kim.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(louName) }).tap();
  const field = kim.getByLabel('Message', { exact: true });
  await expect(kim.getByTestId('message-list')).toContainText('Coming to the match?');

  // Focus scrolls the field out from under the tab bar.
  await field.focus();
  await expectInSight(kim, field, 'focused');

  // The keyboard comes up and the page shrinks to what is left above it: the tab bar makes way.
  await kim.setViewportSize({ width: 375, height: 400 });
  await expect(tabs(kim)).toBeHidden();
  await expectInSight(kim, field, 'keyboard up');

  // Sending from the keyboard keeps the field where it was, ready for the next message.
  await field.fill('On my way');
  await kim.keyboard.press('Enter');
  await expect(kim.getByTestId('message-list')).toContainText('On my way');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await expectInSight(kim, field, 'message sent');

  // The keyboard goes away: the tab bar is back.
  await kim.setViewportSize({ width: 375, height: 667 });
  await expect(tabs(kim)).toBeVisible();
  await expectInSight(kim, field, 'keyboard down');
});
