import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/ui/toaster.tsx';
import { useLocale } from '../lib/i18n.ts';
import { AuthProvider } from '../lib/use-auth.tsx';
import { createDesktopQueryClient } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';
import type { Welcome } from '../../shared/schemas/auth.ts';
import { AppRoutes } from './router.tsx';

/**
 * The app. `welcome`: how to sign in here, when the page came with the landing page already in it
 * (server/plugins/spa.ts): the landing page then draws from the same answer, the same page.
 */
export function App({ welcome }: { welcome?: Welcome | null }) {
  const [queryClient] = useState(() => {
    const client = createDesktopQueryClient();
    if (welcome) client.setQueryData(queryKeys.auth.welcome, welcome);
    return client;
  });
  // A change of language draws every screen again, each word from the new catalogue.
  const locale = useLocale();
  return (
    <QueryClientProvider client={queryClient}>
      {/* Before the app: its effects (a toast on arrival) run after the Toaster listens. */}
      <AppToaster />
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes key={locale} />
        </BrowserRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
}
