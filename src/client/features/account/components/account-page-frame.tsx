import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * The frame of the pages a mailed link opens, signed in or not (as the invite page): one card in
 * the middle of the screen, whatever its width.
 */
export function AccountPageFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 p-4 dark:from-slate-950 dark:via-slate-900 dark:to-slate-950">
      <Card className="w-full max-w-md">{children}</Card>
    </main>
  );
}

/** A page's heading, which takes the focus when the page changes what it says (a form replaced by its outcome). */
export function PageHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h1 id={id} tabIndex={id ? -1 : undefined} className="text-2xl font-bold focus:outline-none">
      {children}
    </h1>
  );
}

export const pageLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-100';

/** The server's words for a mailed link that does not work, said here too when the link has no token at all. */
export const invalidLink = () => t('account.link.invalid');
