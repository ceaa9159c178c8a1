import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, expectAccessible, newUser, openMenuItem, screenshot, title, uniqueSuffix, type Screen } from './helpers.ts';

// A crew (docs/product.md §6.7): its owner creates it from the Crews screen, invites two friends
// by link (one signed in, one a newcomer who signs up through the link), they bet and resolve
// inside it from their crew balances, read the standings, chat, and the owner ends the season:
// the archive keeps its final standings and every balance starts again. Run at 1280 and 390 px.

/** Asserts a toast, then closes every toast, so none covers what the next step taps. */
async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
  const close = page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"]) [data-close-button]');
  for (let tries = 0; tries < 20 && (await close.count()) > 0; tries += 1) {
    await close.first().click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/** The crew's page is showing. */
async function expectOnCrew(page: Page, screen: Screen, crewId: number, crewName: string) {
  if (screen === PHONE) await expect(title(page)).toHaveText('Crew');
  else await expect(page).toHaveURL(new RegExp(`/crews/${crewId}(/[a-z]+)?$`));
  await expect(page.getByRole('heading', { name: crewName })).toBeVisible();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

/** A season's standings: a table on the desktop, a ranked list on a phone; one entry per member. */
function standings(page: Page, screen: Screen, caption: string): Locator {
  return screen === PHONE ? page.getByRole('list', { name: caption }).getByRole('listitem') : page.getByRole('table', { name: caption }).locator('tbody tr');
}

async function expectStandings(page: Page, screen: Screen, caption: string, rows: [string, string][]) {
  const entries = standings(page, screen, caption);
  await expect(entries).toHaveCount(rows.length);
  for (const [i, [name, balance]] of rows.entries()) {
    await expect(entries.nth(i)).toContainText(name);
    await expect(entries.nth(i)).toContainText(balance);
  }
}

for (const [label, screen] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`a crew: created, two friends invited by link, a bet made and resolved inside it, standings, a season ended and archived, at ${label}`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const id = uniqueSuffix();
    const width = screen.viewport.width;
    const names = { owner: `Captain_${id}`, friend: `Deckhand_${id}`, newcomer: `Stowaway_${id}` };
    const [owner, friend] = await Promise.all([newUser(browser, names.owner, undefined, screen), newUser(browser, names.friend, undefined, screen)]);
    const crewName = `Poker night ${id}`;

    // The owner finds Crews in the navigation and creates one.
    if (screen === PHONE) {
      await openMenuItem(owner, 'Crews', 'Crews');
    } else {
      const navigation = owner.getByRole('navigation', { name: 'Main navigation' });
      const link = navigation.getByRole('link', { name: 'Crews' });
      if (!(await link.isVisible())) await navigation.getByRole('button', { name: 'Social' }).click();
      await link.click();
      await expect(owner).toHaveURL(/\/crews$/);
    }
    await expect(owner.getByText('You are not in a crew yet')).toBeVisible();
    await owner.getByLabel('Crew name').fill(crewName);
    await owner.getByLabel('Starting balance ($)').fill('500');
    await owner.getByLabel('Season length (days)').fill('7');
    const created = owner.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/crews');
    await owner.getByRole('button', { name: 'Create crew' }).click();
    const crewId = ((await (await created).json()) as { id: number }).id;
    await expectToast(owner, `${crewName} is ready`);
    await expectOnCrew(owner, screen, crewId, crewName);
    await expect(owner.getByTestId('crew-season')).toContainText('Season 1 · ends');

    // An invite link, from the members' tab.
    await tab(owner, 'Members');
    await owner.getByRole('button', { name: 'Invite link' }).click();
    const link = await owner.getByLabel('Crew invite link').inputValue();
    expect(link).toMatch(new RegExp(`/crews/join/[A-Za-z0-9_-]{43}$`));

    // A friend who plays already opens it and joins with one click.
    await friend.goto(link);
    await expect(friend.getByRole('heading', { name: `Join ${crewName}` })).toBeVisible();
    await expect(friend.getByText(`${names.owner} invited you · 1 member`)).toBeVisible();
    await friend.getByRole('button', { name: 'Join crew' }).click();
    await expectToast(friend, `You joined ${crewName}`);
    await expectOnCrew(friend, screen, crewId, crewName);

    // A newcomer opens it signed out, signs up, and comes back into the crew.
    const context = await browser.newContext(screen);
    const newcomer = await context.newPage();
    await newcomer.goto(link);
    await expect(newcomer.getByRole('heading', { name: `Join ${crewName}` })).toBeVisible();
    await newcomer.getByRole('button', { name: 'Sign in or sign up to join' }).click();
    await expect(newcomer.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
    await newcomer.locator('input[name="email"]').fill(`${names.newcomer.toLowerCase()}@betbro.test`);
    await newcomer.locator('input[name="password"]').fill('journey-password-1');
    await newcomer.getByRole('button', { name: 'Continue' }).click();
    await expect(newcomer.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
    await newcomer.getByLabel('Username').fill(names.newcomer);
    const reloaded = newcomer.waitForEvent('load', { timeout: 15_000 });
    await newcomer.getByRole('button', { name: 'Complete Setup' }).click();
    await reloaded;
    await expectOnCrew(newcomer, screen, crewId, crewName);

    // The owner's members list shows all three at the starting balance.
    await owner.reload();
    await tab(owner, 'Members');
    for (const name of Object.values(names)) await expect(owner.getByText(name, { exact: false }).first()).toBeVisible();

    // The owner makes a crew bet from the crew's page.
    await tab(owner, 'Bets');
    await owner.getByRole('button', { name: 'New crew bet' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create New Bet' });
    await expect(dialog.getByLabel('Who can see it')).toHaveValue(String(crewId));
    const betTitle = `River card ${id}`;
    await dialog.getByLabel('Title').fill(betTitle);
    await dialog.getByLabel('Description').fill('Is the river card a heart?');
    await dialog.getByLabel('Option 1', { exact: true }).fill('Heart');
    await dialog.getByLabel('Option 2', { exact: true }).fill('Not a heart');
    const made = owner.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bets');
    await dialog.getByRole('button', { name: 'Create Bet' }).click();
    const bet = (await (await made).json()) as { id: number; crewId: number };
    expect(bet.crewId).toBe(crewId);
    await expectToast(owner, 'Bet created!');
    await expect(owner.getByText(betTitle, { exact: true })).toBeVisible();

    // The friend stakes from the crew balance: their own balance does not move.
    await friend.goto(`/bets/${bet.id}`);
    await expect(friend.getByRole('heading', { name: betTitle })).toBeVisible();
    await expect(friend.getByText('Crew balance: $500.00')).toBeVisible();
    await friend.getByLabel('Heart', { exact: true }).check();
    await friend.getByLabel('Amount ($)').fill('100');
    await friend.getByRole('button', { name: 'Place Bet' }).click();
    await expectToast(friend, 'Bet placed!');
    await expect(friend.getByTestId('current-balance')).toHaveText('$1,000.00');
    await api(newcomer, 'POST', `/api/bets/${bet.id}/participate`, { option: 1, amount: '50' });
    await screenshot(friend, `crew-bet-${width}`);

    // The standings count the money in play: staking drops nobody below the owner, who has not
    // bet and is not ranked yet. The tab has its own address, which a reload keeps.
    await owner.goto(`/crews/${crewId}/standings`);
    await expectOnCrew(owner, screen, crewId, crewName);
    await expect(owner.getByRole('tab', { name: 'Standings', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(owner.getByTestId('crew-header-balance')).toHaveText(`${crewName}: $500.00`);
    const inPlay = standings(owner, screen, 'Season 1 standings');
    await expect(inPlay).toHaveCount(3);
    await expect(inPlay.nth(0)).toContainText(names.friend);
    await expect(inPlay.nth(0)).toContainText('$400.00');
    await expect(inPlay.nth(0)).toContainText('$100.00');
    await expect(inPlay.nth(1)).toContainText(names.newcomer);
    await expect(inPlay.nth(2)).toContainText(names.owner);
    await expect(inPlay.nth(2)).toContainText('–');
    await expectAccessible(owner, `crew standings with money in play at ${width} px`);
    await owner.reload();
    await expect(owner.getByRole('tab', { name: 'Standings', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(standings(owner, screen, 'Season 1 standings').nth(0)).toContainText(names.friend);
    await tab(owner, 'Chat');
    if (screen === DESKTOP) await expect(owner).toHaveURL(new RegExp(`/crews/${crewId}/chat$`));
    await owner.reload();
    await expect(owner.getByRole('tab', { name: 'Chat', exact: true })).toHaveAttribute('aria-selected', 'true');

    // The owner resolves it: the heart came.
    await owner.goto(`/bets/${bet.id}`);
    await expect(owner.getByRole('heading', { name: betTitle })).toBeVisible();
    await owner.getByLabel('Heart', { exact: true }).check();
    await owner.getByRole('button', { name: 'Resolve Bet' }).click();
    // It asks first, naming who gets what.
    const payout = owner.getByRole('alertdialog', { name: 'Heart won?' });
    await expect(payout.getByRole('list', { name: 'Winners' })).toContainText(`${names.friend} gets $150.00 — $50.00 profit`);
    await expect(payout.getByRole('list', { name: 'Losers' })).toContainText(`${names.newcomer} loses $50.00`);
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await expectToast(owner, 'Bet resolved!');
    await expect(owner.getByText('Resolved: Heart won.')).toBeVisible();

    // The standings, on the crew's page: the friend won $50 of the newcomer's.
    await owner.goto(`/crews/${crewId}`);
    await expectOnCrew(owner, screen, crewId, crewName);
    await tab(owner, 'Standings');
    await expectStandings(owner, screen, 'Season 1 standings', [
      [names.friend, '$550.00'],
      [names.newcomer, '$450.00'],
      [names.owner, '$500.00'],
    ]);
    await screenshot(owner, `crew-standings-${width}`);

    // A word in the crew's chat reaches the others live.
    await friend.goto(`/crews/${crewId}`);
    await tab(friend, 'Chat');
    await tab(owner, 'Chat');
    await friend.getByLabel('Message').fill('Good game, same time next week?');
    await friend.getByRole('button', { name: 'Send' }).click();
    await expect(owner.getByRole('region', { name: 'Crew chat' }).getByText('Good game, same time next week?')).toBeVisible();

    // The owner ends the season: it goes to the archive with its winner, and everyone starts again.
    await owner.getByRole('button', { name: 'End season' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'End season 1 now?' });
    await confirm.getByRole('button', { name: 'End season' }).click();
    await expectToast(owner, 'Season 1 ended');
    await expect(owner.getByTestId('crew-season')).toContainText('Season 2 · ends');
    await tab(owner, 'Standings');
    // All tied at the starting balance, in no order of merit.
    const fresh = standings(owner, screen, 'Season 2 standings');
    await expect(fresh).toHaveCount(3);
    for (const name of Object.values(names)) await expect(fresh.filter({ hasText: name })).toContainText('$500.00');
    const past = owner.getByText(new RegExp(`^Season 1 · .* · Winner: ${names.friend}$`));
    await expect(past).toBeVisible();
    await past.click();
    await expectStandings(owner, screen, 'Season 1 final standings', [
      [names.friend, '$550.00'],
      [names.newcomer, '$450.00'],
      [names.owner, '$500.00'],
    ]);
    await screenshot(owner, `crew-archive-${width}`);

    // The members heard of the season's end.
    const { notifications } = await api<{ notifications: { title: string }[] }>(newcomer, 'GET', '/api/notifications?limit=20');
    expect(notifications.map((n) => n.title)).toContain(`Season 1 of "${crewName}" ended`);

    await Promise.all([owner.context().close(), friend.context().close(), context.close()]);
  });
}
