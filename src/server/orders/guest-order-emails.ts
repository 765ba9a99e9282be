import type { EmailMessage } from '../lib/outbox-messages';
import { layout, opensByLink, orderPageUrl, type EmailContext, type OrderOfBuyer } from '../notify/templates';
import { ORDER_LINK_DAYS } from '../../shared/guest-orders';

/** The order look-up's answer by email: a fresh link to a guest's order, or the way to it in My Profile. */
export function orderLinkMessage(ctx: EmailContext, order: OrderOfBuyer & { customerName: string; customerEmail: string }): EmailMessage {
  const { shop } = ctx;
  const guest = opensByLink(ctx, order);
  return {
    to: order.customerEmail,
    replyTo: shop.email,
    subject: `Your order ${order.orderNumber} - ${shop.name}`,
    ...layout(ctx, `Your order ${order.orderNumber}`, [
      { kind: 'paragraph', text: `Hi ${order.customerName},` },
      {
        kind: 'paragraph',
        text: guest
          ? `Someone, we hope you, asked for a link to order ${order.orderNumber}. It shows the order's status, its tracking and its tax invoice, and works for ${ORDER_LINK_DAYS} days.`
          : `Someone, we hope you, asked about order ${order.orderNumber}. It belongs to your account: sign in to see its status, its tracking and its tax invoice.`,
      },
      { kind: 'link', text: 'See your order', url: orderPageUrl(ctx, order) },
      { kind: 'paragraph', text: `If you did not ask, you can ignore this email: the link goes only to this address. Questions? Reply to this email or call ${shop.phone}.` },
    ]),
  };
}
