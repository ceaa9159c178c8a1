import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, newUser, screenshot, title, uniqueSuffix, userId, type Screen } from './helpers.ts';

// A jury bet (docs/product.md §4.6): the creator proposes a result, a staker disputes it, three
// of the creator's friends without a stake vote from their notifications, and the jury's verdict
// overturns the proposal; everyone sees the outcome and the bet's timeline. Run at 1280 and 390 px.

/** Asserts a toast, then closes every toast, so none covers what the next step taps. */
async function expectToast(page: Page, text: string) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
  const close = page.locator('[data-sonner-toast][data-visible="true"]:not([data-removed="true"]) [data-close-button]');
  for (let tries = 0; tries < 20 && (await close.count()) > 0; tries += 1) {
    // A toast may leave on its own between the count and the click.
    await close.first().click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The bet's page is showing: on a phone its view title says so; on a desktop, the address. */
async function expectOnBet(page: Page, screen: Screen, betId: number, betTitle: string) {
  if (screen === PHONE) await expect(title(page)).toHaveText('Bet');
  else await expect(page).toHaveURL(new RegExp(`/bets/${betId}$`));
  await expect(page.getByRole('heading', { name: betTitle })).toBeVisible();
}

/** Opens the bet from the notification titled `heading`, through the bell in the top bar. */
async function openFromNotification(page: Page, screen: Screen, heading: string, betId: number, betTitle: string) {
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  if (screen === PHONE) await expect(title(page)).toHaveText('Notifications');
  else await expect(page).toHaveURL(/\/notifications$/);
  const notification = page.getByTestId('notification').filter({ hasText: heading }).filter({ hasText: betTitle });
  await expect(notification).toHaveCount(1);
  await notification.getByText('View bet', { exact: true }).click();
  await expectOnBet(page, screen, betId, betTitle);
}

/** The bet's status badge, in its header (the jury's words elsewhere use the same words in sentences). */
const badge = (page: Page, text: string) => page.locator('header').getByText(text, { exact: true });

async function players(browser: Browser, screen: Screen, id: string) {
  const names = {
    creator: `Judge_${id}`,
    staker: `Doubter_${id}`,
    backer: `Backer_${id}`,
    jurors: [`JurorA_${id}`, `JurorB_${id}`, `JurorC_${id}`],
  };
  // Signed up side by side: six sign-ups one after another would take most of the journey's time.
  const [creator, staker, backer, ...jurors] = await Promise.all(
    [names.creator, names.staker, names.backer, ...names.jurors].map((name) => newUser(browser, name, undefined, screen)),
  );
  // Everyone befriends the creator (through the API: the friendships are the scene, not the journey).
  const creatorId = await userId(creator!);
  for (const friend of [staker!, backer!, ...jurors]) {
    await api(friend, 'POST', '/api/friends', { addresseeId: creatorId });
    await api(creator!, 'POST', `/api/friends/${await userId(friend)}/accept`, {});
  }
  return { names, creator: creator!, staker: staker!, backer: backer!, jurors };
}

for (const [label, screen] of [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const) {
  test(`a jury bet: proposed, disputed by a staker, overturned by three jurors voting from their notifications, at ${label}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const id = uniqueSuffix();
    const width = screen.viewport.width;
    const { names, creator, staker, backer, jurors } = await players(browser, screen, id);
    const [jurorA, jurorB, jurorC] = jurors as [Page, Page, Page];
    const [nameA, nameB, nameC] = names.jurors as [string, string, string];

    // The creator makes a jury bet through the form.
    const betTitle = `Derby jury ${id}`;
    await creator.goto('/');
    await creator.getByRole('button', { name: 'Create New Bet' }).click();
    const dialog = creator.getByRole('dialog', { name: 'Create New Bet' });
    await dialog.getByLabel('Title').fill(betTitle);
    await dialog.getByLabel('Description').fill('Did the home side win on Saturday?');
    await dialog.getByLabel('Option 1', { exact: true }).fill('Yes');
    await dialog.getByLabel('Option 2', { exact: true }).fill('No');
    await dialog.getByLabel('A jury of friends').check();
    await expect(dialog.getByText('You propose the result; any staker can dispute it before its deadline, then your friends from before the bet, without a stake, vote.')).toBeVisible();
    const created = creator.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bets');
    await dialog.getByRole('button', { name: 'Create Bet' }).click();
    const betId = ((await (await created).json()) as { id: number }).id;
    await expectToast(creator, 'Bet created!');
    await expect(dialog).toHaveCount(0);

    // The doubter stakes $40 on No through the bet's page; a backer puts $20 on Yes.
    await staker.goto(`/bets/${betId}`);
    await expectOnBet(staker, screen, betId, betTitle);
    await staker.getByLabel('No', { exact: true }).check();
    await staker.getByLabel('Amount ($)').fill('40');
    await staker.getByRole('button', { name: 'Place Bet' }).click();
    await expectToast(staker, 'Bet placed!');
    await expect(staker.getByTestId('current-balance')).toHaveText('$960.00');
    await api(backer, 'POST', `/api/bets/${betId}/participate`, { option: 0, amount: '20' });

    // The creator proposes Yes, with evidence, from the bet's page.
    await creator.goto(`/bets/${betId}`);
    await expectOnBet(creator, screen, betId, betTitle);
    const propose = creator.getByRole('region', { name: 'Propose result' });
    await expect(propose.getByRole('button', { name: 'Propose result' })).toBeDisabled();
    await propose.getByRole('radiogroup', { name: 'Winning option' }).getByLabel('Yes').check();
    await propose.getByLabel('Evidence (optional)').fill('They scored in the last minute.');
    await propose.getByLabel('Evidence link (optional)').fill('https://example.com/derby-result');
    await propose.getByRole('button', { name: 'Propose result' }).click();
    await expectToast(creator, 'Result proposed');
    await expect(badge(creator, 'Proposed')).toBeVisible();
    await expect(creator.getByTestId('jury-status').getByRole('status')).toHaveText(/^Result proposed: Yes, dispute until .+/);
    await expect(propose).toHaveCount(0);

    // The doubter, told of the proposal, opens it from the notification and disputes it.
    await openFromNotification(staker, screen, 'Result proposed', betId, betTitle);
    await expect(badge(staker, 'Proposed')).toBeVisible();
    await expect(staker.getByTestId('jury-status').getByRole('status')).toHaveText(/^Result proposed: Yes, dispute until .+/);
    await expect(staker.getByTestId('jury-status').locator('time')).toHaveText(/left/);
    await expect(staker.getByTestId('jury-status')).toContainText('Evidence: They scored in the last minute.');
    await expect(staker.getByRole('heading', { name: 'Think this result is wrong?' })).toBeVisible();
    await staker.getByRole('button', { name: 'Dispute', exact: true }).click();
    const dispute = staker.getByRole('dialog', { name: 'Dispute this result' });
    await dispute.getByLabel('Reason').fill('The goal was offside: it finished 1-1, so they did not win.');
    await dispute.getByLabel('Link (optional)').fill('https://example.com/offside');
    await screenshot(staker, `jury-dispute-${width}`);
    await dispute.getByRole('button', { name: 'Send dispute' }).click();
    await expectToast(staker, 'Dispute sent');
    await expect(dispute).toHaveCount(0);
    await expect(badge(staker, 'Disputed')).toBeVisible();
    await expect(staker.getByTestId('jury-status')).toContainText('Disputed: the jury decides');
    await expect(staker.getByTestId('jury-status')).toContainText('Votes: 0 of 3');
    await expect(staker.getByRole('heading', { name: 'Think this result is wrong?' })).toHaveCount(0);
    // The creator's page follows without a reload.
    await expect(badge(creator, 'Disputed')).toBeVisible();

    // The jurors vote from their notifications: No, No, Yes. A vote's option stays hidden until the bet settles.
    const votes: [Page, string, 'Yes' | 'No'][] = [
      [jurorA, nameA, 'No'],
      [jurorB, nameB, 'No'],
      [jurorC, nameC, 'Yes'],
    ];
    for (const [i, [juror, jurorName, option]] of votes.entries()) {
      await openFromNotification(juror, screen, 'You are on the jury', betId, betTitle);
      await expect(badge(juror, 'Disputed')).toBeVisible();
      const jury = juror.getByRole('region', { name: 'You are on the jury' });
      await expect(jury).toContainText(`${names.creator} proposed Yes.`);
      await expect(jury).toContainText(`${names.staker} disputed it: The goal was offside`);
      await expect(juror.getByTestId('jury-status')).toContainText(`Votes: ${i} of 3`);
      const timeline = juror.getByRole('list', { name: 'Timeline' });
      for (const [, earlier] of votes.slice(0, i)) {
        await expect(timeline.getByText(`Vote cast by ${earlier}`, { exact: true })).toBeVisible();
      }
      if (i === 1) await screenshot(juror, `jury-vote-${width}`);
      await jury.getByRole('group', { name: 'Which option won?' }).getByRole('button', { name: option, exact: true }).click();
      await jury.getByRole('button', { name: `Cast vote for ${option}` }).click();
      await expectToast(juror, 'Vote cast');
      await expect(jury).toHaveCount(0);
      if (i < 2) await expect(juror.getByTestId('jury-status')).toContainText(`Votes: ${i + 1} of 3`);
      await expect(timeline.getByText(`Vote cast by ${jurorName}`, { exact: i < 2 })).toBeVisible();
    }

    // The third vote settles it: No won, two votes to one, against the proposal.
    const expectedTimeline = [
      `Created by ${names.creator}`,
      `Result proposed by ${names.creator}: Yes`,
      `Disputed by ${names.staker}`,
      `Vote cast by ${nameA}: No`,
      `Vote cast by ${nameB}: No`,
      `Vote cast by ${nameC}: Yes`,
      'Resolved: No won',
    ];
    for (const page of [creator, staker, backer, jurorA, jurorB, jurorC]) {
      if (page === backer) await backer.goto(`/bets/${betId}`);
      await expect(badge(page, 'Resolved')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Resolved: / })).toHaveText('Resolved: No won.');
      await expect(page.getByTestId('jury-status')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveText(expectedTimeline.map((line) => new RegExp(escape(line))));
    }
    const timeline = creator.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('They scored in the last minute.');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Reason: The goal was offside: it finished 1-1, so they did not win.');

    // The doubter won the whole pot, $60.00, and their balance says so; the backer lost $20.00.
    await expect(staker.getByText('WON', { exact: true })).toBeVisible();
    await expect(staker.getByText('You won $60.00 — $20.00 profit')).toBeVisible();
    await expect(staker.getByTestId('current-balance')).toHaveText('$1,020.00');
    await expect(backer.getByText('You lost $20.00')).toBeVisible();
    await expect(backer.getByTestId('current-balance')).toHaveText('$980.00');
    await screenshot(staker, `jury-resolved-${width}`);
    // Only the creator's friends without a stake were called to the jury: neither staker was.
    for (const page of [staker, backer]) {
      const { notifications } = await api<{ notifications: { title: string }[] }>(page, 'GET', '/api/notifications?limit=50');
      expect(notifications.map((n) => n.title)).not.toContain('You are on the jury');
    }
    await screenshot(jurorA, `jury-timeline-${width}`);

    await Promise.all([creator, staker, backer, ...jurors].map((page) => page.context().close()));
  });
}
