import { sentenceEndingWith, type ShopDetails } from '../../shared/shop-details';
import { businessHours, findDeliveryOption, paxi, PAXI_EXPRESS, PAXI_STANDARD } from '../../shared/shop-facts';
import { courierFeesSentence, courierNotes, courierServiceOf, deliverySpeedText, destinationRows, type CourierFees, type OrderDestination } from '../../shared/delivery';
import { formatRand } from '../../shared/money';
import { isVatVendor, vatIncluded } from '../../shared/vat';
import { lineName } from '../../shared/product';
import { escapeHtml } from '../lib/html';
import type { EmailMessage } from '../lib/outbox-messages';

/** What every email needs to know about the shop; links are absolute from PUBLIC_URL. */
export interface EmailContext {
  shop: ShopDetails;
  publicUrl: string;
  /** What courier delivery costs, from the shop's courier settings, as the welcome email states it. */
  courierFees: CourierFees;
  /** The courier's page for a tracking number, when it has one. */
  courierTracking?: (trackingNumber: string) => string | undefined;
  /** A signed link that opens a guest's order (orders/order-links.ts). */
  orderLink?: (orderNumber: string) => string;
}

/** An order as its page's link needs it: whether a guest placed it, and whether an account has claimed it since. */
export interface OrderOfBuyer {
  orderNumber: string;
  userId: string | null;
  placedAsGuest: boolean;
}

/**
 * Where an email sends its buyer to see the order: My Profile's page, or, for an order placed
 * without an account and not yet claimed by one, a signed link that opens it.
 */
export function orderPageUrl(ctx: EmailContext, order: OrderOfBuyer): string {
  return opensByLink(ctx, order) ? ctx.orderLink!(order.orderNumber) : `${ctx.publicUrl}/profile/orders/${order.orderNumber}`;
}

/** Whether the order's page is reached by its signed link (a guest's, not claimed by an account) rather than by signing in. */
export function opensByLink(ctx: EmailContext, order: OrderOfBuyer): boolean {
  return order.placedAsGuest && order.userId === null && ctx.orderLink !== undefined;
}

/** A piece of an email, written once and rendered both as HTML and as plain text. */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'quote'; text: string }
  | { kind: 'link'; text: string; url: string }
  | { kind: 'details'; rows: [label: string, value: string][] }
  /** Lines of a bill: the amounts in a column of their own, right-aligned. */
  | { kind: 'amounts'; rows: [label: string, amount: string][] };

function renderHtml(ctx: EmailContext, heading: string, blocks: Block[]): string {
  const paragraph = (text: string) => escapeHtml(text).replace(/\n/g, '<br>');
  const body = blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return `<p style="margin:0 0 16px">${paragraph(block.text)}</p>`;
        case 'quote':
          return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #007a4d;background:#f5f5f5">${paragraph(block.text)}</blockquote>`;
        case 'link':
          return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="color:#007a4d">${escapeHtml(block.text)}</a></p>`;
        case 'details':
          return `<table style="margin:0 0 16px;border-collapse:collapse">${block.rows
            .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${paragraph(value)}</td></tr>`)
            .join('')}</table>`;
        case 'amounts':
          // align="right" on the cell: the one alignment every email client honours (some drop CSS).
          return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${block.rows
            .map(
              ([label, amount]) =>
                `<tr><th align="left" style="padding:2px 24px 2px 0">${escapeHtml(label)}</th><td align="right" style="padding:2px 0;white-space:nowrap">${escapeHtml(amount)}</td></tr>`,
            )
            .join('')}</table>`;
      }
    })
    .join('\n');
  const { shop } = ctx;
  const home = escapeHtml(`${ctx.publicUrl}/`);
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">
<div style="max-width:600px;margin:0 auto">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold"><a href="${home}" style="color:#007a4d;text-decoration:none">${escapeHtml(shop.name)}</a></p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${body}
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<p style="margin:0;font-size:13px;color:#555">${escapeHtml(shop.legalName)} · ${escapeHtml(shop.address)}<br>
${escapeHtml(shop.phone)} · <a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a> · <a href="${home}">${escapeHtml(ctx.publicUrl.replace(/^https?:\/\//, ''))}</a></p>
</div>
</body>
</html>`;
}

function renderText(ctx: EmailContext, heading: string, blocks: Block[]): string {
  const body = blocks.map((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.text;
      case 'quote':
        return block.text
          .split('\n')
          .map((line) => `> ${line}`)
          .join('\n');
      case 'link':
        return `${block.text}: ${block.url}`;
      case 'details':
      case 'amounts':
        return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    }
  });
  const { shop } = ctx;
  return [
    heading,
    '',
    body.join('\n\n'),
    '',
    '--',
    shop.name,
    `${shop.legalName}, ${shop.address}`,
    `${shop.phone} · ${shop.email}`,
    `${ctx.publicUrl}/`,
    '',
  ].join('\n');
}

