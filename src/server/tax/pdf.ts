import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatRand } from '../../shared/money';
import type { TaxDocumentContent } from '../../shared/tax-documents';
import { VAT_RATE_PERCENT } from '../../shared/vat';

/**
 * A tax invoice, plain invoice or credit note as an A4 PDF, set in Inter (embedded, so names such
 * as 'Łukasz' print as written). The same document always gives the same bytes: a retried email
 * carries the same file as the first.
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

const REGULAR = 'Inter';
const BOLD = 'Inter-Bold';

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

/** Read once from the package, never fetched: from source and from the bundle alike. */
function interFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
  };
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

// pdfkit and its fonts add about 15 MB to a process: loaded with the first document, not at every start.
export async function renderTaxDocumentPdf(document: TaxDocumentContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const { regular, bold } = interFonts();
  const issuedAt = new Date(document.issuedAt);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    // No default Helvetica: every word is set in Inter.
    font: '',
    info: {
      Title: `${document.title} ${document.serial}`,
      Author: document.supplier.legalName,
      Subject: `${document.title} ${document.serial} for order ${document.orderNumber}`,
      Creator: document.supplier.name,
      // pdfkit takes the trailer's /ID from these fields, so the time of issue keeps it fixed.
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  pdf.registerFont(REGULAR, regular);
  pdf.registerFont(BOLD, bold);

  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  let y = drawHeading(pdf, document, issuedAt);
  y = drawParties(pdf, document, y + 22);
  if (document.credit) y = drawCredit(pdf, document.credit, document.supplier.vatNumber !== null, y + 18);
  y = drawLines(pdf, document, y + 22);
  drawTotals(pdf, document, y + 14);
  drawFooters(pdf, document);
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
function drawHeading(pdf: Pdf, document: TaxDocumentContent, issuedAt: Date): number {
  const logoSize = 40;
  drawLogo(pdf, MARGIN, MARGIN, logoSize);
  const nameX = MARGIN + logoSize + 12;
  const nameWidth = CONTENT_WIDTH / 2 - logoSize - 12;
  pdf.font(BOLD).fontSize(15).fillColor(INK);
  const nameHeight = pdf.heightOfString(document.supplier.name, { width: nameWidth });
  pdf.text(document.supplier.name, nameX, MARGIN + Math.max(0, (logoSize - nameHeight) / 2), { width: nameWidth });
  const leftBottom = Math.max(MARGIN + logoSize, pdf.y);

  const rightX = MARGIN + CONTENT_WIDTH / 2;
  const rightWidth = CONTENT_WIDTH / 2;
  pdf.font(BOLD).fontSize(26).fillColor(GREEN).text(document.title, rightX, MARGIN - 4, { width: rightWidth, align: 'right' });
  pdf.moveDown(0.15);
  pdf.font(BOLD).fontSize(12).fillColor(INK).text(document.serial, { width: rightWidth, align: 'right' });
  pdf.moveDown(0.2);
  pdf.font(REGULAR).fontSize(9.5).fillColor(MUTED);
  pdf.text(`Date of issue: ${issueDate.format(issuedAt)}`, { width: rightWidth, align: 'right' });
  pdf.text(`Order number: ${document.orderNumber}`, { width: rightWidth, align: 'right' });
  const bottom = Math.max(leftBottom, pdf.y);

  pdf.moveTo(MARGIN, bottom + 14).lineTo(MARGIN + CONTENT_WIDTH, bottom + 14).lineWidth(0.75).stroke(RULE);
  return bottom + 14;
}

/** A block of details under a small heading; the first line bold. Returns the y below. */
function drawBlock(pdf: Pdf, heading: string, lines: string[], x: number, y: number, width: number): number {
  pdf.font(BOLD).fontSize(8.5).fillColor(GREEN).text(heading, x, y, { width });
  pdf.moveDown(0.3);
  lines.forEach((line, i) => {
    pdf.font(i === 0 ? BOLD : REGULAR).fontSize(i === 0 ? 10.5 : 9.5).fillColor(i === 0 ? INK : MUTED).text(line, x, pdf.y, { width, lineGap: 1.5 });
  });
  return pdf.y;
}

/** The supplier on the left, the buyer ('Bill to') on the right. */
function drawParties(pdf: Pdf, document: TaxDocumentContent, y: number): number {
  const { supplier, recipient } = document;
  const vatRegistered = supplier.vatNumber !== null;
  const width = (CONTENT_WIDTH - 30) / 2;

  const supplierLines = [supplier.legalName, supplier.address];
  if (supplier.vatNumber !== null) supplierLines.push(`VAT number ${supplier.vatNumber}`);
  supplierLines.push(`Company registration number ${supplier.registrationNumber}`, supplier.email, supplier.phone);

  const recipientLines = [recipient.name];
  if (recipient.company) recipientLines.push(recipient.company);
  recipientLines.push(recipient.email);
  if (recipient.address) recipientLines.push(recipient.address);
  // A buyer's VAT number means nothing on a plain invoice, which carries no VAT at all.
  if (vatRegistered && recipient.vatNumber) recipientLines.push(`VAT number ${recipient.vatNumber}`);

  const left = drawBlock(pdf, 'From', supplierLines, MARGIN, y, width);
  const right = drawBlock(pdf, 'Bill to', recipientLines, MARGIN + width + 30, y, width);
  return Math.max(left, right);
}

/** What a credit note is against (s21): the invoice, the value of its supply, and why. */
function drawCredit(pdf: Pdf, credit: NonNullable<TaxDocumentContent['credit']>, vatRegistered: boolean, y: number): number {
  const invoiceWord = vatRegistered ? 'tax invoice' : 'invoice';
  const against = `Credit note against ${invoiceWord} ${credit.invoiceSerial} (value of the supply ${formatRand(credit.invoiceTotalCents)})`;
  const reason = `Reason: ${credit.reason}`;
  const padding = 10;
  const width = CONTENT_WIDTH - 2 * padding;
  pdf.font(BOLD).fontSize(9.5);
  const againstHeight = pdf.heightOfString(against, { width });
  pdf.font(REGULAR).fontSize(9.5);
  const reasonHeight = pdf.heightOfString(reason, { width });
  const height = againstHeight + 4 + reasonHeight + 2 * padding;

  pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fill(TINT);
  pdf.rect(MARGIN, y, 3, height).fill(GREEN);
  pdf.font(BOLD).fontSize(9.5).fillColor(INK).text(against, MARGIN + padding, y + padding, { width });
  pdf.font(REGULAR).fontSize(9.5).fillColor(INK).text(reason, MARGIN + padding, y + padding + againstHeight + 4, { width });
  return y + height;
}

/** A new page that says which document it continues, should the pages be parted; returns the y below. */
function continueOnNewPage(pdf: Pdf, document: TaxDocumentContent): number {
  pdf.addPage();
  pdf.font(BOLD).fontSize(9.5).fillColor(GREEN).text(`${document.title} ${document.serial} (continued)`, MARGIN, MARGIN, { width: CONTENT_WIDTH });
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
function drawLines(pdf: Pdf, document: TaxDocumentContent, y: number): number {
  y = drawTableHeader(pdf, y);
  for (const line of document.lines) {
    pdf.font(REGULAR).fontSize(TABLE_FONT_SIZE);
    const height = pdf.heightOfString(line.description, { width: DESCRIPTION_WIDTH }) + 2 * ROW_PADDING;
    if (y + height > CONTENT_BOTTOM) y = drawTableHeader(pdf, continueOnNewPage(pdf, document) + 10);
    const top = y + ROW_PADDING;
    pdf.font(REGULAR).fontSize(TABLE_FONT_SIZE).fillColor(INK);
    pdf.text(line.description, columns.description, top, { width: DESCRIPTION_WIDTH });
    pdf.text(String(line.quantity), columns.quantity, top, { width: QTY_WIDTH, align: 'right', lineBreak: false });
    pdf.text(formatRand(line.unitPriceCents), columns.unitPrice, top, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
    pdf.text(formatRand(line.totalCents), columns.amount, top, { width: MONEY_WIDTH, align: 'right', lineBreak: false });
    y += height;
    pdf.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).stroke(RULE);
  }
  return y;
}

/** The totals, kept together on one page; VAT only when the supplier is a VAT vendor. */
function drawTotals(pdf: Pdf, document: TaxDocumentContent, y: number): void {
  const rows: { label: string; amount: string; strong: boolean }[] =
    document.supplier.vatNumber !== null
      ? [
          { label: 'Total (VAT included)', amount: formatRand(document.totalCents), strong: true },
          { label: `VAT at ${VAT_RATE_PERCENT}% included in the total`, amount: formatRand(document.vatCents), strong: false },
          { label: 'Total excluding VAT', amount: formatRand(document.exclusiveCents), strong: false },
        ]
      : [{ label: 'Total', amount: formatRand(document.totalCents), strong: true }];
  const rowHeight = (strong: boolean) => (strong ? 22 : 17);
  const height = rows.reduce((sum, row) => sum + rowHeight(row.strong), 0);
  if (y + height > CONTENT_BOTTOM) y = continueOnNewPage(pdf, document) + 10;

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
}

/** Who issued the document and where, and the page number, at the foot of every page. */
function drawFooters(pdf: Pdf, document: TaxDocumentContent): void {
  const { start, count } = pdf.bufferedPageRange();
  const footer = `${document.supplier.legalName} · ${document.supplier.address}`;
  const pageWidth = 70;
  const top = PAGE_HEIGHT - MARGIN + 6;
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    pdf.moveTo(MARGIN, top - 6).lineTo(MARGIN + CONTENT_WIDTH, top - 6).lineWidth(0.5).stroke(RULE);
    pdf.font(REGULAR).fontSize(7.5).fillColor(MUTED);
    pdf.text(footer, MARGIN, top, { width: CONTENT_WIDTH - pageWidth - GAP });
    pdf.text(`Page ${i - start + 1} of ${count}`, MARGIN + CONTENT_WIDTH - pageWidth, top, { width: pageWidth, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = MARGIN;
  }
}
