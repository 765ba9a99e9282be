import { cn } from '../../lib/cn';

/** Spec sections 5 and 8. */
export const authMessages = {
  resetInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  resetDone: 'Your password has been changed. Sign in with your new password.',
  fillAll: 'Please fill in all fields',
  mismatch: 'Passwords do not match',
  tooShort: 'Password must be at least 6 characters long',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  loginFailed: 'Failed to log in. Please check your credentials.',
  signupFailed: 'Failed to create account. Please try again.',
  signupSuccess: 'Account created successfully! Please check your email for verification instructions and a welcome message.',
  resetFailed: 'Failed to send password reset email. Please try again.',
} as const;

export const MIN_PASSWORD_LENGTH = 6;

const inputClass =
  'mt-1.5 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 focus-visible:border-brand-600';

export function Field(props: {
  id: string;
  label: string;
  type: string;
  value: string;
  autoComplete: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-900">
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.invalid ? 'auth-error' : undefined}
        className={cn(inputClass, props.invalid && 'border-red-700')}
      />
    </div>
  );
}

export function FormMessage({ error, success }: { error?: string; success?: string }) {
  return (
    <div aria-live="polite">
      {error && (
        <p id="auth-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      {success && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          {success}
        </p>
      )}
    </div>
  );
}

