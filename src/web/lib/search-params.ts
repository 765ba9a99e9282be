/** The address's query with one parameter set, or removed when the value is empty. */
export function withParam(params: URLSearchParams, name: string, value: string | null | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}
