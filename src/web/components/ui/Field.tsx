import { forwardRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** The shop's text box; the field adds the border colour, red while the value is wrong. */
export const inputClass =
  'mt-1.5 block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600';

/** What makes a text field an email or a phone field: the phone's keyboard and the browser's autofill. */
export const emailInput = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;
export const phoneInput = { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } as const;

/** What a field gives its control: the label's target, and the hint and message screen readers hear with it. */
interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's own message, shown under it. */
  error?: string;
  /** Marks the control wrong when the message that says why is the form's (see errorId), not the field's own. */
  invalid?: boolean;
  /** The id of the form's message that explains an invalid field. */
  errorId?: string;
  /** Read the message out as soon as it appears (for a field that is the whole form). */
  announce?: boolean;
  /** Classes of the field's box, for its place in the form's layout. */
  className?: string;
}

/** A label, the control, a hint and a message, tied together with aria-describedby and aria-invalid. */
export function Field({
  id,
  label,
  hint,
  error,
  invalid,
  errorId,
  announce,
  className,
  children,
}: FieldFrameProps & { children: (control: FieldControl) => ReactNode }) {
  const wrong = invalid || !!error;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`, invalid && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': wrong ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: cn(inputClass, wrong ? 'border-red-700' : 'border-slate-400'),
      })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role={announce ? 'alert' : undefined} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Splits a field's own props from those of its control. */
function frameOf<P extends FieldFrameProps>({ id, label, hint, error, invalid, errorId, announce, className, ...control }: P) {
  return { frame: { id, label, hint, error, invalid, errorId, announce, className }, control };
}

type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const { frame, control } = frameOf(props);
  return <Field {...frame}>{(wiring) => <input ref={ref} {...wiring} {...control} />}</Field>;
});

type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(props, ref) {
  const { frame, control } = frameOf(props);
  return <Field {...frame}>{(wiring) => <textarea ref={ref} {...wiring} className={cn(wiring.className, 'resize-y')} {...control} />}</Field>;
});

type SelectFieldProps = FieldFrameProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    options: readonly { value: string; label: string }[];
    placeholder?: string;
  };

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(props, ref) {
  const {
    frame,
    control: { options, placeholder, ...control },
  } = frameOf(props);
  return (
    <Field {...frame}>
      {(wiring) => (
        <select ref={ref} {...wiring} {...control}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
});
