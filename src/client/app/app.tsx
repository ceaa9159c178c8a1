import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { AuthProvider } from '../features/auth/hooks/use-auth.tsx';
import { createDesktopQueryClient } from '../lib/query-client.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(createDesktopQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AuthProvider>
      {/* Spec §9: one toast at a time, 5 s each. */}
      <Toaster
        visibleToasts={1}
        duration={5000}
        closeButton
        position="top-right"
        // Sonner's own greys are too faint for WCAG contrast; ours are not.
        toastOptions={{ classNames: { title: 'text-slate-900!', description: 'text-slate-700!' } }}
      />
    </QueryClientProvider>
  );
}