/** The shop's layout around an email's content, as HTML and as plain text. */
export function layout(ctx: EmailContext, heading: string, blocks: Block[]): { html: string; text: string } {
  return { html: renderHtml(ctx, heading, blocks), text: renderText(ctx, heading, blocks) };
}

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** The contact form's message for the order desk; answering it writes to the sender. */
export function contactToShop(ctx: EmailContext, to: string, contact: ContactMessage): EmailMessage {
  const subject = `Contact form: message from ${contact.name}`;
  return {
    to,
    replyTo: contact.email,
    subject,
    ...layout(ctx, 'New message from the contact form', [
      { kind: 'details', rows: [['Name', contact.name], ['Email', contact.email]] },
      { kind: 'quote', text: contact.message },
      { kind: 'paragraph', text: `Reply to this email to answer ${contact.name}.` },
    ]),
  };
}

/** The sender's copy of what they wrote, with when and how to reach the shop. */
export function contactCopyToSender(ctx: EmailContext, contact: ContactMessage): EmailMessage {
  const { shop } = ctx;
  return {
    to: contact.email,
    replyTo: shop.email,
    subject: `We received your message - ${shop.name}`,
    ...layout(ctx, 'We received your message', [
      { kind: 'paragraph', text: `Hi ${contact.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for contacting ${sentenceEndingWith(shop.name)} We will get back to you soon. This is a copy of your message:`,
      },
      { kind: 'quote', text: contact.message },
      {
        kind: 'details',
        rows: [
          ['Business hours', `${businessHours.contact.weekdays} (${businessHours.contact.weekends.toLowerCase()})`],
          ['Phone', shop.phone],
          ['Email', shop.email],
          ['Address', shop.address],
        ],
      },
      { kind: 'link', text: 'Browse our flags', url: `${ctx.publicUrl}/shop` },
    ]),
  };
}

/** The link that confirms an address; it leads to the shop's /verify-email page, which calls the API. */
export function verifyEmailMessage(ctx: EmailContext, user: { name: string; email: string }, link: string): EmailMessage {
  const { shop } = ctx;
  return {
    to: user.email,
    replyTo: shop.email,
    subject: `Please verify your email address - ${shop.name}`,
    ...layout(ctx, 'Verify your email address', [
      { kind: 'paragraph', text: `Hi ${user.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for creating an account with ${sentenceEndingWith(shop.name)} Please confirm that this is your email address; you need a verified address to pay for an order.`,
      },
      { kind: 'link', text: 'Verify my email address', url: link },
      { kind: 'paragraph', text: 'The link works for one hour. If you did not create an account, you can ignore this email.' },
    ]),
  };
}

