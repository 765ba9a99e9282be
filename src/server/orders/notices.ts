import type { EmailMessage, SmsMessage } from '../lib/outbox-messages';
import { collectionNotes, layout, orderPageUrl, type EmailContext, type OrderOfBuyer } from '../notify/templates';
import { formatRand } from '../../shared/money';
import { normalisePhone } from '../../shared/profile';
import { paxi } from '../../shared/shop-facts';
import { courierAddressLine, courierDeliveryTimes, courierNotes, courierServiceOf, deliverySpeedText, destinationRows, type OrderDestination } from '../../shared/delivery';
import { sentenceEndingWith } from '../../shared/shop-details';
import { refundWordsOf } from '../../shared/payment-methods';

/** What the customer notices need of an order. */
export interface NoticeOrder extends OrderDestination, OrderOfBuyer {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  totalAmount: number;
  trackingNumber: string | null;
}

const byCourier = (order: Pick<NoticeOrder, 'deliveryOption'>) => courierServiceOf(order.deliveryOption) !== undefined;

/** Where the customer follows the parcel: the courier's page for its number, or PAXI's tracking page. */
export function trackingPage(ctx: EmailContext, order: Pick<NoticeOrder, 'deliveryOption' | 'trackingNumber'>): string | undefined {
  if (!order.trackingNumber) return undefined;
  return byCourier(order) ? ctx.courierTracking?.(order.trackingNumber) : paxi.trackingUrl;
}

function email(ctx: EmailContext, order: NoticeOrder, subject: string, heading: string, blocks: Parameters<typeof layout>[2]): EmailMessage {
  return {
    to: order.customerEmail,
    replyTo: ctx.shop.email,
    subject: `${subject} - ${ctx.shop.name}`,
    ...layout(ctx, heading, [
      { kind: 'paragraph', text: `Hi ${order.customerName},` },
      ...blocks,
      { kind: 'link', text: 'See your order', url: orderPageUrl(ctx, order) },
      { kind: 'paragraph', text: `Questions about your order? Reply to this email or call ${ctx.shop.phone}.` },
    ]),
  };
}

/**
 * A text message to the number on the order; undefined when that is not a South African number
 * (orders store E.164, so this only guards rows written by hand). A text carries everything the
 * email about the same step promises, since many customers read only the text; one longer than 160
 * characters goes out, and is paid for, in parts.
 */
function sms(ctx: EmailContext, order: NoticeOrder, body: string): SmsMessage | undefined {
  const to = normalisePhone(order.customerPhone);
  return to ? { to, body: `${ctx.shop.name}: ${body}` } : undefined;
}

/** Where the parcel is and how to find it, in the emails about it. */
function parcelRows(order: NoticeOrder): [string, string][] {
  return [
    ['Order number', order.orderNumber],
    ['Tracking number', order.trackingNumber ?? ''],
    ...destinationRows(order),
  ];
}

/** Sent when the order desk hands the parcel to PAXI or the courier: the tracking number and where it goes, always (design: lessons from other shops). */
export function orderSentEmail(ctx: EmailContext, order: NoticeOrder): EmailMessage {
  const courier = byCourier(order);
  const track = trackingPage(ctx, order);
  return email(ctx, order, `Your order ${order.orderNumber} is on its way`, `Your order ${order.orderNumber} is on its way`, [
    {
      kind: 'paragraph',
      text: courier
        ? 'Good news: the courier has your flags and is bringing them to your door.'
        : 'Good news: we handed your flags to PAXI and they are on their way to the PAXI point you chose.',
    },
    { kind: 'details', rows: [...parcelRows(order), [courier ? 'Delivery' : 'Collection speed', deliverySpeedText(order.deliveryOption)]] },
    ...(track ? [{ kind: 'link' as const, text: 'Track your parcel', url: track }] : []),
    {
      kind: 'paragraph',
      text: courier ? courierNotes.signFor : `${collectionNotes.arrivalSms} ${collectionNotes.bring} ${collectionNotes.uncollected}`,
    },
  ]);
}

