import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Welcome } from '../../shared/schemas/auth.ts';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { LOCALES, loadLocale } from '../lib/i18n.ts';
import { queryKeys } from '../lib/query-keys.ts';

export { LOCALES };

/**
 * The landing page as HTML, in `locale`, saying how to sign in as `welcome` says: written at build
 * time for each language and each answer of GET /api/auth/welcome (scripts/lib/landing-pages.ts),
 * for the server to put in a signed-out visitor's page, so that it shows before any script has
 * run (docs/decisions/040-landing-page-in-the-page.md). The app draws the same page in its place;
 * landing-markup.test.tsx keeps the two equal. One language at a time: the words are the module's.
 */
export async function landingMarkup(locale: string, welcome: Welcome): Promise<string> {
  await loadLocale(locale);
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.auth.welcome, welcome);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <LandingPage />
    </QueryClientProvider>,
  );
}