/** The password reset email: a link to the shop's /password-reset page, valid for one hour (spec section 9). */
/** Sent once when an account is created (by email or Google), beside the verification email. */
export function welcomeMessage(ctx: EmailContext, user: { name: string; email: string }): EmailMessage {
  const { shop, publicUrl } = ctx;
  return {
    to: user.email,
    replyTo: shop.email,
    subject: `Welcome to ${shop.name}`,
    ...layout(ctx, `Welcome to ${shop.name}`, [
      { kind: 'paragraph', text: `Hi ${user.name || user.email},` },
      {
        kind: 'paragraph',
        text: `Thank you for joining ${sentenceEndingWith(shop.name)} Your cart now follows you to every device you sign in on, and you can save flags to your wishlist for later.`,
      },
      {
        kind: 'paragraph',
        text: `At checkout you choose how your order reaches you: collect it at a PAXI point near you, standard in ${PAXI_STANDARD.time} (${PAXI_STANDARD.feeLabel}) or express in ${PAXI_EXPRESS.time} (${PAXI_EXPRESS.feeLabel}), bringing your ID; or have a courier bring it to your door: ${courierFeesSentence(ctx.courierFees)}.`,
      },
      { kind: 'link', text: 'Browse our flags', url: `${publicUrl}/shop` },
      { kind: 'link', text: 'Your profile', url: `${publicUrl}/profile` },
      { kind: 'paragraph', text: `Questions? Reply to this email or write to ${shop.email}.` },
    ]),
  };
}

export function resetPasswordMessage(ctx: EmailContext, user: { name: string; email: string }, link: string): EmailMessage {
  const { shop } = ctx;
  return {
    to: user.email,
    replyTo: shop.email,
    subject: `Reset your password - ${shop.name}`,
    ...layout(ctx, 'Reset your password', [
      { kind: 'paragraph', text: `Hi ${user.name},` },
      { kind: 'paragraph', text: `Someone asked to reset the password of your ${shop.name} account.` },
      { kind: 'link', text: 'Choose a new password', url: link },
      { kind: 'paragraph', text: 'The link works for one hour. If you did not ask for it, you can ignore this email.' },
    ]),
  };
}

/**
 * Sent instead of a second account when someone signs up with an address that has one: sign-up
 * answers the same either way (decision 0010), so the owner learns of it here, with the way in.
 */
export function accountExistsMessage(ctx: EmailContext, user: { name: string; email: string }): EmailMessage {
  const { shop, publicUrl } = ctx;
  return {
    to: user.email,
    replyTo: shop.email,
    subject: `Someone tried to create an account with your email - ${shop.name}`,
    ...layout(ctx, 'You already have an account', [
      { kind: 'paragraph', text: `Hi ${user.name || user.email},` },
      {
        kind: 'paragraph',
        text: `Someone tried to create a new account with this email address at ${sentenceEndingWith(shop.name)} You already have one, so nothing was changed.`,
      },
      { kind: 'paragraph', text: 'If it was you, sign in or reset your password:' },
      { kind: 'link', text: 'Sign in', url: `${publicUrl}/profile` },
      { kind: 'link', text: 'Reset your password', url: `${publicUrl}/password-reset` },
      { kind: 'paragraph', text: `If it was not you, you can ignore this email: your account is safe. Questions? Write to ${shop.email}.` },
    ]),
  };
}

/** Sent when a shopper deletes their account (POPIA): what was erased, and what the law makes the shop keep. */
export function accountDeletedMessage(ctx: EmailContext, user: { name: string; email: string }): EmailMessage {
  const { shop } = ctx;
  return {
    to: user.email,
    replyTo: shop.email,
    subject: `Your account was deleted - ${shop.name}`,
    ...layout(ctx, 'Your account was deleted', [
      { kind: 'paragraph', text: `Hi ${user.name},` },
      {
        kind: 'paragraph',
        text: `As you asked, we deleted your ${shop.name} account and the personal details saved with it: your name, phone number, date of birth, addresses, wishlist and cart. You have been signed out everywhere.`,
      },
      {
        kind: 'paragraph',
        text: 'Records of orders you placed are kept for as long as South African tax law requires, no longer linked to an account.',
      },
      {
        kind: 'paragraph',
        text: `If you did not ask for this, please contact us at ${shop.email} or ${shop.phone}. You are welcome to create a new account at any time.`,
      },
      { kind: 'link', text: 'Visit the shop', url: `${ctx.publicUrl}/shop` },
    ]),
  };
}

