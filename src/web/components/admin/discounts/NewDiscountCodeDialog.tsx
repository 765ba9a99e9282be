import { useId } from 'react';
import { messageOf } from '../../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { RadioCards } from '../../ui/RadioCards';
import { useValidatedForm } from '../../ui/use-validated-form';
import { discountFields, newDiscountValues, parseDiscountForm } from './discount-form';
import { useCreateDiscountCode } from './use-discount-codes';
import type { DiscountKind } from '../../../../shared/discounts';
import { todayInSouthAfrica } from '../../../../shared/profile';

const kindCards = [
  { value: 'percent', title: 'A percentage', text: 'Of the flags, like 15% off.' },
  { value: 'amount', title: 'A fixed amount', text: 'In rand, like R50.00 off.' },
] as const;

const number = { type: 'text', inputMode: 'numeric', autoComplete: 'off' } as const;
const rand = { type: 'text', inputMode: 'decimal', autoComplete: 'off' } as const;

/** Makes a discount code; it works at checkout as soon as it is saved, within its limits. */
export function NewDiscountCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New discount code" description="Shoppers type the code at checkout. It works as soon as it is added, within its limits." width="2xl">
      {open && <NewCodeForm onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function NewCodeForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const create = useCreateDiscountCode(onDone);
  const form = useValidatedForm({ initial: newDiscountValues, fields: discountFields, parse: parseDiscountForm, idPrefix: id });
  const { values, setValues } = form;

  const onSubmit = form.onSubmit(create.isPending, (input) => create.mutate(input));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="New discount code">
      <TextField
        {...form.field('code')}
        label="Code"
        hint="3 to 30 letters, digits or dashes, like HERITAGE-DAY. Shoppers may type it in any case."
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        maxLength={30}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">What it takes off</legend>
        <RadioCards<DiscountKind> name="kind" cards={kindCards} value={values.kind} onChange={(kind) => setValues({ ...values, kind })} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {values.kind === 'percent' ? (
          <TextField {...form.field('percent')} label="Percentage off" hint="A whole number from 1 to 100." {...number} />
        ) : (
          <TextField {...form.field('amountCents')} label="Amount off (R)" hint="Like 50.00." {...rand} />
        )}
        <TextField {...form.field('minimumSpendCents')} label="Minimum spend (R)" hint="On flags. Empty: no minimum." {...rand} />
        <TextField {...form.field('startsOn')} label="First day" hint="Optional. South African days." type="date" />
        {/* min greys out the days gone by in the browser's date picker; the form says why if one is typed. */}
        <TextField {...form.field('endsOn')} label="Last day" hint="Optional: today or later. The code works all of this day." type="date" min={todayInSouthAfrica()} />
        <TextField {...form.field('totalUses')} label="Total uses" hint="By all shoppers together. Empty: no limit." {...number} />
        <TextField {...form.field('usesPerCustomer')} label="Uses per customer" {...number} />
      </div>
      <Checkbox name="includesDelivery" checked={values.includesDelivery} onChange={(includesDelivery) => setValues({ ...values, includesDelivery })}>
        Also takes the delivery fee off
      </Checkbox>
      <FormAlert id={`${id}-error`} message={create.isError ? messageOf(create.error, 'Failed to add the discount code. Please try again.') : undefined} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add code'}
        </Button>
      </div>
    </form>
  );
}
