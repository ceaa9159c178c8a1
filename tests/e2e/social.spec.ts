import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminPage, api, befriend, expectAccessible, newUser, screenshot, uniqueSuffix, userId } from './helpers.ts';


/** The ISO week number of today, computed independently of the app. */
function isoWeekNumber(date: Date): number {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  return Math.ceil(((d.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
}

async function createBet(page: Page, title: string, options: string[]) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create New Bet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Bet' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill(`${title}, settled among friends.`);
  for (let i = 0; i < options.length; i += 1) {
    if (i >= 2) await dialog.getByRole('button', { name: 'Add option' }).click();
    await dialog.getByLabel(`Option ${i + 1}`, { exact: true }).fill(options[i]!);
  }
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  await expect(page.getByText('Bet created!')).toBeVisible();
}

async function stake(page: Page, title: string, option: string, amount: string) {
  await page.goto('/');
  await page.getByRole('link', { name: title }).first().click();
  await page.getByLabel(option, { exact: true }).check();
  await page.getByLabel('Amount ($)').fill(amount);
  await page.getByRole('button', { name: 'Place Bet' }).click();
  await expect(page.getByText('Bet placed!')).toBeVisible();
}

test('leaderboard, live notifications, chat, statistics, insights and theme', async ({ browser }) => {
  test.setTimeout(180_000);
  const id = uniqueSuffix();
  const [hostName, winnerName, loserName] = [`Host_${id}`, `Win_${id}`, `Lose_${id}`];
  const host = await newUser(browser, hostName);
  const winner = await newUser(browser, winnerName);
  const loser = await newUser(browser, loserName);
  await befriend(winner, host, hostName, winnerName);
  await befriend(loser, host, hostName, loserName);

  // A notification arrives live when a friend stakes on the host's bet.
  await createBet(host, `Rain tomorrow ${id}`, ['Rain', 'Sun']);
  await host.goto('/notifications');
  await expect(host.getByText('New friend request').first()).toBeVisible();
  await expect(host.getByText('New stake on your bet')).toHaveCount(0);
  await stake(winner, `Rain tomorrow ${id}`, 'Rain', '40');
  // No reload: the socket brings it.
  await expect(host.getByText('New stake on your bet')).toHaveCount(1);
  await expect(host.getByText(`${winnerName} staked $40.00 on "Rain" in "Rain tomorrow ${id}"`)).toBeVisible();
  await expect(host.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
  await host.getByRole('button', { name: 'Mark "New stake on your bet" read' }).click();
  await expect(host.getByRole('button', { name: 'Mark "New stake on your bet" read' })).toHaveCount(0);
  await screenshot(host, 'notifications');
  await expectAccessible(host, 'notifications');

  await stake(loser, `Rain tomorrow ${id}`, 'Sun', '25');
  await host.goto('/');
  await host.getByRole('link', { name: `Rain tomorrow ${id}` }).first().click();
  await host.getByLabel('Rain', { exact: true }).check();
  await host.getByRole('button', { name: 'Resolve Bet' }).click();
  await host.getByRole('alertdialog', { name: 'Rain won?' }).getByRole('button', { name: 'Pay out' }).click();
  await expect(host.getByText('Bet resolved!')).toBeVisible();

  // Weekly leaderboard after the settled bet: the winner leads by their profit of $25.00.
  await winner.goto('/leaderboard');
  await expect(winner.getByText(`Week ${isoWeekNumber(new Date())}`)).toBeVisible();
  await expect(winner.getByText(/Weekly rankings reset in \d+ (days?|hours?|minutes?)\b/)).toBeVisible();
  await expect(winner.getByTestId('your-rank')).toContainText('#1');
  await expect(winner.getByTestId('your-rank')).toContainText("You're #1!");
  const firstRow = winner.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow).toContainText(winnerName);
  await expect(firstRow).toContainText('$25.00');
  // Friends scope: the winner and their only friend, the host, who staked nothing this week and so
  // is not ranked (docs/player-figures.md): one row under the header.
  await winner.getByRole('button', { name: 'Friends' }).click();
  await expect(winner.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(winner.getByRole('table')).toContainText(winnerName);
  await expect(winner.getByRole('table')).not.toContainText(loserName);
  await expect(winner.getByRole('table')).not.toContainText(hostName);
  await winner.getByRole('button', { name: 'Global' }).click();
  await winner.getByRole('button', { name: 'All Time' }).click();
  await expect(winner.getByRole('table')).toContainText(winnerName);
  // Other journeys' players fill the global top 10; the loser sees their own place and loss.
  await loser.goto('/leaderboard');
  await loser.getByRole('button', { name: 'All Time' }).click();
  await expect(loser.getByTestId('your-rank')).toContainText('-$25.00');
  await screenshot(winner, 'leaderboard');
  await expectAccessible(winner, 'leaderboard');

  // Statistics and insights match what happened: one bet, won, $40 staked on Sports... General.
  await winner.goto('/statistics');
  // Winnings are profit: $65.00 paid out on a $40.00 stake.
  await expect(winner.getByText('Total winnings')).toBeVisible();
  await expect(winner.getByTestId('stat-total-winnings')).toContainText('$25.00');
  await expect(winner.getByText('100%').first()).toBeVisible();
  await expect(winner.getByText('#1')).toBeVisible();
  await expect(winner.getByText('General')).toBeVisible();
  await screenshot(winner, 'statistics');
  await expectAccessible(winner, 'statistics');
  await winner.goto('/insights');
  await expect(winner.getByTestId('insight-win_rate')).toHaveText('100%');
  await expect(winner.getByText('You won 1 of your 1 bet (won 1 of 1 settled).', { exact: false })).toBeVisible();
  await expect(winner.getByTestId('insight-typical_stake')).toHaveText('$40.00');
  await screenshot(winner, 'insights');
  await expectAccessible(winner, 'insights');

  // Chat: a message round trip without reloading.
  await winner.goto('/messages');
  await expect(winner.getByText('No conversations yet')).toBeVisible();
  await winner.getByRole('button', { name: 'Start New Chat' }).first().click();
  await winner.getByRole('button', { name: `Chat with ${hostName}` }).click();
  await host.goto('/messages');
  await host.getByRole('button', { name: new RegExp(winnerName) }).click();
  await winner.getByLabel('Message', { exact: true }).fill('Told you it would rain');
  await winner.getByRole('button', { name: 'Send' }).click();
  await expect(host.getByTestId('message-list')).toContainText('Told you it would rain');
  await host.getByLabel('Message', { exact: true }).fill('Lucky guess');
  await host.getByRole('button', { name: 'Send' }).click();
  await expect(winner.getByTestId('message-list')).toContainText('Lucky guess');
  await screenshot(host, 'messages');
  await expectAccessible(host, 'messages');

  // Activity and events pages.
  await loser.goto('/activities');
  await expect(loser.getByText('Participated').first()).toBeVisible();
  await expect(loser.getByText('Lost').first()).toBeVisible();
  await screenshot(loser, 'activity');
  await expectAccessible(loser, 'activity');
  await loser.goto('/events');
  await expect(loser.getByText('No events scheduled')).toBeVisible();
  await expectAccessible(loser, 'events');

  // Dark theme, remembered across a reload.
  await loser.goto('/settings');
  await expectAccessible(loser, 'settings');
  await loser.getByText('Dark', { exact: true }).click();
  await expect(loser.getByText('Theme updated')).toBeVisible();
  await expect(loser.locator('html')).toHaveClass(/dark/);
  await loser.reload();
  await expect(loser.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(loser.locator('html')).toHaveClass(/dark/);
  await screenshot(loser, 'settings-dark');
  await expectAccessible(loser, 'settings (dark)');
});

/**
 * What a chart draws (line, dots, bars, grid, axis labels) beyond the edges of its svg, where it
 * would be cut off, with strokes counted. Half a pixel is let go: a label's box rounds to it
 * without any of the letter being lost.
 */
async function drawnOutside(chart: Locator): Promise<string[]> {
  return chart.evaluate((root) => {
    const outside: string[] = [];
    for (const svg of root.querySelectorAll('svg')) {
      const frame = svg.getBoundingClientRect();
      for (const part of svg.querySelectorAll('path, circle, rect, line, text')) {
        const box = part.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue;
        const style = getComputedStyle(part);
        const stroke = style.stroke === 'none' ? 0 : parseFloat(style.strokeWidth) / 2;
        const over = Math.max(frame.left - box.left + stroke, frame.top - box.top + stroke, box.right + stroke - frame.right, box.bottom + stroke - frame.bottom);
        if (over > 0.5) outside.push(`${part.getAttribute('class') ?? part.tagName} "${part.textContent ?? ''}" by ${over.toFixed(1)} px`);
      }
    }
    return outside;
  });
}

test('the statistics charts draw inside their frames, at 1280 and 390 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const id = uniqueSuffix();
  const host = await newUser(browser, `Chart_${id}`);
  const winner = await newUser(browser, `Up_${id}`);
  const loser = await newUser(browser, `Down_${id}`);
  const call = (page: Page, url: string, data: unknown) => api<{ id: number }>(page, 'POST', url, data);
  for (const player of [winner, loser]) {
    await call(player, '/api/friends', { addresseeId: await userId(host) });
    await call(host, `/api/friends/${await userId(player)}/accept`, {});
  }
  // Profits of +1,000,000 and -1,000,000 this month (an admin's adjustment pays for the stake):
  // the newest point sits at the right edge of the plot, on its top or bottom line, and the
  // axis labels are as wide as a player's figures get. The winner keeps out of the global
  // leaderboard, which other journeys read.
  await api(winner, 'PUT', '/api/users/preferences', { privacy: { showOnLeaderboard: false } });
  const admin = await adminPage(browser);
  await call(admin, `/api/admin/users/${await userId(loser)}/adjust`, { amount: '999000.00', reason: 'Chart journey' });
  const bet = await call(host, '/api/bets', { title: `Chart ${id}`, description: 'Up or down?', options: ['Up', 'Down'], expirationType: 'indefinite' });
  await call(winner, `/api/bets/${bet.id}/participate`, { option: 0, amount: '100' });
  await call(loser, `/api/bets/${bet.id}/participate`, { option: 1, amount: '1000000' });
  await call(host, `/api/bets/${bet.id}/resolve`, { winningOption: 0 });
  await admin.context().close();

  for (const player of [winner, loser]) {
    for (const width of [1280, 390]) {
      await player.setViewportSize({ width, height: 800 });
      await player.goto('/statistics');
      for (const name of ['Line chart of profit per month', 'Bar chart of bets and wins per month']) {
        const chart = player.getByRole('img', { name });
        await expect(chart.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
        expect(await drawnOutside(chart), `${name} at ${width} px`).toEqual([]);
      }
    }
  }
});
