import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankTransferPanel } from './BankTransferPanel';
import { shopper } from '../../testing/shopper-events';
import type { BankTransferDetails } from '../../../shared/bank-transfer';

/** An order of R1 162.00 placed on a Tuesday, to pay by the Friday. */
const transfer: BankTransferDetails = {
  accountName: 'Cape Flag Traders (Pty) Ltd',
  bank: 'First National Bank',
  accountNumber: '62812345678',
  branchCode: '250655',
  reference: 'CF-100042',
  amountCents: 116_200,
  payBy: '2026-11-13',
};

/** Each term of the panel's list with its value, as a screen reader reads them (the copy buttons left out). */
function detailsOf(panel: HTMLElement): Record<string, string> {
  const details: Record<string, string> = {};
  for (const term of panel.querySelectorAll('dt')) {
    const value = term.nextElementSibling!.cloneNode(true) as HTMLElement;
    for (const button of value.querySelectorAll('button')) button.remove();
    details[term.textContent!] = value.textContent!.trim();
  }
  return details;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the bank transfer panel of an order awaiting its payment', () => {
  it('gives the amount, the account and the reference, each under its name', () => {
    render(<BankTransferPanel transfer={transfer} />);
    const panel = screen.getByRole('region', { name: 'Pay by bank transfer' });
    expect(panel.getAttribute('data-testid')).toBe('bank-transfer');
    expect(detailsOf(panel)).toEqual({
      Amount: 'R1 162.00',
      Bank: 'First National Bank',
      'Account name': 'Cape Flag Traders (Pty) Ltd',
      'Account number': '62812345678',
      'Branch code': '250655',
      Reference: 'CF-100042',
    });
    expect(within(panel).getByText('CF-100042').className).toContain('font-mono');
    expect(within(panel).getByText('Use this reference so that we can match your payment.')).toBeDefined();
  });

  it('says by which day to pay, in words, what happens after it, and when the flags are sent', () => {
    render(<BankTransferPanel transfer={transfer} />);
    const panel = screen.getByTestId('bank-transfer');
    expect(panel.textContent).toContain('Please pay by Friday, 13 November 2026: after that day the order is cancelled and its flags go back on sale.');
    expect(within(panel).getByText('Friday, 13 November 2026').getAttribute('datetime')).toBe('2026-11-13');
    expect(panel.textContent).toContain('We send your flags once the money reflects, usually 1 to 2 business days after you pay.');
  });

  it('copies the account number, and the amount without the R, for the banking app', async () => {
    const user = shopper();
    render(<BankTransferPanel transfer={transfer} />);
    await user.click(screen.getByRole('button', { name: 'Copy account number' }));
    expect(await navigator.clipboard.readText()).toBe('62812345678');
    await user.click(screen.getByRole('button', { name: 'Copy amount' }));
    expect(await navigator.clipboard.readText()).toBe('1162.00');
  });

  it('has no copy buttons where the browser cannot copy, and still every detail', () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(undefined as unknown as Clipboard);
    render(<BankTransferPanel transfer={transfer} />);
    const panel = screen.getByTestId('bank-transfer');
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(detailsOf(panel)['Account number']).toBe('62812345678');
  });
});
