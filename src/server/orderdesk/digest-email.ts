import { courierAddressLine, courierServiceOf, deliveryOptionLabel, type OrderDestination } from '../../shared/delivery';
import { lineName } from '../../shared/product';
import { formatRand } from '../../shared/money';
import { LOW_STOCK_THRESHOLD } from '../../shared/stock';
import { todayInSouthAfrica, weekdayInWords } from '../../shared/profile';
import type { EmailMessage } from '../lib/outbox-messages';
import { layout, type EmailContext } from '../notify/templates';
import { oversoldDetail, oversoldHeadlines, type OversoldMark } from '../../shared/order-desk';
import { quoteReference } from '../../shared/quotes';

/** What the packer needs of one paid, unsent order. */
export interface OrderToPack extends OrderDestination {
  orderNumber: string;
  createdAt: Date;
  customerName: string;
  /** E.164, as stored. */
  customerPhone: string;
  paxiLocationId: string | null;
  items: { productName: string; quantity: number }[];
  /** Sold beyond stock or over a code's limit, and not settled yet when oversoldSettledAt is null. */
  oversold: OversoldMark[];
  oversoldSettledAt: Date | null;
}

/** A courier order the courier could not deliver: the desk calls the customer or the courier. */
export interface MissedDelivery extends OrderDestination {
  orderNumber: string;
  customerName: string;
  /** E.164, as stored. */
  customerPhone: string;
  trackingNumber: string | null;
}

type Blocks = Parameters<typeof layout>[2];

const placedAt = new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', dateStyle: 'medium', timeStyle: 'short' });


