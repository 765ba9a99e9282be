import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { apiRequest, messageOf } from '../lib/api';
import { Button } from '../components/ui/Button';
import { openAuthDialog } from '../components/auth/auth-dialog-store';
import { TextField } from '../components/ui/Field';
import { FormAlert } from '../components/ui/FormAlert';
import { AUTH_ERROR_ID, authField, authMessages, MIN_PASSWORD_LENGTH } from '../components/auth/auth-form';
import { usePageMeta } from '../lib/use-page-meta';
import { staticPageMeta } from '../../shared/page-meta';
import { shop } from '../lib/initial-data';

/** Where the password-reset email leads: /password-reset?token=… (valid 1 hour, once). */
export default function PasswordResetPage() {
  usePageMeta({ ...staticPageMeta('other', shop.name), title: `Choose a New Password | ${shop.name}` });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string>();
  const reset = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/reset-password', { newPassword: password, token }),
    // A used token cannot succeed twice, so a retry would only turn success into an error.
    retry: false,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !confirm) return setProblem(authMessages.fillAll);
    if (password !== confirm) return setProblem(authMessages.mismatch);
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem(authMessages.tooShort);
    setProblem(undefined);
    reset.mutate();
  };

  if (reset.isSuccess) {
    return (
      <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
        <CheckCircle2 className="h-12 w-12 text-brand-700" aria-hidden="true" />
        <h1 className="text-2xl font-bold">Password Changed</h1>
        <p className="text-slate-700">{authMessages.resetDone}</p>
        <Button onClick={() => openAuthDialog('login')}>Sign In</Button>
      </section>
    );
  }

  const error = !token ? authMessages.resetInvalid : (problem ?? (reset.isError ? messageOf(reset.error, authMessages.resetInvalid) : undefined));
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">Choose a New Password</h1>
      <p className="mt-2 text-slate-600">At least {MIN_PASSWORD_LENGTH} characters. Other devices will be signed out.</p>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField {...authField('reset-password', password, setPassword, Boolean(problem))} label="New Password" type="password" autoComplete="new-password" />
        <TextField {...authField('reset-confirm', confirm, setConfirm, Boolean(problem))} label="Confirm New Password" type="password" autoComplete="new-password" />
        <FormAlert id={AUTH_ERROR_ID} message={error} />
        <Button type="submit" className="w-full" disabled={!token || reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Save New Password'}
        </Button>
      </form>
      {!token || reset.isError ? (
        <p className="mt-4 text-sm text-slate-600">
          Need a new link?{' '}
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => openAuthDialog('forgot-password')}>
            Send another reset email
          </button>
        </p>
      ) : null}
    </section>
  );
}
