import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { formatRand } from '../../shared/money';
import {
  INVOICE_ADDRESS_MAX_LENGTH,
  INVOICE_ADDRESS_MAX_LINES,
  INVOICE_COMPANY_MAX_LENGTH,
  invoiceAddressLines,
  type PrintedDocument,
  type ProFormaInvoice,
  type TaxDocumentContent,
} from '../../shared/tax-documents';
import { VAT_RATE_PERCENT } from '../../shared/vat';
import { weekdayInWords } from '../../shared/profile';
import { unpackWoff } from './woff';

/**
 * A tax invoice, plain invoice, credit note or pro-forma invoice as an A4 PDF, set in Inter, with
 * UnifontEX for any character Inter lacks (王, Ｔｈａｎｄｉ, அ, 😀; docs/decisions/0034-invoice-fonts.md).
 * Both are embedded, so names print as written wherever the file is opened. The same document
 * always gives the same bytes: a retried email carries the same file as the first.
 */

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Content stops here; the footer sits below. */
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 12;

const GREEN = '#00603a';
const YELLOW = '#ffb81c';
const INK = '#1c2421';
const MUTED = '#5b6661';
const RULE = '#d5dcd8';
const TINT = '#eef5f1';

type Weight = 'regular' | 'bold';
/** pdfkit's names for the fonts; the fallback has one weight, which stands in for both. */
const FONT_NAMES = { regular: 'Inter', bold: 'Inter-Bold', fallback: 'UnifontEX' } as const;
type FontName = (typeof FONT_NAMES)[keyof typeof FONT_NAMES];
const REGULAR = FONT_NAMES.regular;
const BOLD = FONT_NAMES.bold;

const require = createRequire(import.meta.url);
/** A font's file, for pdfkit to embed, and fontkit's reading of it, to tell which characters it has. */
interface ShopFont {
  bytes: Buffer;
  font: Font;
}
type ShopFonts = Record<Weight, ShopFont> & { fallback: () => ShopFont };
let fonts: Promise<ShopFonts> | undefined;

/**
 * Read from the packages, never fetched, and read once. pdfkit reads the bytes again for each
 * document: a font object it had used before would carry the characters of earlier documents
 * into the text a reader copies from this one.
 */
function shopFonts(): Promise<ShopFonts> {
  fonts ??= import('fontkit').then(({ create }) => {
    const open = (file: string, unpack = (bytes: Buffer) => bytes): ShopFont => {
      const bytes = unpack(readFileSync(require.resolve(file)));
      return { bytes, font: create(bytes) as Font };
    };
    let fallback: ShopFont | undefined;
    return {
      regular: open('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
      bold: open('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
      // About 14 MB once unpacked: read with the first document that has a character Inter lacks.
      fallback: () => (fallback ??= open('@fontsource/unifontex/files/unifontex-latin-400-normal.woff', unpackWoff)),
    };
  });
  return fonts;
}

const issueDate = new Intl.DateTimeFormat('en-ZA', { timeZone: 'Africa/Johannesburg', day: 'numeric', month: 'long', year: 'numeric' });

/** The table's columns, left to right; the description takes what the figures leave. */
const GAP = 12;
const QTY_WIDTH = 36;
const MONEY_WIDTH = 84;
const DESCRIPTION_WIDTH = CONTENT_WIDTH - QTY_WIDTH - 2 * MONEY_WIDTH - 3 * GAP;
const columns = {
  description: MARGIN,
  quantity: MARGIN + DESCRIPTION_WIDTH + GAP,
  unitPrice: MARGIN + DESCRIPTION_WIDTH + QTY_WIDTH + 2 * GAP,
  amount: MARGIN + DESCRIPTION_WIDTH + QTY_WIDTH + MONEY_WIDTH + 3 * GAP,
};
const ROW_PADDING = 6;
const TABLE_FONT_SIZE = 9.5;

type Pdf = PDFKit.PDFDocument;

/** A document being drawn: pdfkit's, and the fonts that decide which one sets each character. */
interface Sheet {
  pdf: Pdf;
  fonts: ShopFonts;
  /** The fallback font, registered with the document when first needed. */
  fallback?: Font;
}

function fallbackOf(sheet: Sheet): Font {
  if (!sheet.fallback) {
    const { bytes, font } = sheet.fonts.fallback();
    sheet.pdf.registerFont(FONT_NAMES.fallback, bytes);
    sheet.fallback = font;
  }
  return sheet.fallback;
}

/**
 * Text as it can be printed: control characters (stored before they were refused at the edge)
 * and invisible marks (joiners, variation selectors, direction marks, soft hyphens), which the
 * fallback font would draw as boxes, are left out; line breaks stay for the caller to place.
 */
function printable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n]|\p{Default_Ignorable_Code_Point}/gu, '');
}

