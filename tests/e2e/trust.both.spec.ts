import type { TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DESKTOP, PHONE, api, mailedToken, newUser, screenshot, signUpOverHttp, uniqueSuffix, userId, type Screen } from './helpers.ts';

// Run at 1280 px and at 390 px (both projects take *.both.spec.ts). A mailbox proves itself to
// its account holder only, and a jury is seated, not gathered (docs/product.md §8.4, §4.6):
// someone signs up first with another person's address, and the owner takes it back through
// "Forgot password?"; a jury bet's page shows the jurors its dispute seated, which no friend made
// after the bet joins.

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'mobile-chromium';
const screenOf = (testInfo: TestInfo): Screen => (isPhone(testInfo) ? PHONE : DESKTOP);

test('a pre-registered address taken back through "forgot password"', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const screen = screenOf(testInfo);
  const id = uniqueSuffix();
  const email = `owner_${id}@betbro.test`;

  // Someone else signs up first with the owner's address and picks its password.
  const squatter = await browser.newContext(screen).then((context) => context.newPage());
  await signUpOverHttp(squatter.request, `Early_${id}`, 'squatters-pass-1', email);
  const token = await mailedToken(email, '/verify-email');

  // The owner opens the "confirm your email" mail's link signed out: nothing is verified, the
  // page asks for the account's sign-in.
  const owner = await browser.newContext(screen).then((context) => context.newPage());
  await owner.goto(`/verify-email?token=${token}`);
  await expect(owner.getByRole('heading', { name: 'Sign in to verify your email' })).toBeVisible();
  await expect(owner.getByText('Sign in to that account, and you come back here to finish.')).toBeVisible();
  expect((await api<{ emailVerified: boolean }>(squatter, 'GET', '/api/account')).emailVerified).toBe(false);
  await screenshot(owner, `trust-verify-signed-out-${testInfo.project.name}`);

  // The owner does not know the password picked for the address: "Forgot password?" on the
  // provider's page, then the mailed link, and a password of the owner's own.
  await owner.getByRole('button', { name: 'Sign in to verify' }).click();
  await expect(owner.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
  await owner.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(owner).toHaveURL(/\/forgot-password$/);
  await owner.getByLabel('Email').fill(email);
  await owner.getByRole('button', { name: 'Send reset link' }).click();
  await expect(owner.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await owner.goto(`/reset-password?token=${await mailedToken(email, '/reset-password')}`);
  await owner.getByLabel('New password', { exact: true }).fill('owners-own-pass-7');
  await owner.getByLabel('Repeat new password').fill('owners-own-pass-7');
  await owner.getByRole('button', { name: 'Set new password' }).click();
  await expect(owner.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

  // Signed in with it, the owner comes back to the link, which now counts: the address is theirs.
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await expect(owner.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
  await owner.locator('input[name="email"]').fill(email);
  await owner.locator('input[name="password"]').fill('owners-own-pass-7');
  await owner.getByRole('button', { name: 'Continue' }).click();
  await expect(owner.getByRole('heading', { name: 'Your email address is verified' })).toBeVisible({ timeout: 15_000 });
  await expect(owner).toHaveURL(new RegExp(`/verify-email\\?token=${token}$`));
  expect((await api<{ emailVerified: boolean }>(owner, 'GET', '/api/account')).emailVerified).toBe(true);
  await screenshot(owner, `trust-verified-${testInfo.project.name}`);

  // The squatter keeps nothing: signed out of the app, and the password picked no longer signs in.
  expect((await squatter.request.get('/api/auth/user')).status()).toBe(401);
  await squatter.goto('/');
  await squatter.getByRole('button', { name: 'Sign in to get started' }).click();
  await expect(squatter.getByRole('heading', { name: 'Sign in to Betbro' })).toBeVisible();
  await squatter.locator('input[name="email"]').fill(email);
  await squatter.locator('input[name="password"]').fill('squatters-pass-1');
  await squatter.getByRole('button', { name: 'Continue' }).click();
  await expect(squatter.getByRole('alert')).toContainText('Wrong email or password.');

  await Promise.all([owner, squatter].map((page) => page.context().close()));
});

test("a jury bet's page shows the jurors its dispute seated, and a friend made after the bet is none of them", async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const screen = screenOf(testInfo);
  const id = uniqueSuffix();
  const names = { creator: `Host_${id}`, staker: `Sceptic_${id}`, backer: `Backer_${id}`, jurors: [`Seat1_${id}`, `Seat2_${id}`, `Seat3_${id}`], late: `Late_${id}` };
  // Signed up side by side; the friendships are the scene, made through the API.
  const [creator, staker, backer, late, ...jurors] = await Promise.all(
    [names.creator, names.staker, names.backer, names.late, ...names.jurors].map((name) => newUser(browser, name, undefined, screen)),
  );
  const creatorId = await userId(creator!);
  const befriend = async (page: NonNullable<typeof creator>) => {
    await api(page, 'POST', '/api/friends', { addresseeId: creatorId });
    await api(creator!, 'POST', `/api/friends/${await userId(page)}/accept`, {});
  };
  for (const friend of [staker!, backer!]) await befriend(friend);

  // With two friends, the form says at once why a jury cannot decide, and sends nothing.
  await creator!.goto('/');
  await creator!.getByRole('button', { name: 'Create New Bet' }).click();
  let dialog = creator!.getByRole('dialog', { name: 'Create New Bet' });
  await dialog.getByLabel('A jury of friends').check();
  await expect(dialog.getByText('A jury needs at least 3 of your friends who could vote on it; you have 2. Add friends, or choose another way to decide.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create Bet' })).toBeDisabled();
  await screenshot(creator!, `trust-jury-too-small-${testInfo.project.name}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // Three more friends, and the jury bet goes.
  for (const juror of jurors) await befriend(juror);
  const betTitle = `Seated jury ${id}`;
  await creator!.getByRole('button', { name: 'Create New Bet' }).click();
  dialog = creator!.getByRole('dialog', { name: 'Create New Bet' });
  await dialog.getByLabel('Title').fill(betTitle);
  await dialog.getByLabel('Description').fill('Did it rain in Leeds on Sunday?');
  await dialog.getByLabel('Option 1', { exact: true }).fill('Rain');
  await dialog.getByLabel('Option 2', { exact: true }).fill('Sun');
  await dialog.getByLabel('A jury of friends').check();
  const created = creator!.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/bets');
  await dialog.getByRole('button', { name: 'Create Bet' }).click();
  const betId = ((await (await created).json()) as { id: number }).id;
  await expect(dialog).toHaveCount(0);

  // A friend made after the bet, stakes on both sides, a proposal, and a dispute.
  await befriend(late!);
  await api(staker!, 'POST', `/api/bets/${betId}/participate`, { option: 1, amount: '30' });
  await api(backer!, 'POST', `/api/bets/${betId}/participate`, { option: 0, amount: '10' });
  await api(creator!, 'POST', `/api/bets/${betId}/resolve`, { winningOption: 0 });
  await staker!.goto(`/bets/${betId}`);
  await expect(staker!.getByRole('heading', { name: betTitle })).toBeVisible();
  await staker!.getByRole('button', { name: 'Dispute', exact: true }).click();
  const dispute = staker!.getByRole('dialog', { name: 'Dispute this result' });
  await dispute.getByLabel('Reason').fill('It was sunny all day.');
  await dispute.getByRole('button', { name: 'Send dispute' }).click();
  await expect(dispute).toHaveCount(0);

  // The staker's page: the jury the dispute seated, three friends from before the bet.
  const status = staker!.getByTestId('jury-status');
  await expect(status).toContainText('Disputed: the jury decides');
  await expect(status).toContainText('3 jurors seated');
  await expect(status).toContainText('Votes: 0 of 3');
  await screenshot(staker!, `trust-jury-seated-${testInfo.project.name}`);

  // A seated juror is asked to vote; the friend made after the bet sees the bet but is no juror.
  await jurors[0]!.goto(`/bets/${betId}`);
  await expect(jurors[0]!.getByRole('region', { name: 'You are on the jury' })).toBeVisible();
  await expect(jurors[0]!.getByTestId('jury-status')).toContainText('3 jurors seated');
  await late!.goto(`/bets/${betId}`);
  await expect(late!.getByRole('heading', { name: betTitle })).toBeVisible();
  await expect(late!.getByTestId('jury-status')).toContainText('3 jurors seated');
  await expect(late!.getByRole('region', { name: 'You are on the jury' })).toHaveCount(0);
  const refused = await late!.request.post(`/api/bets/${betId}/votes`, { data: { option: 0 } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'not_juror' });

  await Promise.all([creator!, staker!, backer!, late!, ...jurors].map((page) => page.context().close()));
});
