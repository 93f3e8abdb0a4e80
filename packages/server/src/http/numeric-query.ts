/** A number as a query carries it: digits, an optional sign, fraction and exponent. */
const numberText = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** The query with the operation's numeric parameters read as the service reads them
 * (docs/decisions.md): a blank value (`?page=`) counts as absent, and any other text that is not
 * a number (` `, `1 `, `0x10`) fails validation, where the validator would coerce blanks to 0.
 * Answers the same object when nothing is blank. */
export function numericQuery(
  query: Record<string, unknown>,
  numericNames: readonly string[],
): Record<string, unknown> {
  const blank: string[] = [];
  for (const name of numericNames) {
    const value = query[name];
    if (value === '') blank.push(name);
    else if (typeof value === 'string' && !numberText.test(value)) {
      throw Object.assign(new Error(`request/query/${name} must be number`), { status: 400 });
    }
  }
  if (blank.length === 0) return query;
  return Object.fromEntries(Object.entries(query).filter(([name]) => !blank.includes(name)));
}
