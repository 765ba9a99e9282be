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
