import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { ApiError } from '../../lib/api';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { toast } from '../ui/toast-store';
import { closeAuthDialog, setAuthMode, setAuthTyped, useAuthDialog, type AuthMode } from './auth-dialog-store';
import { useRequestPasswordReset, useSession, useSignIn, useSignUp } from './use-session';
import { AUTH_ERROR_ID, authField, authMessages, MIN_PASSWORD_LENGTH } from './auth-form';
import { GoogleSignIn } from './GoogleSignIn';
import { prepareSignInMethod, signInMessage } from './sign-in-method';
import { emailSchema } from '../../../shared/schemas';
import { accountNameSchema } from '../../../shared/profile';

const titles: Record<AuthMode, string> = {
  login: 'Sign In',
  signup: 'Create Account',
  'forgot-password': 'Reset Password',
};

/** The email field of every mode, holding the one address the shopper typed (it follows them from mode to mode). */
function useTypedEmail(): [string, (email: string) => void] {
  const { email } = useAuthDialog();
  return [email, (next) => setAuthTyped({ email: next })];
}

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
  const [email, setEmail] = useTypedEmail();
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
        // A wrong password and an unknown email get one answer (decision 0010): the help covers both.
        onError: (err) =>
          setError(err instanceof ApiError && err.status === 401 ? authMessages.loginFailedHelp : signInMessage(err, authMessages.loginFailed)),
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

/**
 * After sign-up: what to do next. The shop's own sign-up answers the same whether or not the
 * address already has an account (its owner is told by email), so this screen never says which;
 * opening the emailed link signs the shopper in, and this tab notices it by itself.
 */
function CheckYourEmail({ email, signedIn }: { email: string; signedIn: boolean }) {
  const { data: session } = useSession();
  const signedInElsewhere = !signedIn && !!session?.user;
  useEffect(() => {
    if (!signedInElsewhere) return;
    closeAuthDialog();
    toast({ title: 'Email Verified', description: 'Thank you. You are signed in.' });
  }, [signedInElsewhere]);
  return (
    <div className="space-y-4">
      <div role="status" className="space-y-2 rounded-md bg-green-50 px-4 py-3 text-sm text-green-900">
        <p className="flex items-center gap-2 font-semibold">
          <MailCheck className="h-5 w-5 shrink-0" aria-hidden="true" /> Check your email
        </p>
        {signedIn ? (
          <p>{authMessages.signupSuccess}</p>
        ) : (
          <>
            <p>
              We have sent an email to <span className="font-semibold break-all">{email}</span>. Open the link in it within an hour to
              verify your address; it signs you in and brings you back here.
            </p>
            <p>Already have an account with this address? The email tells you how to sign in or reset your password.</p>
          </>
        )}
      </div>
      <Button className="w-full" onClick={() => closeAuthDialog()} debounceMs={0} autoFocus>
        {signedIn ? 'Continue' : 'Done'}
      </Button>
      {!signedIn && (
        <p className="text-center text-sm text-slate-600">
          Verified on another device? <ModeLink mode="login">Sign in</ModeLink>
        </p>
      )}
    </div>
  );
}

function SignupForm() {
  const { name } = useAuthDialog();
  const setName = (next: string) => setAuthTyped({ name: next });
  const [email, setEmail] = useTypedEmail();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<{ email: string; signedIn: boolean }>();
  const signUp = useSignUp();

  if (done) return <CheckYourEmail {...done} />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signUp.isPending) return;
    if (!name.trim() || !email.trim() || !password || !confirm) return setError(authMessages.fillAll);
    const named = accountNameSchema.safeParse(name);
    if (!named.success) return setError(named.error.issues[0]!.message);
    if (password !== confirm) return setError(authMessages.mismatch);
    if (password.length < MIN_PASSWORD_LENGTH) return setError(authMessages.tooShort);
    setError(undefined);
    const address = email.trim();
    signUp.mutate(
      { name: named.data, email: address, password },
      {
        onSuccess: (user) => setDone({ email: address, signedIn: !!user }),
        onError: (err) => setError(signInMessage(err, authMessages.signupFailed)),
      },
    );
  };

  const missing = !!error && error === authMessages.fillAll;
  const nameRefused = !!error && !accountNameSchema.safeParse(name).success;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField {...authField('auth-name', name, setName, (missing && !name.trim()) || nameRefused)} label="Full Name" type="text" autoComplete="name" />
      <TextField {...authField('auth-email', email, setEmail, missing && !email.trim())} label="Email" type="email" autoComplete="email" />
      <TextField {...authField('auth-password', password, setPassword, (missing && !password) || error === authMessages.tooShort || error === authMessages.mismatch)} label="Password" type="password" autoComplete="new-password" />
      <TextField {...authField('auth-confirm', confirm, setConfirm, error === authMessages.mismatch || (missing && !confirm))} label="Confirm Password" type="password" autoComplete="new-password" />
      <FormAlert id={AUTH_ERROR_ID} message={error} />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account? <ModeLink mode="login">Sign in</ModeLink>
      </p>
    </form>
  );
}

function ForgotPasswordForm() {
  const [email, setEmail] = useTypedEmail();
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
