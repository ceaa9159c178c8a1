import type { HTMLAttributes, ReactNode } from 'react';

export function Card({ className = '', ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800 ${className}`}
      {...props}
    />
  );
}

export function StatCard({ label, value, icon, hint, testId }: { label: string; value: ReactNode; icon?: ReactNode; hint?: string; testId?: string }) {
  return (
    <Card className="flex items-center gap-4 p-3 sm:p-5">
      {icon && (
        <div aria-hidden className="hidden h-11 w-11 shrink-0 sm:flex items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          {icon}
        </div>
      )}
      <div className="min-w-0">
        <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
        <p className="text-xl font-bold wrap-anywhere sm:text-2xl" data-testid={testId}>
          {value}
        </p>
        {hint && <p className="text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
      </div>
    </Card>
  );
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-slate-200 px-6 py-12 text-center dark:border-slate-800">
      {icon && <div aria-hidden className="text-slate-400">{icon}</div>}
      <p className="font-semibold text-slate-700 dark:text-slate-200">{title}</p>
      {children}
    </div>
  );
}
