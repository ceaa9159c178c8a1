import { expect, test } from './fixtures.ts';

test('the API page draws the OpenAPI document under the CSP, with nothing from elsewhere', async ({ page, baseURL }) => {
  const refused: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:')) foreign.push(url);
  });
  await page.goto('/api/docs/ui');
  await expect(page.getByRole('heading', { name: /Betbro API/ })).toBeVisible();
  await expect(page.getByText('/api/bets/{id}/participate').first()).toBeVisible();
  expect(refused).toEqual([]);
  expect(foreign).toEqual([]);
});
