import { useState, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

/** Small building blocks shared by the mobile views. */

export function Loading({ message }: { message: string }) {
  return (
    <p className="flex items-center gap-2 py-4 text-slate-600 dark:text-slate-300" role="status">
      <Spinner /> {message}
    </p>
  );
}

export function ErrorText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="py-4 text-red-700 dark:text-red-300">
      {children}
    </p>
  );
}

/** A titled part of a screen; `headingId` lets an action send the focus to its heading when nothing nearer is left. */
export function Section({ title, action, headingId, children }: { title: string; action?: ReactNode; headingId?: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-label={title}>
      <div className="flex min-h-11 items-center justify-between gap-3">
        <h2 id={headingId} tabIndex={headingId ? -1 : undefined} className="text-lg font-bold">
          {title}
        </h2>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {children}
    </section>
  );
}

/** A figure in a grid of figures: label above, value below. */
export function Tile({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <dt className="truncate text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-0.5 truncate text-xl font-bold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function TileGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3" aria-label={label}>
      {children}
    </dl>
  );
}

/**
 * A whole-row on/off switch: the row is the touch target, the checkbox says the state. It moves
 * at the tap and stays there while the change is saved; if saving fails it moves back.
 */
export function SwitchRow({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => Promise<unknown>;
}) {
  const [saving, setSaving] = useState<boolean | null>(null);
  const change = (next: boolean) => {
    setSaving(next);
    // Settled either way: the saved value has arrived, or the old one stands.
    onChange(next).then(
      () => setSaving(null),
      () => setSaving(null),
    );
  };
  return (
    <label htmlFor={id} className="flex min-h-14 cursor-pointer items-center justify-between gap-4 py-2">
      <span className="min-w-0 text-sm">
        <span className="block font-medium">{label}</span>
        {description && <span className="block text-xs text-slate-600 dark:text-slate-300">{description}</span>}
      </span>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="h-6 w-6 shrink-0 accent-brand-600"
        checked={saving ?? checked}
        disabled={disabled}
        onChange={(e) => change(e.target.checked)}
      />
    </label>
  );
}

/** A full-width row that opens another view. */
export function RowButton({ icon, label, hint, onClick }: { icon?: ReactNode; label: string; hint?: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex min-h-12 w-full items-center gap-3 rounded-xl px-3 py-2 text-start hover:bg-slate-50 dark:hover:bg-slate-800"
    >
      {icon && (
        <span aria-hidden className="text-brand-700 dark:text-brand-100">
          {icon}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{label}</span>
        {hint && <span className="block truncate text-xs text-slate-600 dark:text-slate-300">{hint}</span>}
      </span>
      <span aria-hidden className="text-slate-400">
        ›
      </span>
    </button>
  );
}