/**
 * How a PAXI parcel is collected, in the same words in every email and text message about it. The
 * PIN comes from PAXI, not from the shop's own texts, so no message may promise it in ours.
 */
export const collectionNotes = {
  arrivalSms: 'We will SMS you when your parcel arrives at the PAXI point.',
  bring: 'Bring your ID and the PIN PAXI sends you to collect it.',
  uncollected: `PAXI returns parcels not collected within ${paxi.uncollectedReturnDays} days to us.`,
} as const;


/** What the confirmation email needs of an order. */
export interface ConfirmedOrder extends OrderDestination, OrderOfBuyer {
  customerName: string;
  customerEmail: string;
  items: { productName: string; sizeLabel?: string; productPrice: number; quantity: number }[];
  subtotalCents: number;
  deliveryFeeCents: number;
  discountCode?: string | null;
  discountCents?: number;
  totalAmount: number;
}

/**
 * Sent when a paid checkout becomes an order: the order number, what was bought, the total with
 * the VAT in it, where and how fast to collect, and the ID to bring.
 */
export function orderConfirmationMessage(ctx: EmailContext, order: ConfirmedOrder, invoice?: { serial: string; title: string }): EmailMessage {
  const { shop } = ctx;
  const courier = courierServiceOf(order.deliveryOption) !== undefined;
  return {
    ...(invoice ? { attachments: [{ taxDocument: invoice.serial }] } : {}),
    to: order.customerEmail,
    replyTo: shop.email,
    subject: `Order ${order.orderNumber} confirmed - ${shop.name}`,
    ...layout(ctx, `Thank you for your order ${order.orderNumber}`, [
      { kind: 'paragraph', text: `Hi ${order.customerName},` },
      { kind: 'paragraph', text: 'Your payment was received and your flag order is being prepared for shipment.' },
      {
        kind: 'amounts',
        rows: [
          ...order.items.map(
            (item): [string, string] => [`${item.quantity} x ${lineName(item)}`, formatRand(item.productPrice * item.quantity)],
          ),
          ['Subtotal', formatRand(order.subtotalCents)],
          [courier ? 'Courier delivery' : `${findDeliveryOption(order.deliveryOption)!.name} collection`, formatRand(order.deliveryFeeCents)],
          ...(order.discountCents ? [[`Discount (${order.discountCode})`, `-${formatRand(order.discountCents)}`] as [string, string]] : []),
          ['Total paid', formatRand(order.totalAmount)],
          // Only a VAT vendor may say its prices include VAT.
          ...(isVatVendor(shop) ? [['VAT included (15%)', formatRand(vatIncluded(order.totalAmount))] as [string, string]] : []),
        ],
      },
      ...(invoice ? [{ kind: 'paragraph' as const, text: `Your ${invoice.title.toLowerCase()} ${invoice.serial} is attached.` }] : []),
      {
        kind: 'details',
        rows: [
          ['Order number', order.orderNumber],
          ...destinationRows(order),
          [courier ? 'Delivery' : 'Collection speed', deliverySpeedText(order.deliveryOption)],
        ],
      },
      {
        kind: 'paragraph',
        text: courier ? `${courierNotes.onTheWay} ${courierNotes.signFor}` : `${collectionNotes.arrivalSms} ${collectionNotes.bring} ${collectionNotes.uncollected}`,
      },
      { kind: 'link', text: 'See your order', url: orderPageUrl(ctx, order) },
      { kind: 'paragraph', text: `Questions about your order? Reply to this email or call ${shop.phone}.` },
    ]),
  };
}
