import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../shared/i18n/messages.ts';
import type { Welcome } from '../../shared/schemas/auth.ts';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { ScreenLoadBoundary } from './screen-load-boundary.tsx';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { renderScreen } from '../test/render-screen.tsx';
import { activeLocale, loadLocale, speakOnly, t, wholeCatalogue } from '../lib/i18n.ts';
import { lazyScreen, ScreenLoadError } from '../lib/lazy-screen.ts';
import { queryKeys } from '../lib/query-keys.ts';

/**
 * The first script's screens draw from the first words alone, as a signed-out visitor's browser
 * has them: the catalogue's `?first` part, which this project's tests get as the build makes it
 * (scripts/lib/vite-catalogues.ts, scripts/lib/first-words.ts). A word any of them says outside
 * that part throws here ("No message ... in the ar catalogue").
 */
const firstParts = import.meta.glob<Catalogue>('../../shared/i18n/catalogues/*.json', { import: 'default', query: '?first' });
const restParts = import.meta.glob<Catalogue>('../../shared/i18n/catalogues/*.json', { import: 'default', query: '?rest' });
const part = (loaders: Record<string, () => Promise<Catalogue>>, locale: string) => loaders[`../../shared/i18n/catalogues/${locale}.json`]!();

const welcome = (overrides: Partial<Welcome>) => ({
  data: [[queryKeys.auth.welcome, { builtInProvider: true, openSignup: true, firstRun: false, ...overrides }]] as [readonly unknown[], unknown][],
});

function Broken(): never {
  throw new Error('drawn wrong');
}

// Every other test reads all of English.
afterEach(async () => {
  await loadLocale('en');
  await wholeCatalogue();
  expect(activeLocale()).toBe('en');
});

describe.each(['en', 'ar'])('the first words in %s', (locale) => {
  it("are a few of them, the landing page's and the app-wide screens", async () => {
    const first = Object.keys(await part(firstParts, locale));
    const rest = Object.keys(await part(restParts, locale));
    expect(first).toEqual(expect.arrayContaining(['auth.landing.signIn', 'app.notFound.title', 'app.errorBoundary.title', 'said.bet-not-found']));
    expect(rest).toEqual(expect.arrayContaining(['bets.create.title', 'crews.standings.title']));
    expect(first.filter((key) => rest.includes(key))).toEqual([]);
    expect(first.length).toBeLessThan(rest.length / 4);
  });

  it('draw the landing page in each of its states', async () => {
    speakOnly(locale, await part(firstParts, locale));
    for (const state of [{}, { firstRun: true }, { openSignup: false }, { builtInProvider: false }]) {
      const { unmount } = renderScreen(<LandingPage />, welcome(state));
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Betbro');
      expect(screen.getByRole('button', { name: t('auth.landing.signIn') })).toBeInTheDocument();
      unmount();
    }
  });

  it('draw the 404 page, the error screen and a screen whose code could not load', async () => {
    speakOnly(locale, await part(firstParts, locale));
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: t('app.notFound.title') })).toBeInTheDocument();
    // The error screen writes what it caught to the console, as it should.
    vi.mocked(console.error).mockImplementation(() => undefined);
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
      { onCaughtError: () => undefined },
    );
    expect(screen.getByRole('heading', { name: t('app.errorBoundary.title') })).toBeInTheDocument();
    function Unloadable(): never {
      throw new ScreenLoadError(new Error('offline'));
    }
    render(
      <ScreenLoadBoundary screen={{ load: () => Promise.reject(new Error('offline')) }}>
        <Unloadable />
      </ScreenLoadBoundary>,
      { onCaughtError: () => undefined },
    );
    expect(screen.getByRole('heading', { name: t('app.screenLoad.title') })).toBeInTheDocument();
  });
});

describe('a screen in a chunk of its own', () => {
  it('loads with every word of the language, not only the first ones', async () => {
    speakOnly('en', await part(firstParts, 'en'));
    expect(() => t('bets.create.title')).toThrow(/No message "bets.create.title"/);
    const screenLoad = lazyScreen(() => Promise.resolve({ Screen: () => null }), (m) => m.Screen);
    await screenLoad.load();
    expect(screenLoad.isLoaded()).toBe(true);
    expect(t('bets.create.title')).toBe('Create New Bet');
  });
});
