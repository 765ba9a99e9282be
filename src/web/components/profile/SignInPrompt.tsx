import { UserRound } from 'lucide-react';
import { Button } from '../ui/Button';
import { openAuthDialog } from '../auth/auth-dialog-store';

/** Signed out: the page explains itself and opens the sign-in dialog; it fills in once signed in. */
export function SignInPrompt({ title, text }: { title: string; text: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-24 text-center">
      <UserRound className="h-12 w-12 text-slate-400" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-600">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => openAuthDialog('login')}>Sign In</Button>
        <Button variant="outline" onClick={() => openAuthDialog('signup')}>
          Create Account
        </Button>
      </div>
    </section>
  );
}