/** +27821234567 → 082 123 4567: the form PAXI's counter staff type in for the receiver. */
function localPhone(e164: string): string {
  const match = /^\+27(\d{2})(\d{3})(\d{4})$/.exec(e164);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : e164;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const hourOfDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Johannesburg', hour: 'numeric', hourCycle: 'h23' });

/** 'Good morning!' only in the South African morning: an admin may send the digest at any hour. */
function greeting(sentAt: Date): string {
  const hour = Number(hourOfDay.format(sentAt));
  if (hour >= 5 && hour < 12) return 'Good morning!';
  if (hour >= 12 && hour < 18) return 'Good afternoon!';
  return 'Good evening!';
}

/** The marks still to settle on an order to pack (an order to pack is paid and not sent). */
const openMarks = (order: OrderToPack) => (order.oversoldSettledAt === null ? order.oversold : []);

/** The line that puts the marked orders in front of the owner before anything is packed. */
function markedBlocks(orders: OrderToPack[]): Blocks {
  const marked = orders.filter((order) => openMarks(order).length > 0);
  if (marked.length === 0) return [];
  const numbers = marked.map((order) => order.orderNumber).join(', ');
  return [
    {
      kind: 'paragraph',
      text: `Check first: ${plural(marked.length, 'order was', 'orders were')} paid after the shop had given its hold back, beyond the stock or a discount code's limit (${numbers}). Restock or refund, or honour the discount, on the order desk before packing.`,
    },
  ];
}

/** The deliveries the courier missed, to chase today; nothing when there are none. */
function missedBlocks(missed: MissedDelivery[]): Blocks {
  if (missed.length === 0) return [];
  return [
    {
      kind: 'paragraph',
      text: `The courier could not deliver ${plural(missed.length, 'order', 'orders')}. Call the customer to arrange another time, or ask the courier what went wrong:`,
    },
    ...missed.map((order) => ({
      kind: 'details' as const,
      rows: [
        ['Order number', order.orderNumber],
        ['Customer', order.customerName],
        ['Cellphone', localPhone(order.customerPhone)],
        ['Deliver to', courierAddressLine(order)],
        ['Tracking number', order.trackingNumber ?? ''],
      ] as [string, string][],
    })),
  ];
}

/** A counted size of a flag in the shop with few or none left. */
export interface LowStockSize {
  productName: string;
  sizeLabel: string;
  sku: string;
  stockQuantity: number;
}

/** The sizes to restock, fewest left first; nothing when none runs low. */
function lowStockBlocks(low: LowStockSize[]): Blocks {
  if (low.length === 0) return [];
  return [
    { kind: 'paragraph', text: `Running low: ${plural(low.length, 'size has', 'sizes have')} ${LOW_STOCK_THRESHOLD} or fewer left. Restock, or set the stock on the order desk:` },
    {
      kind: 'details',
      rows: low.map((size): [string, string] => [lineName(size), `${size.stockQuantity === 0 ? 'sold out' : `${size.stockQuantity} left`} (${size.sku})`]),
    },
  ];
}

/** An order placed to be paid by bank transfer, whose money has not been marked received. */
export interface TransferAwaited {
  orderNumber: string;
  customerName: string;
  totalAmount: number;
  paymentDueOn: string | null;
}

/** The transfers to look for in the bank statement, the soonest due first; nothing when none is awaited. */
function transferBlocks(awaited: TransferAwaited[]): Blocks {
  if (awaited.length === 0) return [];
  return [
    {
      kind: 'paragraph',
      text: `Awaiting a bank transfer: ${plural(awaited.length, 'order', 'orders')}. Look for each order number as the reference in the bank statement, then mark it paid on the order desk:`,
    },
    {
      kind: 'details',
      rows: awaited.map((order): [string, string] => [
        order.orderNumber,
        `${order.customerName}: ${formatRand(order.totalAmount)}${order.paymentDueOn ? `, due by ${weekdayInWords(order.paymentDueOn)}` : ''}`,
      ]),
    },
  ];
}

/** A quote request waiting for the desk's price. */
export interface QuoteToPrice {
  number: number;
  name: string;
  organisation: string | null;
  createdAt: Date;
  neededBy: string | null;
  lines: { quantity: number }[];
}

/** The quote requests still without a price, oldest first; nothing when none waits. */
function quoteBlocks(ctx: EmailContext, quotes: QuoteToPrice[]): Blocks {
  if (quotes.length === 0) return [];
  return [
    { kind: 'paragraph', text: `Waiting for a price: ${plural(quotes.length, 'quote request', 'quote requests')}, oldest first:` },
    {
      kind: 'details',
      rows: quotes.map((quote): [string, string] => [
        quoteReference(quote.number),
        [
          `${quote.name}${quote.organisation ? ` (${quote.organisation})` : ''}: ${plural(quote.lines.reduce((sum, line) => sum + line.quantity, 0), 'flag', 'flags')}`,
          `asked ${placedAt.format(quote.createdAt)}${quote.neededBy ? `, needed by ${weekdayInWords(quote.neededBy)}` : ''}`,
        ].join('\n'),
      ]),
    },
    { kind: 'link', text: 'Price them on the order desk', url: `${ctx.publicUrl}/admin?tab=quotes` },
  ];
}

/**
 * The order desk's morning email: every paid order still to be packed, oldest first, with what
 * goes in the parcel and the PAXI point it goes to, the courier deliveries that failed, the
 * sizes running low, the bank transfers awaited and the quote requests waiting for a price; a
 * short all-clear when there is nothing to pack.
 */
export function orderDeskDigestMessage(
  ctx: EmailContext,
  to: string,
  sentAt: Date,
  orders: OrderToPack[],
  missed: MissedDelivery[] = [],
  low: LowStockSize[] = [],
  quotes: QuoteToPrice[] = [],
  transfers: TransferAwaited[] = [],
): EmailMessage {
  const when = weekdayInWords(todayInSouthAfrica(sentAt));
  const hello = greeting(sentAt);
  const deskLink = { kind: 'link' as const, text: 'Open the order desk', url: `${ctx.publicUrl}/admin` };
  const chase = missed.length > 0 ? `, ${plural(missed.length, 'delivery', 'deliveries')} to chase` : '';

  if (orders.length === 0) {
    return {
      to,
      subject: `Order desk: nothing to pack${chase} - ${when}`,
      ...layout(ctx, 'Nothing to pack today', [
        { kind: 'paragraph', text: `${hello} Every paid order has been sent on its way, so there is nothing to pack on ${when}.` },
        ...missedBlocks(missed),
        ...lowStockBlocks(low),
        ...transferBlocks(transfers),
        ...quoteBlocks(ctx, quotes),
        { kind: 'paragraph', text: 'New orders will be in tomorrow morning’s email, and in the order desk as soon as they are paid.' },
        deskLink,
      ]),
    };
  }

  const count = plural(orders.length, 'order', 'orders');
  const blocks: Blocks = [
    {
      kind: 'paragraph',
      text: `${hello} ${count} ${orders.length === 1 ? 'is' : 'are'} paid and waiting to be packed, oldest first. Drop each PAXI parcel at a PAXI point with the receiver's cellphone number and the point code below; courier parcels are booked on the order desk and collected here.`,
    },
    ...markedBlocks(orders),
  ];
  orders.forEach((order, index) => {
    blocks.push(
      { kind: 'paragraph', text: `${index + 1}. Order ${order.orderNumber}` },
      {
        kind: 'details',
        rows: [
          ['Order number', order.orderNumber],
          ['Placed', placedAt.format(order.createdAt)],
          ['Customer', order.customerName],
          ['Cellphone', localPhone(order.customerPhone)],
          ['Pack', order.items.map((item) => `${item.quantity} x ${lineName(item)}`).join('\n')],
          courierServiceOf(order.deliveryOption)
            ? ['Courier to', [courierAddressLine(order), order.deliveryInstructions].filter(Boolean).join('\n')]
            : ['PAXI point', `${order.paxiLocationId} - ${order.paxiLocationName}\n${order.paxiLocationAddress}`],
          ['Delivery', deliveryOptionLabel(order.deliveryOption)],
          ...openMarks(order).map((mark): [string, string] => ['Check first', `${oversoldHeadlines[mark.kind]}. ${oversoldDetail(mark)}`]),
        ],
      },
    );
  });
  blocks.push(
    {
      kind: 'paragraph',
      text: 'Once a parcel is handed in, mark its order fulfilled with the tracking number: the customer is told at once.',
    },
    ...missedBlocks(missed),
    ...lowStockBlocks(low),
    ...transferBlocks(transfers),
    ...quoteBlocks(ctx, quotes),
    deskLink,
  );
  return {
    to,
    subject: `Order desk: ${count} to pack${chase} - ${when}`,
    ...layout(ctx, `${count} to pack`, blocks),
  };
}
