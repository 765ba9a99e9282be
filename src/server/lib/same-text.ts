import { timingSafeEqual } from 'node:crypto';

/** Whether two secrets or signatures are the same text, compared in constant time so neither length nor content leaks. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
