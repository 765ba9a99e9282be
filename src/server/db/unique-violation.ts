/** True when a statement failed on a unique index (PostgreSQL's 23505), wherever the driver nested it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = (e as Error & { cause?: unknown }).cause) {
    if ((e as Error & { code?: unknown }).code === '23505') return true;
  }
  return false;
}
