import { Toaster } from 'sonner';

/** docs/product.md §13: one toast at a time, 5 s each (lib/toast.ts replaces the one showing). */
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      closeButton
      position="top-right"
      // Below either frame's top bar (the narrow header is about 3.6rem under the safe area), so
      // the title, the balance and the bell stay in sight; `mobileOffset` is sonner's under 600 px.
      offset={{ top: 'calc(env(safe-area-inset-top) + 4rem)', right: '1.5rem' }}
      mobileOffset={{ top: 'calc(env(safe-area-inset-top) + 4rem)', left: '1rem', right: '1rem' }}
      // Sonner's own greys are too faint for WCAG contrast; ours are not.
      toastOptions={{ classNames: { title: 'text-slate-900!', description: 'text-slate-700!' } }}
    />
  );
}
