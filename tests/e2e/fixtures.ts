import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';

/**
 * The journeys' `test`: any console.error, React warning or uncaught error or rejection on any
 * page of the test fails it. The browser's own note on a refused request ("Failed to load
 * resource") is not the app's error: the journeys provoke 4xx answers on purpose.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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

export { expect };
