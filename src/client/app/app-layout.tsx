import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../components/ui/skip-link.tsx';
import { t } from '../lib/i18n.ts';
import { useAuth, useCurrentUser } from '../lib/use-auth.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { VerifyEmailBanner } from '../features/account/components/verify-email-banner.tsx';
import { TimeZonePrompt } from '../features/profiles/time-zone-prompt.tsx';
import { ConnectionNotice } from './connection-notice.tsx';
import { Sidebar } from './sidebar.tsx';
import { useFrame } from './user-card.tsx';

/** The frame of every signed-in desktop screen: sidebar, top bar with the bell, content. */
export function AppLayout({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const clock = useFrame(user);
  return (
    <div className="flex min-h-screen">
      <SkipLink />
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-2 border-b border-slate-200 bg-white px-6 py-2.5 dark:border-slate-800 dark:bg-slate-900">
          <NotificationBell onOpen={() => void navigate('/notifications')} />
          <Button variant="ghost" size="sm" onClick={() => void signOut()}>
            <LogOut aria-hidden className="h-4 w-4" />
            {t('app.layout.logout')}
          </Button>
        </header>
        <ConnectionNotice className="sticky top-0 z-20" />
        <main key={clock} id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-6 py-8 focus:outline-none">
          <VerifyEmailBanner />
          <TimeZonePrompt />
          {children}
        </main>
      </div>
    </div>
  );
}
