import { sentenceEndingWith } from '../../shared/shop-details';
import { formatRand } from '../../shared/money';
import { isVatVendor, vatIncluded } from '../../shared/vat';
import { quotedLineAmount, quoteLineText, type QuoteAnswer, type QuoteLine, type QuoteRequestView } from '../../shared/quotes';
import { layout, type EmailContext } from '../notify/templates';
import { dayInWords } from '../../shared/profile';
import type { EmailMessage } from '../lib/outbox-messages';

/** A quote request as its emails need it. */
export type QuoteForEmail = Pick<
  QuoteRequestView,
  'reference' | 'name' | 'email' | 'phone' | 'organisation' | 'vatNumber' | 'deliveryArea' | 'neededBy' | 'notes' | 'lines'
>;


function requestRows(quote: QuoteForEmail): [string, string][] {
  const rows: [string, string | null][] = [
    ['Reference', quote.reference],
    ['Name', quote.name],
    ['Email', quote.email],
    ['Phone', quote.phone],
    ['Organisation', quote.organisation],
    ['VAT number', quote.vatNumber],
    ['Delivery area', quote.deliveryArea],
    ['Needed by', quote.neededBy && dayInWords(quote.neededBy)],
  ];
  return rows.filter((row): row is [string, string] => row[1] !== null);
}

const flagCount = (lines: QuoteLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** The lines, one to a row, with the SKU of a listed size so the desk can look it up. */
function linesText(lines: QuoteLine[]): string {
  return lines.map((line) => `${quoteLineText(line)}${line.sku ? ` (${line.sku})` : ''}`).join('\n');
}

/** The request for the order desk; replying writes to the shopper. */
export function quoteRequestToShop(ctx: EmailContext, to: string, quote: QuoteForEmail): EmailMessage {
  const who = quote.organisation ? `${quote.name} (${quote.organisation})` : quote.name;
  return {
    to,
    replyTo: quote.email,
    subject: `Quote request ${quote.reference} from ${who}: ${flagCount(quote.lines)} flags`,
    ...layout(ctx, `Quote request ${quote.reference}`, [
      { kind: 'details', rows: requestRows(quote) },
      { kind: 'quote', text: linesText(quote.lines) },
      ...(quote.notes ? [{ kind: 'paragraph' as const, text: `Notes: ${quote.notes}` }] : []),
      { kind: 'link', text: 'Answer it on the order desk', url: `${ctx.publicUrl}/admin?tab=quotes` },
    ]),
  };
}

/** The shopper's copy of what they asked for, with the reference to quote. */
export function quoteRequestCopy(ctx: EmailContext, quote: QuoteForEmail): EmailMessage {
  const { shop } = ctx;
  return {
    to: quote.email,
    replyTo: shop.email,
    subject: `We received your quote request ${quote.reference} - ${shop.name}`,
    ...layout(ctx, 'We received your quote request', [
      { kind: 'paragraph', text: `Hi ${quote.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for asking ${sentenceEndingWith(shop.name)} We will email you a price for these flags soon. Your reference is ${quote.reference}.`,
      },
      { kind: 'quote', text: linesText(quote.lines) },
      { kind: 'details', rows: requestRows(quote).slice(1) },
      ...(quote.notes ? [{ kind: 'paragraph' as const, text: `Your notes: ${quote.notes}` }] : []),
      { kind: 'paragraph', text: `To change anything, reply to this email and quote ${quote.reference}.` },
    ]),
  };
}

/** The desk's price: each line, delivery and the total, how long it holds and how to accept. */
export function quoteAnswerEmail(ctx: EmailContext, quote: QuoteForEmail, answer: QuoteAnswer, revised: boolean): EmailMessage {
  const { shop } = ctx;
  const vatVendor = isVatVendor(shop);
  const rows: [string, string][] = quote.lines.map((line, i) => [quoteLineText(line), quotedLineAmount(line, answer.unitPricesCents[i]!)]);
  rows.push(['Delivery', answer.deliveryCents === 0 ? 'Included' : formatRand(answer.deliveryCents)]);
  rows.push(['Total', formatRand(answer.totalCents)]);
  if (vatVendor) rows.push(['VAT included (15%)', formatRand(vatIncluded(answer.totalCents))]);
  const heading = revised ? `Your revised quote ${quote.reference}` : `Your quote ${quote.reference}`;
  return {
    to: quote.email,
    replyTo: shop.email,
    subject: `${heading} - ${shop.name}`,
    ...layout(ctx, heading, [
      { kind: 'paragraph', text: `Hi ${quote.name},` },
      {
        kind: 'paragraph',
        text: `Thank you for asking ${sentenceEndingWith(shop.name)} Here is our price for your flags${quote.organisation ? ` for ${quote.organisation}` : ''}, delivered to ${quote.deliveryArea}:`,
      },
      { kind: 'amounts', rows },
      ...(answer.message ? [{ kind: 'quote' as const, text: answer.message }] : []),
      {
        kind: 'paragraph',
        text: `This price holds until ${dayInWords(answer.validUntil)}.${vatVendor ? ` Prices include VAT; our VAT number is ${shop.vatNumber}.` : ''} To accept, reply to this email and quote ${quote.reference}; we will send an invoice to pay.`,
      },
    ]),
  };
}
