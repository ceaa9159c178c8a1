import { Toaster } from 'sonner';
import { t } from '../../lib/i18n.ts';

/** docs/product.md §13: one toast at a time, 5 s each (lib/toast.ts replaces the one showing). */
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      closeButton
      // Sonner's own words for the toasts' region ("Notifications alt+T") and their close button, in the reader's language.
      containerAriaLabel={t('ui.toaster.regionLabel')}
      position="top-right"
      // Below either frame's top bar (the narrow header is about 3.6rem under the safe area), so
      // the title, the balance and the bell stay in sight; `mobileOffset` is sonner's under 600 px.
      offset={{ top: 'calc(env(safe-area-inset-top) + 4rem)', right: '1.5rem' }}
      mobileOffset={{ top: 'calc(env(safe-area-inset-top) + 4rem)', left: '1rem', right: '1rem' }}
      // Sonner's own greys are too faint for WCAG contrast; ours are not.
      toastOptions={{
        closeButtonAriaLabel: t('ui.toaster.close'),
        // eslint-disable-next-line betbro/no-literal-text -- class names, not words
        classNames: { title: 'text-slate-900!', description: 'text-slate-700!' },
      }}
    />
  );
}