/** At most `max` characters, an ellipsis showing where it was cut. */
function clip(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}

/** A text that takes one line: its line breaks and runs of spaces become one space. */
function oneLine(text: string, max: number): string {
  return clip(printable(text).replace(/ *[\n\u2028\u2029][\n\u2028\u2029 ]*/g, ' ').trim(), max);
}

/** An address on at most INVOICE_ADDRESS_MAX_LINES lines, also when it was stored before that rule. */
function addressLines(address: string): string[] {
  const lines = invoiceAddressLines(clip(printable(address), INVOICE_ADDRESS_MAX_LENGTH)).map((line) => oneLine(line, INVOICE_ADDRESS_MAX_LENGTH));
  if (lines.length <= INVOICE_ADDRESS_MAX_LINES) return lines;
  return [...lines.slice(0, INVOICE_ADDRESS_MAX_LINES - 1), clip(`${lines.slice(INVOICE_ADDRESS_MAX_LINES - 1).join(', ')}`, INVOICE_COMPANY_MAX_LENGTH)];
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The text cut into runs, each set in one font: Inter where it has every character of a letter
 * with its marks, UnifontEX where it does not. A character neither has is left out (a rare
 * emoji), as a box would say nothing either. White space stays in the run it is in.
 */
function fontRuns(sheet: Sheet, text: string, weight: Weight): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  const has = (font: Font, cluster: string) => Array.from(cluster).every((character) => font.hasGlyphForCodePoint(character.codePointAt(0)!));
  for (const { segment } of graphemes.segment(printable(text))) {
    const last = runs.at(-1);
    const font =
      last && /^\s+$/.test(segment) ? last.font : has(sheet.fonts[weight].font, segment) ? FONT_NAMES[weight] : has(fallbackOf(sheet), segment) ? FONT_NAMES.fallback : undefined;
    if (font === undefined) continue;
    if (last?.font === font) last.text += segment;
    else runs.push({ font, text: segment });
  }
  return runs;
}

type TextOptions = Omit<PDFKit.Mixins.TextOptions, 'continued' | 'baseline'>;

/**
 * Sets `text` at (x, y), or where the last text left off, run by run in the font that has its
 * characters, on Inter's baseline so that the runs line up. The size and colour are the ones set.
 */
function write(sheet: Sheet, text: string, weight: Weight, size: number, options: TextOptions, x?: number, y?: number): void {
  const { pdf } = sheet;
  const runs = fontRuns(sheet, text, weight);
  const primary = sheet.fonts[weight].font;
  const baseline = -((primary.ascent / primary.unitsPerEm) * size);
  if (runs.length === 0) runs.push({ font: FONT_NAMES[weight], text: '' });
  runs.forEach((run, i) => {
    pdf.font(run.font).fontSize(size);
    const runOptions = { ...options, baseline, continued: i < runs.length - 1 };
    if (i === 0) pdf.text(run.text, x, y, runOptions);
    else pdf.text(run.text, runOptions);
  });
}

/** How tall `text` sets in `width`: pdfkit measures each run in its own font, as write sets them. */
function heightOf(sheet: Sheet, text: string, weight: Weight, size: number, options: TextOptions): number {
  const { pdf } = sheet;
  const runs = fontRuns(sheet, text, weight);
  if (runs.length === 0) return pdf.font(FONT_NAMES[weight]).fontSize(size).heightOfString('', options);
  return runs.reduce((height, run, i) => height + pdf.font(run.font).fontSize(size).heightOfString(run.text, { ...options, continued: i < runs.length - 1 }), 0);
}

