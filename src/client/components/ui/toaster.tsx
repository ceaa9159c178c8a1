import { Toaster } from 'sonner';

/** docs/product.md §13: one toast at a time, 5 s each (lib/toast.ts replaces the one showing). */
export function AppToaster() {
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      closeButton
      position="top-right"
      // Sonner's own greys are too faint for WCAG contrast; ours are not.
      toastOptions={{ classNames: { title: 'text-slate-900!', description: 'text-slate-700!' } }}
    />
  );
}