export function orderSentSms(ctx: EmailContext, order: NoticeOrder): SmsMessage | undefined {
  const track = trackingPage(ctx, order);
  const level = courierServiceOf(order.deliveryOption);
  if (level) {
    // 'by courier' says the courier once: the service follows in plain words, not its label.
    return sms(
      ctx,
      order,
      `order ${order.orderNumber} is on its way to ${courierAddressLine(order)} by courier (${level}, ${courierDeliveryTimes[level]}). ` +
        `Tracking number ${order.trackingNumber}${track ? `: ${track}` : ''}. ${courierNotes.signFor}`,
    );
  }
  return sms(
    ctx,
    order,
    `order ${order.orderNumber} is on its way to the PAXI point at ${order.paxiLocationName}, ${order.paxiLocationAddress} (${deliverySpeedText(order.deliveryOption)}). ` +
      `Tracking number ${order.trackingNumber}. ${collectionNotes.arrivalSms} ${collectionNotes.bring} ${collectionNotes.uncollected}`,
  );
}

/** Sent when the parcel is at the PAXI point: where, what to bring, and by when. */
export function readyForCollectionEmail(ctx: EmailContext, order: NoticeOrder): EmailMessage {
  return email(ctx, order, `Your order ${order.orderNumber} is ready for collection`, 'Your flags are ready for collection', [
    {
      kind: 'paragraph',
      text: `Your order ${order.orderNumber} is ready for collection at ${order.paxiLocationName}, ${order.paxiLocationAddress}.`,
    },
    { kind: 'details', rows: parcelRows(order) },
    {
      kind: 'paragraph',
      text: `${collectionNotes.bring} ${collectionNotes.uncollected}`,
    },
  ]);
}

export function readyForCollectionSms(ctx: EmailContext, order: NoticeOrder): SmsMessage | undefined {
  return sms(
    ctx,
    order,
    `order ${order.orderNumber} is ready for collection at ${order.paxiLocationName}, ${order.paxiLocationAddress}. ` +
      `Tracking number ${order.trackingNumber}. ${collectionNotes.bring} ${collectionNotes.uncollected}`,
  );
}

/** A thank-you once the parcel is collected, with where to turn if something is wrong. */
export function collectedEmail(ctx: EmailContext, order: NoticeOrder): EmailMessage {
  return email(ctx, order, `Thank you for collecting order ${order.orderNumber}`, 'Enjoy your flags', [
    { kind: 'paragraph', text: `Your order ${order.orderNumber} was collected from ${order.paxiLocationName}. Thank you for shopping with ${sentenceEndingWith(ctx.shop.name)}` },
    { kind: 'paragraph', text: 'If anything is wrong with your flags, reply to this email and we will put it right.' },
  ]);
}

/** The courier's driver has the parcel today: someone must be there to sign. */
export function outForDeliveryEmail(ctx: EmailContext, order: NoticeOrder): EmailMessage {
  const track = trackingPage(ctx, order);
  return email(ctx, order, `Your order ${order.orderNumber} is out for delivery`, 'Your flags arrive today', [
    { kind: 'paragraph', text: `The courier's driver is bringing your order ${order.orderNumber} to ${courierAddressLine(order)} today.` },
    { kind: 'details', rows: parcelRows(order) },
    ...(track ? [{ kind: 'link' as const, text: 'Track your parcel', url: track }] : []),
    { kind: 'paragraph', text: courierNotes.signFor },
  ]);
}

export function outForDeliverySms(ctx: EmailContext, order: NoticeOrder): SmsMessage | undefined {
  const track = trackingPage(ctx, order);
  return sms(ctx, order, `order ${order.orderNumber} is out for delivery to ${courierAddressLine(order)} today${track ? `: ${track}` : ''}. ${courierNotes.signFor}`);
}

/** The courier came and could not deliver: what it said, and that it tries again. */
export function deliveryFailedEmail(ctx: EmailContext, order: NoticeOrder, courierSaid?: string): EmailMessage {
  const track = trackingPage(ctx, order);
  return email(ctx, order, `The courier could not deliver order ${order.orderNumber}`, 'We missed you', [
    { kind: 'paragraph', text: `The courier could not deliver your order ${order.orderNumber} to ${courierAddressLine(order)}${courierSaid ? `: "${courierSaid}"` : '.'}` },
    { kind: 'paragraph', text: courierNotes.tryAgain },
    { kind: 'details', rows: parcelRows(order) },
    ...(track ? [{ kind: 'link' as const, text: 'Track your parcel', url: track }] : []),
  ]);
}

