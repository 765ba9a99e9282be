import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';

type Issue = { path: readonly PropertyKey[]; message: string };
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };

/** First message of each field, from a zod error's issues. */
function fieldErrors<F extends string>(issues: readonly Issue[], fields: readonly F[]): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !errors[field as F]) errors[field as F] = issue.message;
  }
  return errors;
}

interface ValidatedFormOptions<F extends string, V extends Record<F, string>, T> {
  initial: () => V;
  /** The fields in screen order: the first one with a problem gets the focus. */
  fields: readonly F[];
  /** The shared zod schema's safeParse, so the browser says what the server would. */
  parse: (values: V) => ParseResult<T>;
  /** Each field's element id is this prefix, a dash and the field's name. */
  idPrefix: string;
  /** A field left with something typed in it is checked at once, before any submit. */
  checkOnBlur?: boolean;
}

/**
 * A form checked by a zod schema: nothing is shown until the first submit (or, with checkOnBlur,
 * until a filled-in field is left); from then on the messages follow the typing so a fixed field
 * clears at once, and a refused submit focuses the first field with a problem.
 */
export function useValidatedForm<F extends string, V extends Record<F, string>, T>({
  initial,
  fields,
  parse,
  idPrefix,
  checkOnBlur = false,
}: ValidatedFormOptions<F, V, T>) {
  const [values, setValues] = useState<V>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<F>>(() => new Set());
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  // One callback per field for the life of the form, so React does not detach and reattach refs on every render.
  const refCallbacks = useRef<Partial<Record<F, (element: HTMLElement | null) => void>>>({});

  const check = (current: V): { data: T | undefined; errors: Partial<Record<F, string>> } => {
    const result = parse(current);
    return result.success ? { data: result.data, errors: {} } : { data: undefined, errors: fieldErrors(result.error.issues, fields) };
  };
  const all = check(values).errors;
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) if ((submitted || left.has(field)) && all[field]) errors[field] = all[field];

  const register = (field: F) =>
    (refCallbacks.current[field] ??= (element) => {
      elements.current[field] = element;
    });
  const focus = (field: F) => elements.current[field]?.focus();

  /** The parsed values, or undefined after showing the messages and focusing the first problem. */
  const submit = (): T | undefined => {
    setSubmitted(true);
    const result = check(values);
    if (result.data === undefined) {
      const first = fields.find((f) => result.errors[f]);
      if (first) focus(first);
    }
    return result.data;
  };

  return {
    values,
    setValues,
    focus,
    /** The props of a field's input, select or text area: its id and name, value, message and focus target. */
    field(name: F) {
      return {
        id: `${idPrefix}-${name}`,
        name,
        ref: register(name),
        value: values[name],
        error: errors[name],
        onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) {
          const { value } = event.target;
          setValues((current) => ({ ...current, [name]: value }));
        },
        onBlur: checkOnBlur
          ? () => {
              if (values[name].trim() && !left.has(name)) setLeft(new Set(left).add(name));
            }
          : undefined,
      };
    },
    /** The form's onSubmit: nothing while busy (a send on its way); else the parsed values go to send, or the problems show. */
    onSubmit(busy: boolean, send: (data: T) => void) {
      return (event: FormEvent) => {
        event.preventDefault();
        if (busy) return;
        const data = submit();
        if (data !== undefined) send(data);
      };
    },
    /** For a form checked as part of another's submit: shows the messages and focuses the first problem; the parsed values when there is none. */
    submit,
    /** After a save: the saved values, and messages quiet until the next submit. */
    reset(next: V) {
      setValues(next);
      setSubmitted(false);
      setLeft(new Set());
    },
  };
}

export type ValidatedForm<F extends string, V extends Record<F, string>, T> = ReturnType<typeof useValidatedForm<F, V, T>>;
