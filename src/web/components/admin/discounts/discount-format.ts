import { formatRand } from '../../../../shared/money';
import type { DiscountCodeView } from '../../../../shared/discounts';
import { dayInWords } from '../../../../shared/profile';
import type { Tone } from '../order-format';

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** A code's limits in words, one phrase each; the uses per customer always, so the list is never empty. */
export function discountLimits(code: Pick<DiscountCodeView, 'minimumSpendCents' | 'startsOn' | 'endsOn' | 'totalUses' | 'usesPerCustomer'>): string[] {
  const limits: string[] = [];
  if (code.minimumSpendCents > 0) limits.push(`Minimum spend ${formatRand(code.minimumSpendCents)}`);
  if (code.startsOn && code.endsOn) limits.push(`From ${dayInWords(code.startsOn)} to ${dayInWords(code.endsOn)}`);
  else if (code.startsOn) limits.push(`From ${dayInWords(code.startsOn)}`);
  else if (code.endsOn) limits.push(`Until ${dayInWords(code.endsOn)}`);
  if (code.totalUses !== null) limits.push(`${code.totalUses} ${code.totalUses === 1 ? 'use' : 'uses'} in all`);
  const perCustomer = times(code.usesPerCustomer);
  limits.push(`${perCustomer.charAt(0).toUpperCase()}${perCustomer.slice(1)} per customer`);
  return limits;
}

/** Uses so far, out of the total when there is one: '3 of 100'. */
export function usesText(code: Pick<DiscountCodeView, 'uses' | 'totalUses'>): string {
  return code.totalUses === null ? String(code.uses) : `${code.uses} of ${code.totalUses}`;
}

export interface CodeState {
  label: string;
  tone: Tone;
}

/**
 * Whether the admin has the code on, and, when shoppers still cannot use it, why: its first day
 * has not come, its last day has passed (South African days, as at checkout) or its uses are gone.
 */
export function codeStates(code: Pick<DiscountCodeView, 'active' | 'startsOn' | 'endsOn' | 'totalUses' | 'uses'>, today: string): CodeState[] {
  const states: CodeState[] = [code.active ? { label: 'Active', tone: 'green' } : { label: 'Switched off', tone: 'slate' }];
  if (code.startsOn && today < code.startsOn) states.push({ label: 'Not yet', tone: 'sky' });
  else if (code.endsOn && today > code.endsOn) states.push({ label: 'Expired', tone: 'red' });
  else if (code.totalUses !== null && code.uses >= code.totalUses) states.push({ label: 'Used up', tone: 'amber' });
  return states;
}