/** How a document names itself: in its heading, atop the pages it continues onto and in the file's properties. */
interface Heading {
  /** 'Tax Invoice INV-000001', 'Pro-forma Invoice for order CF-1001'. */
  name: string;
  subject: string;
  /** In bold under the title: the serial, or the order a pro-forma invoice is for. */
  reference: string;
  /** Under the reference: the date, and the order of a tax document. */
  details: string[];
  /** The document's date, which also keeps the file's /ID fixed. */
  date: Date;
}

function headingOf(document: PrintedDocument): Heading {
  if (document.kind === 'pro_forma') {
    const orderedAt = new Date(document.orderedAt);
    const name = `${document.title} for order ${document.orderNumber}`;
    return { name, subject: name, reference: `Order ${document.orderNumber}`, details: [`Order date: ${issueDate.format(orderedAt)}`], date: orderedAt };
  }
  const issuedAt = new Date(document.issuedAt);
  const name = `${document.title} ${document.serial}`;
  return {
    name,
    subject: `${name} for order ${document.orderNumber}`,
    reference: document.serial,
    details: [`Date of issue: ${issueDate.format(issuedAt)}`, `Order number: ${document.orderNumber}`],
    date: issuedAt,
  };
}

// pdfkit and its fonts add about 15 MB to a process: loaded with the first document, not at every start.
export async function renderTaxDocumentPdf(document: PrintedDocument): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), shopFonts()]);
  const heading = headingOf(document);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // No default Helvetica: every word is set in Inter, or the fallback.
    font: '',
    info: {
      Title: heading.name,
      Author: document.supplier.legalName,
      Subject: heading.subject,
      Creator: document.supplier.name,
      // pdfkit takes the trailer's /ID from these fields, so the document's date keeps it fixed.
      CreationDate: heading.date,
      ModDate: heading.date,
    },
  });
  pdf.registerFont(REGULAR, fonts.regular.bytes);
  pdf.registerFont(BOLD, fonts.bold.bytes);
  const sheet: Sheet = { pdf, fonts };

  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let y = drawHeading(sheet, document, heading);
  if (document.kind === 'pro_forma') {
    y = drawNotice(sheet, 'This is not a tax invoice.', `The ${document.invoiceTitle.toLowerCase()} is issued when your payment is received.`, y + 18);
    y = drawParties(sheet, document, y + 22);
    y = drawPayment(sheet, document.payment, y + 22);
  } else {
    y = drawParties(sheet, document, y + 22);
    if (document.credit) y = drawCredit(sheet, document.credit, document.supplier.vatNumber !== null, y + 18);
  }
  y = drawLines(sheet, document, heading, y + 22);
  drawTotals(pdf, document, heading, y + 14);
  drawFooters(sheet, document);
  pdf.end();
  return done;
}

/** The logo (src/web/favicon.svg) as vectors: a green rounded square, a white pole and a yellow flag. */
function drawLogo(pdf: Pdf, x: number, y: number, size: number): void {
  pdf.save();
  pdf.translate(x, y).scale(size / 32);
  pdf.roundedRect(0, 0, 32, 32, 6).fill(GREEN);
  pdf.path('M9 6v21').lineWidth(2.5).lineCap('round').stroke('#ffffff');
  pdf.path('M10 7h14l-3.5 5 3.5 5H10z').fill(YELLOW);
  pdf.restore();
}

