import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;
export type FieldErrors<T extends Values> = Partial<Record<keyof T, string>>;

/**
 * The one form pattern of the client: text fields held as strings, checked on submit with the
 * shared zod schema of the request body; each field shows the first message about it.
 * `field(name)` gives an input its value, onChange and aria-invalid.
 */
export function useZodForm<T extends Values, Out>(schema: z.ZodType<Out>, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const field = (name: keyof T & string) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
    'aria-invalid': errors[name] ? true : undefined,
  });
  /** Checks the values; calls `onValid` with the parsed body, or shows the errors (and tells `onInvalid`). */
  const submit = (onValid: (body: Out) => void, check?: (values: T) => FieldErrors<T>, onInvalid?: (errors: FieldErrors<T>) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors<T> = {};
    const parsed = schema.safeParse(values);
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as keyof T] ??= issue.message;
    Object.assign(found, check?.(values));
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) onValid(parsed.data);
    else onInvalid?.(found);
  };
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, errors, setErrors, field, submit, reset };
}
