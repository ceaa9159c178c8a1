import { expect, test } from './fixtures.ts';
import { adminPage, expectAccessible, newUser, screenshot, uniqueSuffix } from './helpers.ts';

test('an admin edits, resolves and deletes bets, adds and deletes a user, and sees analytics', async ({ browser }) => {
  test.setTimeout(180_000);
  const id = uniqueSuffix();
  const player = await newUser(browser, `Pat_${id}`);
  for (const title of [`Edit me ${id}`, `Resolve me ${id}`, `Delete me ${id}`]) {
    await player.goto('/');
    await player.getByRole('button', { name: 'Create New Bet' }).click();
    const dialog = player.getByRole('dialog', { name: 'Create New Bet' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Made for the admin journey.');
    await dialog.getByLabel('Option 1', { exact: true }).fill('Yes');
    await dialog.getByLabel('Option 2', { exact: true }).fill('No');
    await dialog.getByRole('button', { name: 'Create Bet' }).click();
    await expect(dialog).toBeHidden();
    await expect(player.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }

  // A normal user is turned away.
  await player.goto('/admin');
  await expect(player.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(player.getByText('You need admin privileges to access this page.')).toBeVisible();
  await expectAccessible(player, 'access denied');

  const admin = await adminPage(browser);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(admin.getByText('Total Volume')).toBeVisible();

  const row = (title: string) => admin.getByRole('listitem').filter({ hasText: title });
  await row(`Edit me ${id}`).getByRole('button', { name: 'Edit' }).click();
  await admin.getByLabel('Title').fill('');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Title is required')).toBeVisible();
  await admin.getByLabel('Title').fill(`Edited ${id}`);
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Bet updated successfully')).toBeVisible();
  await expect(row(`Edited ${id}`)).toBeVisible();

  // The winner is chosen by its label; Resolve without a choice asks for one beside the options.
  await row(`Resolve me ${id}`).getByRole('button', { name: 'Resolve' }).click();
  const resolveDialog = admin.getByRole('dialog', { name: 'Resolve bet' });
  await resolveDialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(resolveDialog.getByRole('alert').filter({ hasText: 'Choose the winning option' })).toBeVisible();
  await resolveDialog.getByRole('radio', { name: 'No' }).check();
  await resolveDialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  // It asks first: nobody staked, so no money moves.
  const confirmation = admin.getByRole('alertdialog', { name: 'No won?' });
  await expect(confirmation.getByText('Nobody has staked: no money moves.')).toBeVisible();
  await confirmation.getByRole('button', { name: 'Pay out' }).click();
  await expect(admin.getByText('Bet resolved successfully')).toBeVisible();
  await expect(admin.getByText('No declared winner')).toBeVisible();

  await row(`Delete me ${id}`).getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Are you sure you want to delete this bet?')).toBeVisible();
  await admin.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(admin.getByText('Bet deleted successfully')).toBeVisible();
  await expect(row(`Delete me ${id}`)).toHaveCount(0);
  await screenshot(admin, 'admin-bets');
  await expectAccessible(admin, 'admin bet management');

  // Users: add one, then delete (deactivate) it.
  await admin.getByRole('tab', { name: 'User Management' }).click();
  await admin.getByRole('button', { name: 'Add User' }).click();
  await admin.getByRole('button', { name: 'Create User' }).click();
  await expect(admin.getByText('Username is required')).toBeVisible();
  await admin.getByLabel('Username').fill(`Quinn_${id}`);
  await admin.getByLabel('Email').fill(`quinn_${id}@betbro.test`);
  await admin.getByLabel('Password').fill('quinn-password-1');
  await admin.getByRole('button', { name: 'Create User' }).click();
  await expect(admin.getByText('User created successfully')).toBeVisible();
  await admin.getByLabel('Search users').fill(`quinn_${id}`);
  await expect(admin.getByRole('cell', { name: `Quinn_${id}`, exact: true })).toBeVisible();
  await admin.getByRole('button', { name: `View Quinn_${id}` }).click();
  await expect(admin.getByRole('dialog', { name: `Quinn_${id}` })).toContainText('$1,000.00');
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: `Delete Quinn_${id}` }).click();
  await admin.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(admin.getByText('User deleted successfully')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: `Quinn_${id}` })).toContainText('Deactivated');
  await screenshot(admin, 'admin-users');
  await expectAccessible(admin, 'admin user management');
  // The deletion's toast leaves by itself; the analytics are read once it has gone.
  await expect(admin.locator('[data-sonner-toast]')).toHaveCount(0);

  await admin.getByRole('tab', { name: 'Analytics' }).click();
  await expect(admin.getByText('Platform Commission (1%)')).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Line chart of daily volume' }).locator('svg').first()).toBeVisible();
  await screenshot(admin, 'admin-analytics');
  await expectAccessible(admin, 'admin analytics');
  await admin.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(admin.getByRole('cell', { name: 'bet.delete' }).first()).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'user.create' }).first()).toBeVisible();

  await admin.goto('/reports');
  await expect(admin.getByRole('heading', { name: 'Reports', exact: true })).toBeVisible();
  await admin.goto('/user-management');
  await expect(admin.getByRole('heading', { name: 'User Management', exact: true })).toBeVisible();
  await expectAccessible(admin, 'user management page');
});
