import './lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppErrorBoundary } from './app/app-error-boundary.tsx';
import { initialLocale, loadLocale } from './lib/i18n.ts';
import { ScreenLoadError } from './lib/lazy-screen.ts';
import { welcomeOnPage } from './lib/welcome-on-page.ts';
import { applyTheme, storedTheme } from './lib/theme.ts';
import './styles.css';

// Before the first paint, so a dark-theme user never sees a white flash.
applyTheme(storedTheme());

// The service worker (public/sw.js): app shell cache, offline page, push notifications. Not in
// development, where Vite serves modules that change on every edit.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('Service worker not registered', error));
  });
}

const rootElement = document.getElementById('root');
if (!rootElement) {
  // Without a root element React has nowhere to draw; say so instead of a blank page.
  document.body.textContent = 'Betbro could not start: the page is missing its root element.';
} else {
  const root = createRoot(rootElement, {
    // A screen whose code could not be downloaded is shown as such, with Try again: not an error
    // to report. Anything else an error boundary catches is still written to the console.
    onCaughtError: (error, info) => {
      if (error instanceof ScreenLoadError) return;
      console.error(error, info.componentStack);
    },
  });
  // The landing page the server may have put in the page, and the answer it was written for: read
  // before React draws in its place.
  const welcome = welcomeOnPage(rootElement);
  // The first screen is drawn in its reader's language: their catalogue first (a small chunk).
  await loadLocale(initialLocale());
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <App welcome={welcome} />
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
}
