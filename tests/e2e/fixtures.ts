import { expect, request, test as base, type BrowserContext, type Page } from '@playwright/test';
import { mailedToken, signUpOverHttp } from './helpers.ts';
import { ADMIN, BetbroServer, type Issuer } from './server.ts';

/**
 * The journeys' `test`.
 *
 * Each worker runs its journeys against a server of its own (server.ts), started with the worker
 * and holding the journeys' admin, made once as the server starts: journeys running side by side
 * share nothing, and one journey's players never show up in another's leaderboard or counts.
 * Every page and context of a journey is on that server (`baseURL`).
 *
 * Any console.error, React warning or uncaught error or rejection on any page of the test fails
 * it. The browser's own note on a refused request ("Failed to load resource") is not the app's
 * error: the journeys provoke 4xx answers on purpose.
 */
export const test = base.extend<{ consoleErrors: string[] }, { issuer: Issuer; betbroServer: BetbroServer }>({
  issuer: ['built-in', { scope: 'worker', option: true }],
  betbroServer: [
    async ({ issuer }, use) => {
      const server = await BetbroServer.create(issuer);
      try {
        await server.start();
        if (issuer === 'built-in') await makeAdmin(server.url);
        await use(server);
      } finally {
        await server.dispose();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ betbroServer }, use) => {
    await use(betbroServer.url);
  },
  consoleErrors: [
    async ({ browser, context }, use) => {
      const errors: string[] = [];
      const watchPage = (page: Page) => {
        page.on('console', (message) => {
          const text = message.text();
          if (message.type() === 'error' && !text.startsWith('Failed to load resource')) errors.push(`console.error: ${text}`);
          if (message.type() === 'warning' && /^Warning:|React/.test(text)) errors.push(`console.warn: ${text}`);
        });
        page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      };
      const watchContext = (ctx: BrowserContext) => {
        ctx.pages().forEach(watchPage);
        ctx.on('page', watchPage);
      };
      watchContext(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const ctx = await newContext(...args);
        watchContext(ctx);
        return ctx;
      };
      await use(errors);
      browser.newContext = newContext;
      expect(errors, 'console errors and uncaught errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The admin of a new server: ADMIN_EMAILS names the address, which makes an admin once its owner
 * has signed up and, signed in, followed the mailed link that verifies it.
 */
async function makeAdmin(baseURL: string): Promise<void> {
  const http = await request.newContext({ baseURL });
  try {
    await signUpOverHttp(http, ADMIN.username, ADMIN.password, ADMIN.email);
    const token = await mailedToken(ADMIN.email, '/verify-email', baseURL);
    const verified = await http.post('/api/account/verify-email', { data: { token } });
    expect(verified.ok(), `verifying the admin's email: ${verified.status()} ${await verified.text()}`).toBe(true);
    const user = (await (await http.get('/api/auth/user')).json()) as { role: string };
    expect(user.role).toBe('admin');
  } finally {
    await http.dispose();
  }
}

export { expect };
