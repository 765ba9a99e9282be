import { normalisePhone } from './profile';

/**
 * A South African number the way South Africans write it, e.g. '+27821234567' -> '082 123 4567':
 * the shop keeps numbers in E.164 but shows a shopper the number as they know it. Anything that
 * is not a South African number is shown as it is.
 */
export function formatPhoneForDisplay(phone: string): string {
  const e164 = normalisePhone(phone);
  if (!e164) return phone;
  const local = `0${e164.slice(3)}`;
  return `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`;
}
