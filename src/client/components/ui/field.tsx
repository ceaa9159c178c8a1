import { said } from '../../lib/i18n.ts';
import { createContext, useContext, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

/**
 * What a field tells the control inside it: its id (which the label names), the texts that
 * describe it (the hint, or the error once there is one) and whether it is invalid. Input,
 * Textarea and Select take these themselves, so every field of every form is wired the same way.
 */
interface FieldControl {
  id?: string | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
}

const FieldContext = createContext<FieldControl>({});

type ControlProps = { id?: string | undefined; 'aria-describedby'?: string | undefined; 'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling' | undefined };

/** A control's own props over what its field says: an id or aria-invalid given here wins, descriptions add up. */
export function useFieldControl<P extends ControlProps>(props: P): P {
  const field = useContext(FieldContext);
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid ? true : undefined),
  };
}

/**
 * A field's message: beside the field, announced when it appears, there until the field is right.
 * A rule's sentence (the shared schemas', the server's) is shown in the reader's language.
 */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
      {typeof children === 'string' ? said(children) : children}
    </p>
  );
}

const describedBy = (id: string, error: string | undefined, hasHint: boolean) => (error ? `${id}-error` : hasHint ? `${id}-hint` : undefined);

/** A labelled form field with its hint or its error message, both tied to the control inside. */
export function Field({ id, label, error, children, hint }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      <FieldContext.Provider value={{ id, describedBy: describedBy(id, error, Boolean(hint)), invalid: Boolean(error) }}>{children}</FieldContext.Provider>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

/**
 * A group of controls answering one question (a bet's options, the pick of a stake): a fieldset
 * named by its legend, with one hint or error for the group, which every control inside carries.
 */
export function FieldGroup({
  id,
  legend,
  error,
  hint,
  children,
  legendClassName = 'mb-1.5 text-sm font-semibold',
}: {
  id: string;
  legend: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  legendClassName?: string;
}) {
  const description = describedBy(id, error, Boolean(hint));
  return (
    <fieldset id={id} aria-describedby={description}>
      <legend className={legendClassName}>{legend}</legend>
      <FieldContext.Provider value={{ describedBy: description, invalid: Boolean(error) }}>{children}</FieldContext.Provider>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}

const controlClass =
  'w-full rounded-lg border bg-white px-3 py-2.5 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-invalid:border-red-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-invalid:border-red-400';

export const inputClass = `${controlClass} border-slate-300 placeholder:text-slate-400 dark:border-slate-700`;

export function Textarea({ className = '', ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${inputClass} ${className}`} {...useFieldControl(props)} />;
}

export function Select({ className = '', ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${controlClass} border-slate-300 dark:border-slate-700 ${className}`} {...useFieldControl(props)} />;
}

/** One choice of a FieldGroup, which tells it whether the group is invalid and why. */
export function Radio(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="radio" {...useFieldControl(props)} />;
}
