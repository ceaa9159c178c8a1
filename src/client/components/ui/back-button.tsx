import { ArrowLeft } from 'lucide-react';

/** The way back at the top of a view that is not in the menu (docs/product.md §13.3: 'Back to friends'). */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="-ms-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-100 dark:hover:bg-slate-800"
    >
      <ArrowLeft aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
      {label}
    </button>
  );
}
