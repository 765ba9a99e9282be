/** Spreadsheet files (CSV) the owner downloads: the order desk's orders, the tax documents and the VAT report. */
import { centsToDecimal } from '../../shared/money';

/**
 * A spreadsheet runs a text cell that starts with = + - @ (or a tab or carriage return) as a
 * formula, so a customer named '=HYPERLINK(…)' could plant a link or worse in the owner's
 * spreadsheet. Such cells get a leading apostrophe, which spreadsheets show as text (OWASP's
 * advice). A phone number '+27…' is one of them, which also keeps the spreadsheet from turning it
 * into a number.
 */
function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A figure for the spreadsheet to add up: written as it is, never guarded, so that a credit of
 * -8.70 stays a number (an apostrophe would make it text that sums skip and Xero reads as no amount).
 */
export interface CsvFigure {
  readonly figure: string;
}

/** An amount in rand with two decimals, '-8.70' for -870 cents. */
export function csvAmount(cents: number): CsvFigure {
  return { figure: centsToDecimal(cents) };
}

/** A whole number, such as a quantity. */
export function csvCount(count: number): CsvFigure {
  if (!Number.isSafeInteger(count)) throw new RangeError(`${count} is not a whole number`);
  return { figure: String(count) };
}

export type CsvValue = string | CsvFigure;

/** RFC 4180: a cell with a comma, quote or line break goes in quotes, its quotes doubled. */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return value.figure;
  const safe = guardFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvLine(cells: CsvValue[]): string {
  return cells.map(csvCell).join(',');
}

/**
 * A CSV file for a spreadsheet: a byte order mark so that Excel reads it as UTF-8 (names with
 * accents, the × in the items), and CRLF line ends as RFC 4180 has them.
 */
export function csvFile(rows: CsvValue[][]): string {
  return `\uFEFF${rows.map(csvLine).join('\r\n')}\r\n`;
}
