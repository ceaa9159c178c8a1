import './lib/zod-config.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { AppErrorBoundary } from './app/app-error-boundary.tsx';
import { applyTheme, storedTheme } from './lib/theme.ts';
import './styles.css';

// Before the first paint, so a dark-theme user never sees a white flash.
applyTheme(storedTheme());

const rootElement = document.getElementById('root');
if (!rootElement) {
  // Without a root element React has nowhere to draw; say so instead of a blank page.
  document.body.textContent = 'Betbro could not start: the page is missing its root element.';
} else {
  const root = createRoot(rootElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <App />
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
}
