import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';
import { stopFocusWhenShown } from '../../src/client/components/focus.ts';
import { loadLocale, wholeCatalogue } from '../../src/client/lib/i18n.ts';

// The screens read their words from the English catalogue, all of it, as a signed-in reader whose browser asks for English.
await loadLocale('en');
await wholeCatalogue();

afterEach(() => {
  cleanup();
  // Toasts live outside React: none carries over to the next test.
  toast.dismiss();
  localStorage.clear();
  // A focus still being looked for would land in a later test's document, or in none at all.
  stopFocusWhenShown();
});
