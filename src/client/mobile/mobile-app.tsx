import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createDesktopQueryClient } from '../lib/query-client.ts';
import { MOBILE_QUERY_DEFAULTS } from '../lib/mobile-cache.ts';
import { MobileShell } from './mobile-shell.tsx';
import { MobileNavigationProvider } from './navigation.tsx';
import './mobile.css';

/** The desktop defaults as query-client.ts defines them, to put back when the phone layout ends. */
const desktopDefaults = () => createDesktopQueryClient().getDefaultOptions();

/**
 * The signed-in app under 768 px: the mobile cache settings of docs/product.md §13.9 for as long
 * as it is shown, the phone-sized touch targets of mobile.css, and the shell.
 */
export function MobileApp() {
  const queryClient = useQueryClient();
  // Set while rendering, not after: the views' queries take the defaults as they are first built.
  if (queryClient.getDefaultOptions() !== MOBILE_QUERY_DEFAULTS) queryClient.setDefaultOptions(MOBILE_QUERY_DEFAULTS);
  useEffect(() => {
    queryClient.setDefaultOptions(MOBILE_QUERY_DEFAULTS);
    document.documentElement.classList.add('mobile-layout');
    return () => {
      queryClient.setDefaultOptions(desktopDefaults());
      document.documentElement.classList.remove('mobile-layout');
    };
  }, [queryClient]);
  return (
    <MobileNavigationProvider>
      <MobileShell />
    </MobileNavigationProvider>
  );
}
