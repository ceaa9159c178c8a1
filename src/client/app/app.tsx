import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/ui/toaster.tsx';
import { useLocale } from '../lib/i18n.ts';
import { AuthProvider } from '../lib/use-auth.tsx';
import { createDesktopQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(createDesktopQueryClient);
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
