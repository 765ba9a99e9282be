import { typedRand, typedWholeNumber } from '../../../lib/typed-numbers';
import { createDiscountCodeSchema, discountMessages, type DiscountKind } from '../../../../shared/discounts';
import { isCalendarDate, todayInSouthAfrica } from '../../../../shared/profile';

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

/**
 * The form read with the API's own schema: the browser refuses what the server would, in the same
 * words, and as the server does, a last day already past on the South African `today`.
 */
export function parseDiscountForm(values: DiscountFormValues, today = todayInSouthAfrica()) {
  const totalUses = values.totalUses.trim();
  const result = createDiscountCodeSchema.safeParse({
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
  const endsOn = values.endsOn.trim();
  if (!isCalendarDate(endsOn) || endsOn >= today) return result;
  // Shown with the schema's own problems, so that every field's message appears at once.
  const ended = { path: ['endsOn'], message: discountMessages.endedAlready(endsOn, today) };
  return { success: false as const, data: undefined, error: { issues: [ended, ...(result.success ? [] : result.error.issues)] } };
}
