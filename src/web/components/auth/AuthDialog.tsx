import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { closeAuthDialog, setAuthMode, useAuthDialog, type AuthMode } from './auth-dialog-store';
import { useRequestPasswordReset, useSignIn, useSignUp } from './use-session';
import { AUTH_ERROR_ID, authField, authMessages, MIN_PASSWORD_LENGTH } from './auth-form';
import { GoogleSignIn } from './GoogleSignIn';
import { prepareSignInMethod, signInMessage } from './sign-in-method';
import { emailSchema } from '../../../shared/schemas';

/** Spec section 4: the dialog closes 3 s after a successful sign-up. */
export const SIGNUP_CLOSE_DELAY_MS = 3000;

const titles: Record<AuthMode, string> = {
  login: 'Sign In',
  signup: 'Create Account',
  'forgot-password': 'Reset Password',
};

function ModeLink({ mode, children }: { mode: AuthMode; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => setAuthMode(mode)}
      className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
    >
      {children}
    </button>
  );
}

function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const signIn = useSignIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    if (!email.trim() || !password) return setError(authMessages.fillAll);
    setError(undefined);
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => closeAuthDialog(),
        onError: (err) =>
          setError(err instanceof ApiError && err.status === 401 ? authMessages.loginFailed : signInMessage(err, authMessages.loginFailed)),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField {...authField('auth-email', email, setEmail, !!error && !email.trim())} label="Email" type="email" autoComplete="email" />
      <TextField {...authField('auth-password', password, setPassword, !!error && !password)} label="Password" type="password" autoComplete="current-password" />
      <FormAlert id={AUTH_ERROR_ID} message={error} />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
      <div className="flex flex-col items-center gap-2 text-sm text-slate-600">
        <ModeLink mode="forgot-password">Forgot your password?</ModeLink>
        <p>
          Don&apos;t have an account? <ModeLink mode="signup">Sign up</ModeLink>
        </p>
      </div>
    </form>
  );
}

function SignupForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState(false);
  const signUp = useSignUp();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(closeAuthDialog, SIGNUP_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signUp.isPending || success) return;
    if (!name.trim() || !email.trim() || !password || !confirm) return setError(authMessages.fillAll);
    if (password !== confirm) return setError(authMessages.mismatch);
    if (password.length < MIN_PASSWORD_LENGTH) return setError(authMessages.tooShort);
    setError(undefined);
    signUp.mutate(
      { name: name.trim(), email: email.trim(), password },
      {
        onSuccess: () => setSuccess(true),
        onError: (err) => setError(signInMessage(err, authMessages.signupFailed)),
      },
    );
  };

  const missing = !!error && error === authMessages.fillAll;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField {...authField('auth-name', name, setName, missing && !name.trim())} label="Full Name" type="text" autoComplete="name" />
      <TextField {...authField('auth-email', email, setEmail, missing && !email.trim())} label="Email" type="email" autoComplete="email" />
      <TextField {...authField('auth-password', password, setPassword, (missing && !password) || error === authMessages.tooShort || error === authMessages.mismatch)} label="Password" type="password" autoComplete="new-password" />
      <TextField {...authField('auth-confirm', confirm, setConfirm, error === authMessages.mismatch || (missing && !confirm))} label="Confirm Password" type="password" autoComplete="new-password" />
      <FormAlert id={AUTH_ERROR_ID} message={error} success={success ? authMessages.signupSuccess : undefined} />
      <Button type="submit" className="w-full" disabled={signUp.isPending || success}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account? <ModeLink mode="login">Sign in</ModeLink>
      </p>
    </form>
  );
}

function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const reset = useRequestPasswordReset();

  if (sentTo) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
          If an account exists for {sentTo}, we have sent a link to reset its password. Please check your inbox.
        </p>
        <Button className="w-full" onClick={() => setAuthMode('login')} debounceMs={0}>
          Back to sign in
        </Button>
        <Button variant="outline" className="w-full" onClick={() => setSentTo(undefined)} debounceMs={0}>
          Send another email
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const address = email.trim();
    if (!address) return setError(authMessages.emailRequired);
    if (!emailSchema(authMessages.emailInvalid).safeParse(address).success) return setError(authMessages.emailInvalid);
    setError(undefined);
    reset.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (err) => setError(signInMessage(err, authMessages.resetFailed)),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-600">Enter your email address and we will send you a link to reset your password.</p>
      <TextField {...authField('auth-email', email, setEmail, !!error)} label="Email" type="email" autoComplete="email" />
      <FormAlert id={AUTH_ERROR_ID} message={error} />
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it? <ModeLink mode="login">Back to sign in</ModeLink>
      </p>
      <p className="text-center text-sm text-slate-600">
        No account yet? <ModeLink mode="signup">Sign up</ModeLink>
      </p>
    </form>
  );
}

/** Sign in, sign up and password reset in one dialog (spec sections 2, 4, 5, 8). */
export function AuthDialog() {
  const { open, mode } = useAuthDialog();
  const client = useQueryClient();
  // Loaded while the shopper types, not after the click (with Firebase, its SDK).
  useEffect(() => {
    if (open) prepareSignInMethod(client);
  }, [open, client]);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && closeAuthDialog()} title={titles[mode]} width="md">
      {mode !== 'forgot-password' && <GoogleSignIn />}
      {mode === 'login' && <LoginForm key="login" />}
      {mode === 'signup' && <SignupForm key="signup" />}
      {mode === 'forgot-password' && <ForgotPasswordForm key="forgot" />}
    </Dialog>
  );
}
