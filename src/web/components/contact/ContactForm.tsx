import { Link } from 'react-router';
import { Send } from 'lucide-react';
import { Button } from '../ui/Button';
import { emailInput, TextAreaField, TextField } from '../ui/Field';
import { useValidatedForm } from '../ui/use-validated-form';
import { useSendMessage } from './use-send-message';
import { contactSchema, type ContactInput } from '../../../shared/schemas';

type Field = keyof ContactInput;
const fields: Field[] = ['name', 'email', 'message'];
const emptyValues: Record<Field, string> = { name: '', email: '', message: '' };

function PrivacyNote() {
  return (
    <p className="text-sm leading-6 text-slate-600">
      We collect your name, email address and message only to answer you, and keep them with our correspondence
      records. We never add you to a mailing list from this form. Read how we protect your information in our{' '}
      <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        Privacy Policy
      </Link>
      .
    </p>
  );
}

/** Name, email and message, checked with the schema the server uses; a sent message empties the form. */
export function ContactForm() {
  const form = useValidatedForm({ initial: () => emptyValues, fields, parse: (values) => contactSchema.safeParse(values), idPrefix: 'contact' });
  const send = useSendMessage(() => form.reset(emptyValues));

  return (
    <form noValidate onSubmit={form.onSubmit(send.isPending, (input) => send.mutate(input))} aria-labelledby="contact-form-heading" className="space-y-5">
      <TextField {...form.field('name')} label="Name" type="text" autoComplete="name" required aria-required="true" maxLength={100} />
      <TextField {...form.field('email')} {...emailInput} label="Email" spellCheck={false} required aria-required="true" maxLength={255} />
      <TextAreaField
        {...form.field('message')}
        label="Message"
        hint="If it is about an order, please include your order number."
        rows={6}
        required
        aria-required="true"
        maxLength={5000}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send className="h-5 w-5" aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
      <PrivacyNote />
    </form>
  );
}
