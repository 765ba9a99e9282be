import { formatRand } from '../../shared/money';
import { sentenceEndingWith } from '../../shared/shop-details';
import { lineName } from '../../shared/product';
import type { CartItemView } from '../../shared/cart';
import type { EmailMessage } from '../lib/outbox-messages';
import { layout, type EmailContext } from '../notify/templates';

/** What the one reminder says, and where its links lead. */
export interface CartReminder {
  to: string;
  firstName: string;
  /** The cart's lines still sold, as they are now: a flag taken out since is not in the email. */
  lines: readonly CartItemView[];
  /** The checkout with the cart in it: an account's follows the account, a guest's carries its cart id. */
  cartUrl: string;
  /** An account's checkout: the cart shows once its owner signs in. */
  signInAs?: string;
  /** The signed one-click opt-out (RFC 8058), in the body and in List-Unsubscribe. */
  optOutUrl: string;
}

/**
 * The reminder a shopper asked for at checkout and did not pay: the flags still in the cart at
 * today's prices, a link back to it, and a one-click way to stop reminders, which mail providers
 * (Gmail, Yahoo) also offer from their own button when the headers say how.
 */
export function cartReminderMessage(ctx: EmailContext, reminder: CartReminder): EmailMessage {
  const { shop } = ctx;
  const subtotalCents = reminder.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  return {
    to: reminder.to,
    replyTo: shop.email,
    subject: `You left flags in your cart at ${shop.name}`,
    headers: { 'List-Unsubscribe': `<${reminder.optOutUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    ...layout(ctx, 'Your flags are still in your cart', [
      { kind: 'paragraph', text: `Hi ${reminder.firstName},` },
      { kind: 'paragraph', text: `You asked us to remind you if you did not finish paying at ${sentenceEndingWith(shop.name)} Your cart still holds:` },
      {
        kind: 'amounts',
        rows: [...reminder.lines.map((line): [string, string] => [`${line.quantity} x ${lineName(line)}`, formatRand(line.priceCents * line.quantity)]), ['Subtotal', formatRand(subtotalCents)]],
      },
      { kind: 'paragraph', text: 'Prices are as they are today, and delivery is added at checkout. We do not put flags aside, so a size may sell out meanwhile.' },
      ...(reminder.signInAs ? [{ kind: 'paragraph' as const, text: `Your cart is kept with your account: sign in as ${reminder.signInAs} to see it.` }] : []),
      { kind: 'link', text: 'Back to your cart', url: reminder.cartUrl },
      { kind: 'paragraph', text: 'We send this reminder once. To get no more checkout reminders from us, opt out with one click:' },
      { kind: 'link', text: 'Stop checkout reminders', url: reminder.optOutUrl },
    ]),
  };
}
