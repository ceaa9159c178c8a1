import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE, type Welcome } from '../../shared/schemas/auth.ts';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { activeLocale, loadLocale, t, wholeCatalogue } from '../lib/i18n.ts';
import { welcomeOnPage } from '../lib/welcome-on-page.ts';
import { App } from './app.tsx';
import { queryKeys } from '../lib/query-keys.ts';
import { landingMarkup } from './landing-markup.tsx';

/**
 * The landing page the server puts in the page (written at build time) is the page the app then
 * draws in its place: the same elements, words and classes, so nothing moves when it does
 * (docs/decisions/040-landing-page-in-the-page.md). Both read back through one DOM, so that
 * only what differs in the document counts, not how a character was escaped nor in which order
 * attributes were written; the ids React
 * makes for each drawing aside, and the chosen language's `selected`, which the app sets as the
 * list's value rather than writes.
 */
function asDrawn(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html;
  // Attributes in one order: React sets a form's action and a button's name after the others.
  for (const node of element.querySelectorAll('*')) {
    const attributes = [...node.attributes].map(({ name, value }) => [name, value] as const).sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of attributes) node.removeAttribute(name);
    for (const [name, value] of attributes) node.setAttribute(name, value);
  }
  return element.innerHTML.replace(/_[rR]_[0-9a-z]+_/g, '<id>').replaceAll(' selected=""', '');
}

// Every other test reads all of English.
afterEach(async () => {
  await loadLocale('en');
  await wholeCatalogue();
  expect(activeLocale()).toBe('en');
});

describe('the landing page written at build time', () => {
  it.each([
    ['en', { builtInProvider: true, openSignup: true, firstRun: true }],
    ['de', { builtInProvider: true, openSignup: false, firstRun: false }],
    ['ar', { builtInProvider: false, openSignup: false, firstRun: false }],
  ] as [string, Welcome][])('in %s, is the page the app draws from the same answer %o', async (locale, welcome) => {
    const written = await landingMarkup(locale, welcome);
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.auth.welcome, welcome);
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <LandingPage />
      </QueryClientProvider>,
    );
    expect(asDrawn(written)).toBe(asDrawn(container.innerHTML));
    expect(written).toContain(`>${t('auth.landing.signIn')}</button>`);
    queryClient.clear();
  });
});

describe('the app on a page that came with the landing page', () => {
  it('reads the answer the page was written for, and nothing else as one', () => {
    const root = document.createElement('div');
    expect(welcomeOnPage(root)).toBeNull();
    root.dataset.welcome = JSON.stringify({ builtInProvider: true, openSignup: false, firstRun: true });
    expect(welcomeOnPage(root)).toEqual({ builtInProvider: true, openSignup: false, firstRun: true });
    for (const said of ['{', '{"builtInProvider":true}', '"yes"', 'null']) {
      root.dataset.welcome = said;
      expect(welcomeOnPage(root), said).toBeNull();
    }
  });

  it('draws the landing page from its first drawing, as written, never the loader in between', async () => {
    // A visitor who has never signed in: no session, so no hint of one (use-auth.tsx), at `/`.
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    window.history.replaceState(null, '', '/');
    const welcome = { builtInProvider: true, openSignup: false, firstRun: false };
    const container = document.createElement('div');
    container.innerHTML = await landingMarkup('en', welcome);
    document.body.append(container);
    const seen: string[] = [];
    const watcher = new MutationObserver(() => seen.push(container.textContent ?? ''));
    watcher.observe(container, { childList: true, subtree: true, characterData: true });
    try {
      await act(async () => {
        render(<App welcome={welcome} />, { container });
      });
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Betbro');
      expect(screen.getByText(/with the account an administrator created for you\./)).toBeInTheDocument();
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((text) => !text.includes('Welcome to Betbro'))).toEqual([]);
    } finally {
      watcher.disconnect();
      container.remove();
    }
  });
});
