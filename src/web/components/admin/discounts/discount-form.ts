import { typedRand, typedWholeNumber } from '../../../lib/typed-numbers';
import { createDiscountCodeSchema, type DiscountKind } from '../../../../shared/discounts';

/** The form's text fields carry the API's names, so the schema's messages land on the right field. */
export type DiscountField = 'code' | 'percent' | 'amountCents' | 'minimumSpendCents' | 'startsOn' | 'endsOn' | 'totalUses' | 'usesPerCustomer';
export const discountFields: readonly DiscountField[] = ['code', 'percent', 'amountCents', 'minimumSpendCents', 'startsOn', 'endsOn', 'totalUses', 'usesPerCustomer'];

export type DiscountFormValues = Record<DiscountField, string> & { kind: DiscountKind; includesDelivery: boolean };

export const newDiscountValues = (): DiscountFormValues => ({
  code: '',
  kind: 'percent',
  percent: '',
  amountCents: '',
  minimumSpendCents: '',
  startsOn: '',
  endsOn: '',
  totalUses: '',
  usesPerCustomer: '1',
  includesDelivery: false,
});

/** The form read with the API's own schema: the browser refuses what the server would, in the same words. */
export function parseDiscountForm(values: DiscountFormValues) {
  const totalUses = values.totalUses.trim();
  return createDiscountCodeSchema.safeParse({
    code: values.code,
    kind: values.kind,
    // Only the chosen kind's figure is sent; an empty one is refused as not a number.
    ...(values.kind === 'percent' ? { percent: typedWholeNumber(values.percent) } : { amountCents: typedRand(values.amountCents) ?? Number.NaN }),
    minimumSpendCents: typedRand(values.minimumSpendCents),
    startsOn: values.startsOn.trim() || null,
    endsOn: values.endsOn.trim() || null,
    // Empty: no limit on uses in all.
    totalUses: totalUses === '' ? null : typedWholeNumber(totalUses),
    usesPerCustomer: typedWholeNumber(values.usesPerCustomer),
    includesDelivery: values.includesDelivery,
  });
}
