import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string | string[]>;
/** The fields held as one string: those `field(name)` serves. */
type TextName<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/**
 * The one form pattern of the client: fields held as strings (or lists of strings), checked on
 * submit with the shared zod schema of the request body; each field shows the first message
 * about it. `field(name)` gives a text input or select its value, onChange and aria-invalid;
 * `set(name, value)` changes any value, a list among them. When the body is not simply the
 * values, `toBody` makes it from them, and the schema's messages carry the body's names.
 */
export function useZodForm<S extends z.ZodType, T extends Values>(schema: S, initial: T, toBody?: (values: T) => z.input<S>) {
  type Name = (keyof T | keyof z.input<S>) & string;
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const set = <K extends keyof T>(name: K, value: T[K]) => setValues((current) => ({ ...current, [name]: value }));
  const field = (name: TextName<T>) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, event.target.value as T[typeof name]),
    'aria-invalid': errors[name] ? true : undefined,
  });
  /** Checks the values; calls `onValid` with the parsed body, or shows the errors (and tells `onInvalid`). */
  const submit =
    (onValid: (body: z.output<S>) => void, check?: (values: T) => FieldErrors<Name>, onInvalid?: (errors: FieldErrors<Name>) => void) =>
    (event: FormEvent) => {
      event.preventDefault();
      const found: FieldErrors<Name> = {};
      const parsed = schema.safeParse(toBody ? toBody(values) : values);
      if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Name] ??= issue.message;
      Object.assign(found, check?.(values));
      setErrors(found);
      if (parsed.success && Object.keys(found).length === 0) onValid(parsed.data);
      else onInvalid?.(found);
    };
  const reset = () => {
    setValues(initial);
    setErrors({});
  };
  return { values, errors, setErrors, field, set, submit, reset };
}
