import { useRef, useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import { Button } from '../ui/Button';
import { Dialog, DialogClose } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { useDeleteAccount } from '../account/use-profile';
import { signInMessage } from '../auth/sign-in-method';
import { profileMessages } from '../../../shared/profile';

interface DeleteAccountDialogProps {
  email: string;
  /** Accounts that sign in with Google only have no password: they type their email address instead. */
  hasPassword: boolean;
}

/** Deleting the account (POPIA): says what goes and what the law makes the shop keep, then asks for proof it is you. */
export function DeleteAccountDialog({ email, hasPassword }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const input = useRef<HTMLInputElement>(null);
  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const onOpenChange = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    setConfirmation('');
    setError(undefined);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (!confirmation.trim()) return refuse(hasPassword ? profileMessages.password : profileMessages.confirmEmail);
    // Told before anything else happens (with Firebase, Google's popup comes next).
    if (!hasPassword && confirmation.trim().toLowerCase() !== email.toLowerCase()) return refuse(profileMessages.confirmEmail);
    setError(undefined);
    remove.mutate(
      { email, hasPassword, confirmation },
      { onError: (err) => refuse(signInMessage(err, 'Failed to delete your account. Please try again.')) },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="danger">
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete my account
        </Button>
      }
      title="Delete my account"
      description={
        <div className="space-y-3 pt-3 leading-6 text-slate-700">
          <p>This cannot be undone. We will permanently delete:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>your account and sign-in details ({email})</li>
            <li>your name, phone number and date of birth</li>
            <li>your saved addresses, wishlist and cart</li>
          </ul>
          <p>
            Records of orders you placed are kept for as long as South African tax law requires, but they are no
            longer linked to an account. You will be signed out on every device and receive one last email to confirm.
          </p>
        </div>
      }
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-4">
        <TextField
          ref={input}
          {...(hasPassword
            ? { id: 'delete-password', label: 'Your password', type: 'password', autoComplete: 'current-password' }
            : { id: 'delete-email', label: `Type ${email} to confirm`, type: 'email', autoComplete: 'off', spellCheck: false })}
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={error}
          announce
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
