import { parseRandToCents } from '../../shared/money';

// Form fields hold text; the shared zod schemas want numbers. Text that is not a number becomes NaN,
// so the schema refuses it with the field's own message instead of the browser guessing one.

/** Rand as typed ('130', 'R130.00', '1 300.50') to cents; undefined when empty. */
export function typedRand(text: string): number | undefined {
  return text.trim() === '' ? undefined : (parseRandToCents(text) ?? Number.NaN);
}

/** A whole number as typed (spaces around it allowed); NaN for anything else, empty too. */
export function typedWholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}
