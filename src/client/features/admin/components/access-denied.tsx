import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/use-auth.tsx';

export function AccessDenied() {
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert aria-hidden className="h-12 w-12 text-red-600" />
      <h2 className="text-2xl font-bold">{t('admin.accessDenied.title')}</h2>
      <p className="text-slate-700 dark:text-slate-300">{t('admin.accessDenied.message')}</p>
    </div>
  );
}

/** The admin screens, for admins only (docs/product.md §13.8); the server refuses the rest anyway. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return user.role === 'admin' ? <>{children}</> : <AccessDenied />;
}
