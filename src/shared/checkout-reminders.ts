/**
 * The one reminder a shopper may ask for at checkout, in the words the checkout page and the order
 * desk both use (the server's side is src/server/checkout/reminders.ts).
 */

/** The box beside Pay, unticked until the shopper ticks it (POPIA: consent first, for one purpose). */
export const reminderConsentTexts = {
  label: "Email me a reminder if I don't finish paying",
  note: 'One email, about this cart only, if you leave without paying. Every reminder has a link to opt out with one click, at any time.',
} as const;

/** GET /api/admin/checkout-reminders: the reminders sent in the last `days` days, and how many became orders. */
export interface CheckoutReminderFigures {
  days: number;
  sent: number;
  /** Sent reminders followed by an order from the same cart, or by the same account. */
  converted: number;
}

/** "Checkout reminders (last 28 days): 12 sent, 3 became orders" */
export function reminderFiguresText({ days, sent, converted }: CheckoutReminderFigures): string {
  return `Checkout reminders (last ${days} days): ${sent} sent, ${converted} became ${converted === 1 ? 'an order' : 'orders'}`;
}
