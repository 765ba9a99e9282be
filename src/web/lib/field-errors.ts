/** First message of each field, from a zod error's issues. */
export function fieldErrors<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], fields: readonly F[]) {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (fields as readonly string[]).includes(field) && !errors[field as F]) errors[field as F] = issue.message;
  }
  return errors;
}
