import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { shopper } from '../../testing/shopper-events';
import { paymentMethodView } from '../../../shared/payment-methods';

const bankTransfer = { name: 'eft', label: 'Bank transfer', covers: 'Pay into our account; we ship once it reflects', pays: 'by bank transfer', paidWith: 'Bank transfer' };

describe('the choice of how to pay', () => {
  it('asks the question, with each way as a radio named with what it covers, the chosen one checked', async () => {
    const user = shopper();
    const onChange = vi.fn();
    render(<PaymentMethodChoice methods={[paymentMethodView('yoco'), bankTransfer]} value="yoco" onChange={onChange} />);
    expect(screen.getByRole('group', { name: 'How would you like to pay?' })).toBeDefined();
    const card = screen.getByRole('radio', { name: "Card Visa, Mastercard and American Express on Yoco's secure payment page" }) as HTMLInputElement;
    const transfer = screen.getByRole('radio', { name: /^Bank transfer/ }) as HTMLInputElement;
    expect(card.checked).toBe(true);
    expect(transfer.checked).toBe(false);
    await user.click(transfer);
    expect(onChange).toHaveBeenCalledWith('eft');
  });
});