export function deliveryFailedSms(ctx: EmailContext, order: NoticeOrder): SmsMessage | undefined {
  return sms(ctx, order, `the courier could not deliver order ${order.orderNumber} today. ${courierNotes.tryAgain} To arrange another time, call ${ctx.shop.phone}.`);
}

/** A thank-you once the courier delivered, with where to turn if something is wrong. */
export function deliveredEmail(ctx: EmailContext, order: NoticeOrder): EmailMessage {
  return email(ctx, order, `Your order ${order.orderNumber} was delivered`, 'Enjoy your flags', [
    { kind: 'paragraph', text: `The courier delivered your order ${order.orderNumber} to ${courierAddressLine(order)}. Thank you for shopping with ${sentenceEndingWith(ctx.shop.name)}` },
    { kind: 'paragraph', text: 'If anything is wrong with your flags, or you did not receive them, reply to this email and we will put it right.' },
  ]);
}

/** What the customer is told about the money when an order is cancelled. */
export interface CancelMoney {
  /** Asked of the payment provider with this cancellation. */
  refundNowCents: number;
  /** Refunded (or asked for) before this cancellation. */
  refundedBeforeCents: number;
  /** Nothing was paid yet (an order awaiting its bank transfer): there is nothing to refund. */
  unpaid?: boolean;
}

/** An order as its refund's notices need it: how it was paid says where the money goes back. */
type RefundedOrder = NoticeOrder & { paymentMethod: string };

export function orderCancelledEmail(ctx: EmailContext, order: RefundedOrder, money: CancelMoney): EmailMessage {
  const paid = formatRand(order.totalAmount);
  const words = refundWordsOf(order.paymentMethod);
  const everything = money.refundNowCents + money.refundedBeforeCents >= order.totalAmount;
  let refund: string;
  if (money.unpaid) {
    refund = 'Nothing was paid for it, so nothing is refunded. If you have just paid by bank transfer, please reply to this email and we will pay it back.';
  } else if (money.refundNowCents > 0 && everything && money.refundedBeforeCents === 0) {
    refund = `We are refunding the full ${paid} you paid ${words.to}.`;
  } else if (money.refundNowCents > 0 && everything) {
    refund = `We are refunding the remaining ${formatRand(money.refundNowCents)} of the ${paid} you paid ${words.to} (${formatRand(money.refundedBeforeCents)} was refunded before).`;
  } else if (money.refundNowCents > 0) {
    refund = `We are refunding ${formatRand(money.refundNowCents)} of the ${paid} you paid ${words.to}.`;
  } else if (money.refundedBeforeCents > 0) {
    refund = `${formatRand(money.refundedBeforeCents)} of the ${paid} you paid has already been refunded ${words.before}.`;
  } else {
    refund = `${words.none} If you expected one, please reply to this email.`;
  }
  const blocks: Parameters<typeof layout>[2] = [
    { kind: 'paragraph', text: `We cancelled your order ${order.orderNumber}.` },
    { kind: 'paragraph', text: refund },
  ];
  if (money.refundNowCents > 0) {
    blocks.push({ kind: 'paragraph', text: words.shows });
  }
  return email(ctx, order, `Your order ${order.orderNumber} was cancelled`, `Order ${order.orderNumber} cancelled`, blocks);
}

/** A refund the payment provider confirmed, or the owner made by hand, with its credit note when the order has an invoice. */
export function refundEmail(ctx: EmailContext, order: RefundedOrder, refundCents: number, creditNoteSerial?: string): EmailMessage {
  const words = refundWordsOf(order.paymentMethod);
  return email(ctx, order, `Refund for order ${order.orderNumber}`, `A refund for order ${order.orderNumber}`, [
    {
      kind: 'paragraph',
      text: `We have refunded ${formatRand(refundCents)} of the ${formatRand(order.totalAmount)} you paid for order ${order.orderNumber} ${words.to}.`,
    },
    { kind: 'paragraph', text: words.shows },
    ...(creditNoteSerial ? [{ kind: 'paragraph' as const, text: `Your credit note ${creditNoteSerial} is attached.` }] : []),
  ]);
}
