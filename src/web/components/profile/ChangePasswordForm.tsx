import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { authMessages, MIN_PASSWORD_LENGTH } from '../auth/auth-form';
import { TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { passwordChangeMessage, useChangePassword } from '../account/use-profile';

/** Through better-auth's change-password call; every other device is signed out (spec wording for its refusals). */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const change = useChangePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!current || !next || !confirm) return setError(authMessages.fillAll);
    if (next !== confirm) return setError(authMessages.mismatch);
    if (next.length < MIN_PASSWORD_LENGTH) return setError(authMessages.tooShort);
    setError(undefined);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
          toast({ title: 'Password Changed', description: 'Your password has been changed. Your other devices have been signed out.' });
        },
        onError: (err) => setError(passwordChangeMessage(err)),
      },
    );
  };

  const missing = error === authMessages.fillAll;
  // The form's one message explains whichever fields it marks.
  const errorId = 'change-password-error';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="font-semibold text-slate-900">
        Change password
      </h3>
      <TextField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        invalid={(missing && !current) || error === 'Incorrect password.'}
        errorId={errorId}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="new-password"
          label="New password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          invalid={(missing && !next) || error === authMessages.tooShort || error === authMessages.mismatch}
          errorId={errorId}
        />
        <TextField
          id="confirm-password"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          invalid={(missing && !confirm) || error === authMessages.mismatch}
          errorId={errorId}
        />
      </div>
      <FormAlert id={errorId} message={error} />
      <Button type="submit" variant="outline" disabled={change.isPending}>
        <KeyRound className="h-4 w-4" aria-hidden="true" />
        {change.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