/** Logo and trading name on the left, the title, serial, date and order on the right; returns the y below. */
function drawHeading(sheet: Sheet, document: PrintedDocument, heading: Heading): number {
  const { pdf } = sheet;
  const logoSize = 40;
  drawLogo(pdf, MARGIN, MARGIN, logoSize);
  const nameX = MARGIN + logoSize + 12;
  const nameWidth = CONTENT_WIDTH / 2 - logoSize - 12;
  const name = oneLine(document.supplier.name, 100);
  const nameHeight = heightOf(sheet, name, 'bold', 15, { width: nameWidth });
  pdf.fillColor(INK);
  write(sheet, name, 'bold', 15, { width: nameWidth }, nameX, MARGIN + Math.max(0, (logoSize - nameHeight) / 2));
  const leftBottom = Math.max(MARGIN + logoSize, pdf.y);

  const rightX = MARGIN + CONTENT_WIDTH / 2;
  const rightWidth = CONTENT_WIDTH / 2;
  pdf.font(BOLD).fontSize(26).fillColor(GREEN).text(document.title, rightX, MARGIN - 4, { width: rightWidth, align: 'right' });
  pdf.moveDown(0.15);
  pdf.font(BOLD).fontSize(12).fillColor(INK).text(heading.reference, { width: rightWidth, align: 'right' });
  pdf.moveDown(0.2);
  pdf.font(REGULAR).fontSize(9.5).fillColor(MUTED);
  for (const detail of heading.details) pdf.text(detail, { width: rightWidth, align: 'right' });
  const bottom = Math.max(leftBottom, pdf.y);

  pdf.moveTo(MARGIN, bottom + 14).lineTo(MARGIN + CONTENT_WIDTH, bottom + 14).lineWidth(0.75).stroke(RULE);
  return bottom + 14;
}

/** A block of details under a small heading; the first line bold. Returns the y below. */
function drawBlock(sheet: Sheet, heading: string, lines: string[], x: number, y: number, width: number): number {
  const { pdf } = sheet;
  pdf.font(BOLD).fontSize(8.5).fillColor(GREEN).text(heading, x, y, { width });
  pdf.moveDown(0.3);
  lines.forEach((line, i) => {
    pdf.fillColor(i === 0 ? INK : MUTED);
    write(sheet, line, i === 0 ? 'bold' : 'regular', i === 0 ? 10.5 : 9.5, { width, lineGap: 1.5 }, x, pdf.y);
  });
  return pdf.y;
}

/**
 * The supplier on the left, the buyer ('Bill to') on the right. Each of the buyer's details takes
 * its own lines and no more, also as stored before the checkout bounded them: a company name
 * cannot add a line that looks like the shop's own (a 'VAT number …'), nor an address a page.
 */
function drawParties(sheet: Sheet, document: Pick<PrintedDocument, 'supplier' | 'recipient'>, y: number): number {
  const { supplier, recipient } = document;
  const vatRegistered = supplier.vatNumber !== null;
  const width = (CONTENT_WIDTH - 30) / 2;

  const supplierLines = [supplier.legalName, supplier.address];
  if (supplier.vatNumber !== null) supplierLines.push(`VAT number ${supplier.vatNumber}`);
  supplierLines.push(`Company registration number ${supplier.registrationNumber}`, supplier.email, supplier.phone);

  const recipientLines = [oneLine(recipient.name, 100)];
  if (recipient.company) recipientLines.push(oneLine(recipient.company, INVOICE_COMPANY_MAX_LENGTH));
  recipientLines.push(oneLine(recipient.email, 255));
  if (recipient.address) recipientLines.push(...addressLines(recipient.address));
  // A buyer's VAT number means nothing on a plain invoice, which carries no VAT at all.
  if (vatRegistered && recipient.vatNumber) recipientLines.push(`VAT number ${oneLine(recipient.vatNumber, 20)}`);

  const left = drawBlock(sheet, 'From', supplierLines.map((line) => oneLine(line, 300)), MARGIN, y, width);
  const right = drawBlock(sheet, 'Bill to', recipientLines, MARGIN + width + 30, y, width);
  return Math.max(left, right);
}

/** What a credit note is against (s21): the invoice, the value of its supply, and why. */
function drawCredit(sheet: Sheet, credit: NonNullable<TaxDocumentContent['credit']>, vatRegistered: boolean, y: number): number {
  const invoiceWord = vatRegistered ? 'tax invoice' : 'invoice';
  const against = `Credit note against ${invoiceWord} ${credit.invoiceSerial} (value of the supply ${formatRand(credit.invoiceTotalCents)})`;
  return drawNotice(sheet, against, `Reason: ${oneLine(credit.reason, 500)}`, y);
}

