import { Loader2 } from 'lucide-react';

export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return <Loader2 aria-hidden className={`animate-spin ${className}`} />;
}

/** The whole-screen loading state, e.g. while the current user loads (docs/product.md §13.1). */
export function FullScreenLoader({ message }: { message: string }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4" role="status" aria-live="polite">
      <Spinner className="h-10 w-10 text-brand-600" />
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
    </main>
  );
}
