import { useRef, useState, type ChangeEvent } from 'react';
import { fieldErrors } from './field-errors';

type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

interface SchemaFormOptions<F extends string, V extends Record<F, unknown>, T> {
  initial: () => V;
  /** The fields in screen order: the first one with a problem gets the focus. */
  fields: readonly F[];
  /** The shared zod schema's safeParse, so the browser says what the server would. */
  parse: (values: V) => ParseResult<T>;
}

/**
 * A form checked by a zod schema: nothing is shown until the first submit; from then on the
 * messages follow the typing so a fixed field clears at once, and a refused submit focuses the
 * first field with a problem.
 */
export function useSchemaForm<F extends string, V extends Record<F, unknown>, T>({ initial, fields, parse }: SchemaFormOptions<F, V, T>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  // One callback per field for the life of the form, so React does not detach and reattach refs on every render.
  const refCallbacks = useRef<Partial<Record<F, (element: HTMLElement | null) => void>>>({});

  const check = (next: V): { data: T | undefined; errors: Partial<Record<F, string>> } => {
    const result = parse(next);
    return result.success ? { data: result.data, errors: {} } : { data: undefined, errors: fieldErrors(result.error.issues, fields) };
  };

  return {
    values,
    errors,
    setValues,
    /** For inputs, selects and text areas whose name is the field. */
    onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
      const next = { ...values, [event.target.name]: event.target.value };
      setValues(next);
      if (submitted) setErrors(check(next).errors);
    },
    /** The ref of a field's element, so a refused submit can focus it. */
    register(field: F) {
      return (refCallbacks.current[field] ??= (element) => {
        elements.current[field] = element;
      });
    },
    /** The parsed values, or undefined after showing the messages and focusing the first problem. */
    submit(): T | undefined {
      setSubmitted(true);
      const result = check(values);
      setErrors(result.errors);
      if (result.data === undefined) {
        const first = fields.find((f) => result.errors[f]);
        if (first) elements.current[first]?.focus();
      }
      return result.data;
    },
    /** After a save: the saved values, and messages quiet until the next submit. */
    reset(next: V) {
      setValues(next);
      setSubmitted(false);
      setErrors({});
    },
  };
}
