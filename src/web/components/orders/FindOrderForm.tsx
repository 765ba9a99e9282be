import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { apiRequest, messageOf, noRetryOnRefusal } from '../../lib/api';
import { Button } from '../ui/Button';
import { emailInput, TextField } from '../ui/Field';
import { FormAlert } from '../ui/FormAlert';
import { useValidatedForm } from '../ui/use-validated-form';
import { orderLookUpSchema, type OrderLookUp } from '../../../shared/guest-orders';

type Field = keyof OrderLookUp;
const fields: Field[] = ['orderNumber', 'email'];

/**
 * The order look-up (POST /api/orders/find): the order number and the email address it was placed
 * with, checked with the server's schema. The server answers in the same words whether or not they
 * match, and emails a new link only when they do; the form keeps what was typed, to correct a typo.
 */
export function FindOrderForm({ orderNumber = '' }: { orderNumber?: string }) {
  const form = useValidatedForm({
    initial: () => ({ orderNumber, email: '' }),
    fields,
    parse: (values) => orderLookUpSchema.safeParse(values),
    idPrefix: 'find-order',
  });
  const lookUp = useMutation({
    mutationFn: (input: OrderLookUp) => apiRequest<{ message: string }>('POST', '/api/orders/find', input),
    retry: noRetryOnRefusal,
  });

  return (
    <form noValidate onSubmit={form.onSubmit(lookUp.isPending, (input) => lookUp.mutate(input))} aria-labelledby="find-order-heading" className="space-y-5">
      <TextField
        {...form.field('orderNumber')}
        label="Order number"
        hint="It begins with CF-, as in CF-100001, and is in your order confirmation email."
        type="text"
        autoComplete="off"
        spellCheck={false}
        required
        aria-required="true"
        maxLength={30}
      />
      <TextField
        {...form.field('email')}
        {...emailInput}
        label="Email address"
        hint="The one you gave at checkout."
        spellCheck={false}
        required
        aria-required="true"
        maxLength={255}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={lookUp.isPending}>
        <Send className="h-5 w-5" aria-hidden="true" />
        {lookUp.isPending ? 'Sending...' : 'Send'}
      </Button>
      <FormAlert
        id="find-order-error"
        message={lookUp.isError ? messageOf(lookUp.error, 'We could not send your request. Please check your connection and try again.') : undefined}
        success={lookUp.isSuccess ? lookUp.data.message : undefined}
      />
    </form>
  );
}
