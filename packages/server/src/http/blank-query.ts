/** A numeric query parameter sent blank (`?page=`) counts as absent, as the service reads it
 * (docs/decisions.md): without this the validator would coerce the empty text to 0. Answers the
 * query without those values (the same object when there are none); other values are kept. */
export function withoutBlankNumbers(
  query: Record<string, unknown>,
  numericNames: readonly string[],
): Record<string, unknown> {
  const blank = numericNames.filter(
    (name) => typeof query[name] === 'string' && (query[name] as string).trim() === '',
  );
  if (blank.length === 0) return query;
  return Object.fromEntries(Object.entries(query).filter(([name]) => !blank.includes(name)));
}