/** A statement in a tinted panel across the page: a bold line in the shop's words, then `text`, which may carry the buyer's. Returns the y below. */
function drawNotice(sheet: Sheet, statement: string, text: string, y: number): number {
  const { pdf } = sheet;
  const padding = 10;
  const width = CONTENT_WIDTH - 2 * padding;
  pdf.font(BOLD).fontSize(9.5);
  const statementHeight = pdf.heightOfString(statement, { width });
  const textHeight = heightOf(sheet, text, 'regular', 9.5, { width });
  const height = statementHeight + 4 + textHeight + 2 * padding;

  pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fill(TINT);
  pdf.rect(MARGIN, y, 3, height).fill(GREEN);
  pdf.font(BOLD).fontSize(9.5).fillColor(INK).text(statement, MARGIN + padding, y + padding, { width });
  pdf.fillColor(INK);
  write(sheet, text, 'regular', 9.5, { width }, MARGIN + padding, y + padding + statementHeight + 4);
  return y + height;
}

/**
 * A pro-forma invoice's 'How to pay': the shop's account on the left, what to pay, with which
 * reference and by when on the right, each detail on its own line as a banking app asks for it.
 */
function drawPayment(sheet: Sheet, payment: ProFormaInvoice['payment'], y: number): number {
  const { pdf } = sheet;
  const columnWidth = (CONTENT_WIDTH - 30) / 2;
  // Room for 'Account number' on the left, and for a pay-by day with its weekday on the right.
  const labelWidths = [90, 60];
  const columns: [string, string][][] = [
    [
      ['Bank', payment.bank],
      ['Account name', payment.accountName],
      ['Account number', payment.accountNumber],
      ['Branch code', payment.branchCode],
    ],
    [
      ['Reference', payment.reference],
      ['Amount', formatRand(payment.amountCents)],
      ['Pay by', weekdayInWords(payment.payBy)],
    ],
  ];
  pdf.font(BOLD).fontSize(8.5).fillColor(GREEN).text('How to pay', MARGIN, y, { width: CONTENT_WIDTH });
  pdf.moveDown(0.3);
  const top = pdf.y;
  const bottoms = columns.map((rows, i) => {
    const x = MARGIN + i * (columnWidth + 30);
    const labelWidth = labelWidths[i]!;
    const valueWidth = columnWidth - labelWidth;
    let rowY = top;
    for (const [label, value] of rows) {
      const line = oneLine(value, 100);
      pdf.font(REGULAR).fontSize(9.5).fillColor(MUTED).text(label, x, rowY, { width: labelWidth, lineBreak: false });
      pdf.fillColor(INK);
      write(sheet, line, 'bold', 9.5, { width: valueWidth, lineGap: 1.5 }, x + labelWidth, rowY);
      rowY = Math.max(pdf.y, rowY + heightOf(sheet, label, 'regular', 9.5, { width: labelWidth })) + 2;
    }
    return rowY;
  });
  const bottom = Math.max(...bottoms);
  pdf.font(REGULAR).fontSize(9.5).fillColor(MUTED).text(`Use ${payment.reference} as the reference, so that we can match your payment.`, MARGIN, bottom + 4, { width: CONTENT_WIDTH });
  return pdf.y;
}

