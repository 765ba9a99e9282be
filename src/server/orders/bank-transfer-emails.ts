import { formatRand } from '../../shared/money';
import { lineName } from '../../shared/product';
import { isVatVendor, vatIncluded } from '../../shared/vat';
import type { BankTransferDetails } from '../../shared/bank-transfer';
import type { EmailMessage } from '../lib/outbox-messages';
import { weekdayInWords } from '../../shared/profile';
import { layout, orderPageUrl, type ConfirmedOrder, type EmailContext } from '../notify/templates';


/**
 * Sent when an order is placed to be paid by bank transfer: what was ordered, the total, the
 * shop's account, the order number as the reference, and the last day to pay, with the order's
 * pro-forma invoice for whoever pays it (a school's or a company's accounts).
 */
export function awaitingTransferMessage(ctx: EmailContext, order: ConfirmedOrder, transfer: BankTransferDetails): EmailMessage {
  const { shop } = ctx;
  return {
    to: order.customerEmail,
    replyTo: shop.email,
    subject: `Order ${order.orderNumber}: please pay by bank transfer - ${shop.name}`,
    ...layout(ctx, `Please pay for order ${order.orderNumber}`, [
      { kind: 'paragraph', text: `Hi ${order.customerName},` },
      {
        kind: 'paragraph',
        text: `Thank you for your order. We are keeping your flags for you until ${weekdayInWords(transfer.payBy)}: please pay ${formatRand(transfer.amountCents)} into our bank account by then, with your order number as the reference. We send your flags once the money reflects, usually 1 to 2 business days after you pay.`,
      },
      {
        kind: 'details',
        rows: [
          ['Amount', formatRand(transfer.amountCents)],
          ['Bank', transfer.bank],
          ['Account name', transfer.accountName],
          ['Account number', transfer.accountNumber],
          ['Branch code', transfer.branchCode],
          ['Reference', transfer.reference],
          ['Pay by', weekdayInWords(transfer.payBy)],
        ],
      },
      {
        kind: 'amounts',
        rows: [
          ...order.items.map((item): [string, string] => [`${item.quantity} x ${lineName(item)}`, formatRand(item.productPrice * item.quantity)]),
          ['Delivery', formatRand(order.deliveryFeeCents)],
          ...(order.discountCents ? [[`Discount (${order.discountCode})`, `-${formatRand(order.discountCents)}`] as [string, string]] : []),
          ['Total to pay', formatRand(order.totalAmount)],
          ...(isVatVendor(shop) ? [['VAT included (15%)', formatRand(vatIncluded(order.totalAmount))] as [string, string]] : []),
        ],
      },
      {
        kind: 'paragraph',
        text: `If the money has not reflected by the end of ${weekdayInWords(transfer.payBy)}, the order is cancelled and its flags go back on sale. The pro-forma invoice attached is for paying from; your ${isVatVendor(shop) ? 'tax invoice' : 'invoice'} follows once it is paid.`,
      },
      { kind: 'link', text: 'See your order', url: orderPageUrl(ctx, order) },
      { kind: 'paragraph', text: `Questions? Reply to this email or call ${shop.phone}.` },
    ]),
    attachments: [{ proForma: order.orderNumber }],
  };
}

/** Two days on, the transfer has not reflected: the same details again, and the day it lapses. */
export function transferReminderMessage(ctx: EmailContext, order: ConfirmedOrder, transfer: BankTransferDetails): EmailMessage {
  const first = awaitingTransferMessage(ctx, order, transfer);
  return { ...first, subject: `Reminder: please pay for order ${order.orderNumber} by ${weekdayInWords(transfer.payBy)} - ${ctx.shop.name}` };
}

/** The transfer did not reflect in time: the order is cancelled and its flags are back on sale. */
export function transferLapsedMessage(ctx: EmailContext, order: ConfirmedOrder & { paymentDueOn: string }): EmailMessage {
  const { shop, publicUrl } = ctx;
  return {
    to: order.customerEmail,
    replyTo: shop.email,
    subject: `Order ${order.orderNumber} cancelled: no payment reflected - ${shop.name}`,
    ...layout(ctx, `Order ${order.orderNumber} cancelled`, [
      { kind: 'paragraph', text: `Hi ${order.customerName},` },
      {
        kind: 'paragraph',
        text: `We had not received your bank transfer of ${formatRand(order.totalAmount)} for order ${order.orderNumber} by ${weekdayInWords(order.paymentDueOn)}, so we have cancelled the order and its flags are back on sale.`,
      },
      { kind: 'paragraph', text: 'If you have paid in the meantime, please reply to this email: we will send the order or pay the money back, as you prefer.' },
      { kind: 'link', text: 'Order again', url: `${publicUrl}/shop` },
    ]),
  };
}

