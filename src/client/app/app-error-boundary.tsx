import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';

interface State {
  error: Error | null;
}

/** The 'App Error' screen: whatever fails while rendering ends here with a way back. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('App Error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div role="alert" className="max-w-md rounded-2xl bg-white p-8 text-center shadow-lg dark:bg-slate-900">
          <h1 className="text-2xl font-bold">{t('app.errorBoundary.title')}</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-300">{t('app.errorBoundary.message')}</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-6 rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            {t('app.errorBoundary.refresh')}
          </button>
        </div>
      </main>
    );
  }
}
