import { Link } from 'react-router';
import { t } from '../../lib/i18n.ts';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-bold">{t('app.notFound.title')}</h1>
      <p className="text-slate-600 dark:text-slate-300">{t('app.notFound.message')}</p>
      <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t('app.notFound.home')}
      </Link>
    </main>
  );
}
