/**
 * The ways to pay as checkout offers them (PAYMENT_PROVIDERS, in the owner's order): each one's
 * name, what it covers and how the Pay button says it. The server sends the list with the page.
 */
export interface PaymentMethodView {
  /** The provider's name in the shop's registry: 'yoco', 'sandbox', … */
  name: string;
  /** "Card" */
  label: string;
  /** What it takes and how long it takes: "Visa, Mastercard and American Express on a secure payment page". */
  covers: string;
  /** The end of the Pay button: "Pay R1 162.00 by card". */
  pays: string;
  /** How an order was paid, on the order desk, its CSV and the invoice: "Card (Yoco)". */
  paidWith: string;
}

const card = { label: 'Card', pays: 'by card' };

const views: Record<string, Omit<PaymentMethodView, 'name'>> = {
  sandbox: { ...card, covers: 'Visa, Mastercard and American Express on a secure payment page (the sandbox: no real money moves)', paidWith: 'Card (sandbox)' },
  yoco: { ...card, covers: "Visa, Mastercard and American Express on Yoco's secure payment page", paidWith: 'Card (Yoco)' },
  payfast: {
    label: 'PayFast',
    covers: "Card, Instant EFT, SnapScan, Zapper or Capitec Pay on PayFast's secure page",
    pays: 'with PayFast',
    paidWith: 'PayFast',
  },
  ozow: {
    label: 'Instant EFT (Ozow)',
    covers: 'Instant EFT from your bank, through Ozow: pay from your banking app, no card needed',
    pays: 'by Instant EFT',
    paidWith: 'Instant EFT (Ozow)',
  },
  eft: {
    label: 'Bank transfer (EFT)',
    covers: 'Pay into our bank account with your order number as the reference; we send your flags once it reflects',
    pays: 'by bank transfer',
    paidWith: 'Bank transfer (EFT)',
  },
};

export function paymentMethodView(name: string): PaymentMethodView {
  return { name, ...(views[name] ?? { label: name, covers: '', pays: `with ${name}`, paidWith: name }) };
}

/** A shopper asked to pay in a way the shop does not offer (an old page, a hand-made call). */
export function paymentMethodNotOffered(asked: string, offered: readonly string[]): string {
  const labels = [...new Set(offered.map((name) => paymentMethodView(name).label))];
  return `"${asked}" is not a way to pay at this shop. Please choose ${labels.length === 1 ? labels[0] : `one of: ${labels.join(', ')}`}.`;
}

/** How a refund of an order paid one way goes back, in the order's timeline and in the customer's emails. */
export interface RefundWords {
  /** After the amount on the timeline: "Refunded R50.00 on PayFast". */
  made: string;
  /** After the amount in the customer's email: "We have refunded R50.00 … to the card you paid with". */
  to: string;
  /** The same for money gone back before: "R50.00 … has already been refunded to your card". */
  before: string;
  /** When the customer can expect to see it. */
  shows: string;
  /** A cancellation that refunds nothing: "No card refund comes with this cancellation." */
  none: string;
}

const cardRefund: RefundWords = {
  made: "to the customer's card",
  to: 'to the card you paid with',
  before: 'to your card',
  shows: 'Card refunds can take a few working days to show on your statement.',
  none: 'No card refund comes with this cancellation.',
};

const refundWords: Record<string, RefundWords> = {
  payfast: {
    made: 'on PayFast',
    to: 'through PayFast, to the card or account you paid with',
    before: 'through PayFast',
    shows: 'Refunds through PayFast can take a few working days to reach you.',
    none: 'No refund comes with this cancellation.',
  },
  ozow: {
    made: 'on Ozow',
    to: 'through Ozow, to the bank account you paid from',
    before: 'to the bank account you paid from',
    shows: 'A refund to your bank account can take a few working days to reflect.',
    none: 'No refund comes with this cancellation.',
  },
  eft: {
    made: 'by bank transfer',
    to: 'by bank transfer, to your bank account',
    before: 'to your bank account',
    shows: 'A bank transfer can take a few working days to reflect in your account.',
    none: 'No refund comes with this cancellation.',
  },
};

/** A card's words for Yoco, the sandbox and any way to pay without words of its own. */
export function refundWordsOf(paymentMethod: string): RefundWords {
  return refundWords[paymentMethod] ?? cardRefund;
}
