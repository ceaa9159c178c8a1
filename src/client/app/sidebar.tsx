import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/use-auth.tsx';
import { useFriendRequests } from '../features/friends/api.ts';
import { t } from '../lib/i18n.ts';
import { SCREENS, SCREEN_NAMES, SECTIONS } from './screens.ts';
import { crewIdOfPath, UserCard } from './user-card.tsx';

/** The sidebar sections of docs/product.md §13.2, each with its screens from the catalogue, in the reader's language. */
export const navSections = () => SECTIONS.map((section) => ({
  ...section,
  items: SCREEN_NAMES.filter((name) => SCREENS[name].section === section.id).map((name) => ({
    to: SCREENS[name].path ?? '/',
    label: SCREENS[name].title,
    icon: SCREENS[name].icon,
  })),
}));

function PendingBadge({ count }: { count: number }) {
  return (
    <>
      <span aria-hidden className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
        {count}
      </span>
      <span className="sr-only">{t('app.sidebar.pendingRequests', { count })}</span>
    </>
  );
}

/**
 * The sidebar (docs/product.md §13.2): five collapsible sections, all open at first, so that every
 * main place is in sight without opening anything.
 */
export function Sidebar() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const requests = useFriendRequests();
  const pending = requests.data?.length ?? 0;
  const sections = navSections();
  const [open, setOpen] = useState<Set<string>>(() => new Set(sections.map((section) => section.id)));
  const toggle = (id: string, isOpen: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <aside className="flex w-64 shrink-0 flex-col border-e border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center gap-2 px-5 py-4 text-xl font-extrabold text-brand-600 dark:text-white">
        {/* eslint-disable-next-line betbro/no-literal-text -- the brand's initial */}
        <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">B</span>
        {/* eslint-disable-next-line betbro/no-literal-text -- the brand */}
        <span>Betbro</span>
      </div>
      <div className="mx-4 mb-3">
        <UserCard user={user} marked crewId={crewIdOfPath(pathname)} />
      </div>
      <nav aria-label={t('app.sidebar.navLabel')} className="flex-1 overflow-y-auto px-3 pb-4">
        {sections.filter((s) => !('adminOnly' in s) || user.role === 'admin').map((section) => (
          <Collapsible.Root key={section.id} open={open.has(section.id)} onOpenChange={(isOpen) => toggle(section.id, isOpen)}>
            <Collapsible.Trigger className="group mt-2 flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-xs font-bold tracking-wide text-slate-600 uppercase hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
              <span className="flex-1 text-start">{section.title}</span>
              {/* A closed section still shows that friend requests wait inside it. */}
              {!open.has(section.id) && pending > 0 && section.items.some((item) => item.to === '/friends') && <PendingBadge count={pending} />}
              <ChevronDown aria-hidden className="h-4 w-4 transition-transform group-data-[state=closed]:-rotate-90" />
            </Collapsible.Trigger>
            <Collapsible.Content>
              <ul className="mt-1 space-y-0.5">
                {section.items.map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={to === '/'}
                      className={({ isActive }) =>
                        `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'}`
                      }
                    >
                      <Icon aria-hidden className="h-4 w-4" />
                      <span className="flex-1">{label}</span>
                      {to === '/friends' && pending > 0 && <PendingBadge count={pending} />}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </Collapsible.Content>
          </Collapsible.Root>
        ))}
      </nav>
    </aside>
  );
}