/** A new page that says which document it continues, should the pages be parted; returns the y below. */
function continueOnNewPage(pdf: Pdf, heading: Heading): number {
  pdf.addPage();
  pdf.font(BOLD).fontSize(9.5).fillColor(GREEN).text(`${heading.name} (continued)`, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  return pdf.y;
}

function drawTableHeader(pdf: Pdf, y: number): number {
  pdf.font(BOLD).fontSize(8.5).fillColor(MUTED);
  pdf.text('Description', columns.description, y, { width: DESCRIPTION_WIDTH, lineBreak: false });
  pdf.text('Qty', columns.quantity, y, { width: QTY_WIDTH, align: 'right', lineBreak: false });
  pdf.text('Unit price', columns.unitPrice, y, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
  pdf.text('Amount', columns.amount, y, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
  const bottom = y + pdf.currentLineHeight() + 5;
  pdf.moveTo(MARGIN, bottom).lineTo(MARGIN + CONTENT_WIDTH, bottom).lineWidth(1).stroke(GREEN);
  return bottom;
}

/** The lines, on as many pages as they need, the column headings repeated on each. */
function drawLines(sheet: Sheet, document: Pick<PrintedDocument, 'lines'>, heading: Heading, y: number): number {
  const { pdf } = sheet;
  y = drawTableHeader(pdf, y);
  for (const line of document.lines) {
    const description = oneLine(line.description, 300);
    const height = heightOf(sheet, description, 'regular', TABLE_FONT_SIZE, { width: DESCRIPTION_WIDTH }) + 2 * ROW_PADDING;
    if (y + height > CONTENT_BOTTOM) y = drawTableHeader(pdf, continueOnNewPage(pdf, heading) + 10);
    const top = y + ROW_PADDING;
    pdf.fillColor(INK);
    write(sheet, description, 'regular', TABLE_FONT_SIZE, { width: DESCRIPTION_WIDTH }, columns.description, top);
    pdf.font(REGULAR).fontSize(TABLE_FONT_SIZE);
    pdf.text(String(line.quantity), columns.quantity, top, { width: QTY_WIDTH, align: 'right', lineBreak: false });
    pdf.text(formatRand(line.unitPriceCents), columns.unitPrice, top, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
    pdf.text(formatRand(line.totalCents), columns.amount, top, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
    y += height;
    pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).stroke(RULE);
  }
  return y;
}

/** The totals, kept together on one page; VAT only when the supplier is a VAT vendor. */
function drawTotals(pdf: Pdf, document: Pick<TaxDocumentContent, 'supplier' | 'totalCents' | 'vatCents' | 'exclusiveCents' | 'paidWith'>, heading: Heading, y: number): void {
  const rows: { label: string; amount: string; strong: boolean }[] =
    document.supplier.vatNumber !== null
      ? [
          { label: 'Total (VAT included)', amount: formatRand(document.totalCents), strong: true },
          { label: `VAT at ${VAT_RATE_PERCENT}% included in the total`, amount: formatRand(document.vatCents), strong: false },
          { label: 'Total excluding VAT', amount: formatRand(document.exclusiveCents), strong: false },
        ]
      : [{ label: 'Total', amount: formatRand(document.totalCents), strong: true }];
  const rowHeight = (strong: boolean) => (strong ? 22 : 17);
  const height = rows.reduce((sum, row) => sum + rowHeight(row.strong), 0) + (document.paidWith ? 20 : 0);
  if (y + height > CONTENT_BOTTOM) y = continueOnNewPage(pdf, heading) + 10;

  const width = 280;
  const x = MARGIN + CONTENT_WIDTH - width;
  const labelWidth = width - MONEY_WIDTH - GAP;
  for (const row of rows) {
    const size = row.strong ? 12 : 9.5;
    pdf.font(row.strong ? BOLD : REGULAR).fontSize(size).fillColor(row.strong ? INK : MUTED);
    pdf.text(row.label, x, y + 4, { width: labelWidth, lineBreak: false });
    pdf.text(row.amount, x + labelWidth + GAP, y + 4, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
    y += rowHeight(row.strong);
    if (row.strong && rows.length > 1) pdf.moveTo(x, y).lineTo(x + width, y).lineWidth(0.5).stroke(RULE);
  }
  if (document.paidWith) {
    pdf.font(REGULAR).fontSize(9.5).fillColor(MUTED);
    pdf.text(`Paid by: ${oneLine(document.paidWith, 80)}`, x, y + 8, { width, lineBreak: false });
  }
}

/** Who issued the document and where, and the page number, at the foot of every page. */
function drawFooters(sheet: Sheet, document: Pick<PrintedDocument, 'supplier'>): void {
  const { pdf } = sheet;
  const { start, count } = pdf.bufferedPageRange();
  const footer = oneLine(`${document.supplier.legalName} · ${document.supplier.address}`, 300);
  const pageWidth = 70;
  const top = PAGE_HEIGHT - MARGIN + 6;
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    pdf.moveTo(MARGIN, top - 6).lineTo(MARGIN + CONTENT_WIDTH, top - 6).lineWidth(0.5).stroke(RULE);
    pdf.fillColor(MUTED);
    write(sheet, footer, 'regular', 7.5, { width: CONTENT_WIDTH - pageWidth - GAP }, MARGIN, top);
    pdf.font(REGULAR).fontSize(7.5);
    pdf.text(`Page ${i - start + 1} of ${count}`, MARGIN + CONTENT_WIDTH - pageWidth, top, { width: pageWidth, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = MARGIN;
  }
}
