/** Calendar days as the shop counts them (YYYY-MM-DD): the order desk's and the page speed's charts. */

/** The `count` days up to and including `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}
