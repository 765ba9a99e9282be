import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { ApiError, apiRequest, messageOf } from '../lib/api';
import { usePageMeta } from '../lib/use-page-meta';
import { shop } from '../lib/initial-data';
import { cn } from '../lib/cn';
import { Button } from '../components/ui/Button';
import { toast } from '../components/ui/toast-store';
import { staticPageMeta } from '../../shared/page-meta';
import { contactSchema, type ContactInput } from '../../shared/schemas';
import { businessHours, telHref } from '../../shared/shop-facts';

type Field = keyof ContactInput;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const fields: Field[] = ['name', 'email', 'message'];
const emptyValues: Values = { name: '', email: '', message: '' };

/** Checks the form with the same schema the server uses; returns the parsed input or each field's first message. */
function validate(values: Values): { data: ContactInput; errors?: undefined } | { data?: undefined; errors: Errors } {
  const result = contactSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && fields.includes(field as Field) && !errors[field as Field]) {
      errors[field as Field] = issue.message;
    }
  }
  return { errors };
}

const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  );
}

function ContactForm() {
  const [values, setValues] = useState<Values>(emptyValues);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  const send = useMutation({
    mutationFn: (input: ContactInput) => apiRequest('POST', '/api/contact', input),
    // One retry (spec section 9), but not for an answer the server has already refused.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
    onSuccess: () => {
      toast({ title: 'Message Sent!', description: 'Thank you for your message! We will get back to you soon.' });
      setValues(emptyValues);
      setErrors({});
      setSubmitted(false);
    },
    onError: (error) => {
      toast({
        title: 'Error',
        description: messageOf(error, 'Failed to send message. Please try again.'),
        variant: 'destructive',
      });
    },
  });

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.target.name as Field;
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // After the first attempt, messages follow the typing so a fixed field clears at once.
    if (submitted) setErrors(validate(next).errors ?? {});
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    const result = validate(values);
    if (result.errors) {
      setErrors(result.errors);
      const first = fields.find((f) => result.errors[f]);
      if (first) refs[first].current?.focus();
      return;
    }
    setErrors({});
    send.mutate(result.data);
  };

  const describedBy = (field: Field, hint?: string) =>
    [hint, errors[field] ? `contact-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-heading" className="space-y-5">
      <div>
        <label htmlFor="contact-name" className="block text-sm font-medium text-slate-900">
          Name
        </label>
        <input
          ref={refs.name}
          id="contact-name"
          name="name"
          type="text"
          autoComplete="name"
          required
          aria-required="true"
          maxLength={100}
          value={values.name}
          onChange={onChange}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
          className={cn(inputClass, 'mt-1.5', errors.name ? 'border-red-700' : 'border-slate-400')}
        />
        <FieldError id="contact-name-error" message={errors.name} />
      </div>
      <div>
        <label htmlFor="contact-email" className="block text-sm font-medium text-slate-900">
          Email
        </label>
        <input
          ref={refs.email}
          id="contact-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          required
          aria-required="true"
          maxLength={255}
          value={values.email}
          onChange={onChange}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          className={cn(inputClass, 'mt-1.5', errors.email ? 'border-red-700' : 'border-slate-400')}
        />
        <FieldError id="contact-email-error" message={errors.email} />
      </div>
      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium text-slate-900">
          Message
        </label>
        <p id="contact-message-hint" className="mt-0.5 text-sm text-slate-600">
          If it is about an order, please include your order number.
        </p>
        <textarea
          ref={refs.message}
          id="contact-message"
          name="message"
          rows={6}
          required
          aria-required="true"
          maxLength={5000}
          value={values.message}
          onChange={onChange}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', 'contact-message-hint')}
          className={cn(inputClass, 'mt-1.5 resize-y', errors.message ? 'border-red-700' : 'border-slate-400')}
        />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send className="h-5 w-5" aria-hidden="true" />
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
      <p className="text-sm leading-6 text-slate-600">
        We collect your name, email address and message only to answer you, and keep them with our correspondence
        records. We never add you to a mailing list from this form. Read how we protect your information in our{' '}
        <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}

function ContactDetails() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="contact-details-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="contact-details-heading" className="text-xl font-semibold text-slate-900">
          Contact details
        </h2>
        <ul className="mt-5 space-y-5">
          <li className="flex gap-3">
            <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div>
              <p className="font-medium text-slate-900">Address</p>
              <address className="text-slate-600 not-italic">{shop.address}</address>
            </div>
          </li>
          {shop.phone && (
            <li className="flex gap-3">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <p className="font-medium text-slate-900">Phone</p>
                <a href={telHref(shop.phone)} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {shop.phone}
                </a>
              </div>
            </li>
          )}
          {shop.email && (
            <li className="flex gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
              <div className="min-w-0">
                <p className="font-medium text-slate-900">Email</p>
                <a
                  href={`mailto:${shop.email}`}
                  className="break-all text-brand-700 underline underline-offset-2 hover:text-brand-900"
                >
                  {shop.email}
                </a>
              </div>
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="business-hours-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="business-hours-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Clock className="h-5 w-5 text-brand-700" aria-hidden="true" />
          Business Hours
        </h2>
        <ul className="mt-4 space-y-1 text-slate-600">
          <li>{businessHours.contact.weekdays}</li>
          <li>{businessHours.contact.weekends}</li>
        </ul>
      </section>
    </div>
  );
}

export default function ContactPage() {
  usePageMeta(staticPageMeta('contact', shop.name));
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
          <p className="mt-4 text-lg leading-8 text-slate-600">
            A question about a flag, an order or a PAXI collection? Send us a message and we will get back to you soon.
          </p>
        </header>
        <div className="mt-10 grid gap-8 lg:grid-cols-3">
          <section
            aria-labelledby="contact-form-heading"
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
          >
            <h2 id="contact-form-heading" className="text-xl font-semibold text-slate-900">
              Send us a message
            </h2>
            <p className="mt-1 mb-6 text-sm text-slate-600">All fields are required.</p>
            <ContactForm />
          </section>
          <ContactDetails />
        </div>
      </div>
    </div>
  );
}
