import { useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';

type Values = Record<string, string | string[]>;
/** The fields held as one string: those `field(name)` serves. */
type TextName<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

export interface ZodFormOptions<S extends z.ZodType, T extends Values, Name extends string> {
  /** When the body is not simply the values: makes it from them (the schema's messages then carry the body's names). */
  toBody?: (values: T) => z.input<S>;
  /** Rules of the form beyond the schema's; its messages win over the schema's for the same field. */
  check?: (values: T) => FieldErrors<Name>;
}

/** The first control of a form that says it is invalid (a group's first control when the group says so). */
function firstInvalidControl(form: HTMLFormElement): HTMLElement | null {
  const marked = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!marked || marked.matches('input, select, textarea, button')) return marked;
  return marked.querySelector<HTMLElement>('input, select, textarea, button');
}

/**
 * The one form pattern of the client: fields held as strings (or lists of strings), checked with
 * the shared zod schema of the request body. Nothing is said before the first submit; from then on
 * every field's first message shows beside it, all of them at once, and each stays until its
 * field is right (the values are checked again as they change). A submit that finds errors puts
 * the focus on the first invalid field. `field(name)` gives a text input or select its value,
 * onChange and aria-invalid (the surrounding Field adds the rest); `set(name, value)` changes any
 * value, a list among them. `setErrors` shows what the server refused, until that field changes.
 */
export function useZodForm<S extends z.ZodType, T extends Values>(
  schema: S,
  initial: T,
  { toBody, check }: ZodFormOptions<S, T, (keyof T | keyof z.input<S>) & string> = {},
) {
  type Name = (keyof T | keyof z.input<S>) & string;
  const [values, setValues] = useState<T>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [refused, setRefused] = useState<FieldErrors<Name>>({});

  const validate = (current: T) => {
    const found: FieldErrors<Name> = {};
    const parsed = schema.safeParse(toBody ? toBody(current) : current);
    if (!parsed.success) for (const issue of parsed.error.issues) found[issue.path[0] as Name] ??= issue.message;
    Object.assign(found, check?.(current));
    return { found, parsed };
  };
  // Checked again as the values change once the form has been submitted: a form's rules are few.
  const errors: FieldErrors<Name> = { ...(submitted ? validate(values).found : {}), ...refused };

  const set = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setRefused((current) => {
      if (!(name in current)) return current;
      const { [name as unknown as Name]: _changed, ...rest } = current;
      return rest as FieldErrors<Name>;
    });
  };
  const field = (name: TextName<T>) => ({
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, event.target.value as T[typeof name]),
    'aria-invalid': errors[name] ? true : undefined,
  });
  /** Checks the values; calls `onValid` with the parsed body, or shows every error (and tells `onInvalid`). */
  const submit =
    (onValid: (body: z.output<S>) => void, onInvalid?: (errors: FieldErrors<Name>) => void) =>
    (event: FormEvent) => {
      event.preventDefault();
      const { found, parsed } = validate(values);
      if (parsed.success && Object.keys(found).length === 0) {
        setRefused({});
        onValid(parsed.data);
        return;
      }
      const form = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
      // Drawn now, so that the focus can go to the first field that needs the player.
      flushSync(() => {
        setSubmitted(true);
        setRefused({});
      });
      if (form) firstInvalidControl(form)?.focus();
      onInvalid?.(found);
    };
  const reset = () => {
    setValues(initial);
    setSubmitted(false);
    setRefused({});
  };
  return { values, errors, setErrors: setRefused, field, set, submit, reset };
}
