const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed uuid: anything else cannot name a row, so it is simply not found. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
