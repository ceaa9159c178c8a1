import { LogOut, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { t } from '../lib/i18n.ts';
import { useAuth, useCurrentUser } from '../lib/use-auth.tsx';
import { SCREENS, SCREEN_NAMES } from '../app/screens.ts';
import { UserCard } from '../app/user-card.tsx';
import { useReturnFocus } from '../components/ui/dialog.tsx';
import type { ViewName } from './mobile-location.ts';

/** The slide-in menu (docs/product.md §13.3), in its order, and the admins' part. */
const MENU = SCREEN_NAMES.filter((view) => SCREENS[view].menu && SCREENS[view].section !== 'admin');
const ADMIN_MENU = SCREEN_NAMES.filter((view) => SCREENS[view].menu && SCREENS[view].section === 'admin');

function MenuList({ label, items, current, onSelect }: { label: string; items: ViewName[]; current: ViewName; onSelect: (view: ViewName) => void }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        {items.map((view) => {
          const { title: text, icon: Icon } = SCREENS[view];
          return (
          <li key={view}>
            <button
              type="button"
              onClick={() => onSelect(view)}
              aria-current={current === view ? 'page' : undefined}
              className={`flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-start font-medium ${current === view ? 'bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100' : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'}`}
            >
              <Icon aria-hidden className="h-5 w-5" />
              {text}
            </button>
          </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The slide-in menu of docs/product.md §13.3: every view, the admin views for admins, and Sign
 * Out. A modal dialog, so focus stays inside while it is open and Escape closes it.
 */
export function SlideInMenu({
  open,
  onOpenChange,
  current,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  current: ViewName;
  onSelect: (view: ViewName) => void;
}) {
  const user = useCurrentUser();
  const { signOut } = useAuth();
  const isAdmin = user.role === 'admin';
  // Closed without a choice, it gives the focus back to the menu button; a chosen view takes it itself.
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="mobile-menu-overlay fixed inset-0 z-40 bg-slate-950/50" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="mobile-menu-panel fixed inset-y-0 start-0 z-50 flex w-[85vw] max-w-xs flex-col overflow-y-auto bg-white pb-[env(safe-area-inset-bottom)] shadow-2xl dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 dark:border-slate-800">
            {/* Named in full ("Betbro menu") for screen readers; the brand alone shows. */}
            <Dialog.Title aria-label={t('mobile.menu.title')} className="text-lg font-extrabold text-brand-700 dark:text-white">
              {/* eslint-disable-next-line betbro/no-literal-text -- the brand */}
              <span>Betbro</span>
            </Dialog.Title>
            <Dialog.Close aria-label={t('mobile.menu.close')} className="flex items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
              <X aria-hidden className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <div className="m-3">
            <UserCard user={user} />
          </div>
          <div className="flex-1 space-y-4 px-3 pb-3">
            <MenuList label={t('mobile.menu.navLabel')} items={MENU} current={current} onSelect={onSelect} />
            {isAdmin && (
              <div>
                <h2 className="px-3 pb-1 text-xs font-bold tracking-wide text-slate-600 uppercase dark:text-slate-300">{t('app.sections.admin')}</h2>
                <MenuList label={t('app.sections.admin')} items={ADMIN_MENU} current={current} onSelect={onSelect} />
              </div>
            )}
          </div>
          <div className="border-t border-slate-200 p-3 dark:border-slate-800">
            <button
              type="button"
              onClick={() => void signOut()}
              className="flex min-h-11 w-full items-center gap-3 rounded-lg px-3 font-semibold text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
            >
              <LogOut aria-hidden className="h-5 w-5" />
              {t('mobile.menu.signOut')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
