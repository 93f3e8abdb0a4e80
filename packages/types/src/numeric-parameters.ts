// One reading of numeric path and query parameters, for the reference server and the generated
// validators alike (docs/decisions/service/parameters-numeric-text.md).

/** A path or query parameter whose schema is an integer or a number (the operation table's
 * `numericParameters`). */
export interface NumericParameter {
  in: 'path' | 'query';
  name: string;
  type: 'integer' | 'number';
}

/** Decimal digits with an optional sign; a number may add a fraction. No exponent, hexadecimal,
 * `Infinity`, blank, or digits missing on either side of the point. */
const textOf = {
  integer: /^[+-]?\d+$/,
  number: /^[+-]?\d+(\.\d+)?$/,
} as const;

/** True when `text` (decoded from the URL) is a value of a parameter of this type. */
export const isNumericText = (text: string, type: NumericParameter['type']): boolean =>
  textOf[type].test(text);

/** The parameter values of one location read by the rule: a blank query value counts as absent
 * (dropped; `values` itself is answered when none is), and `refused` lists the parameters whose
 * text is no number of their type. Non-string values (a repeated query parameter) are left to
 * the schema. */
export function readNumericParameters(
  values: Record<string, unknown>,
  parameters: readonly NumericParameter[],
  location: NumericParameter['in'],
): { values: Record<string, unknown>; refused: NumericParameter[] } {
  const blank = new Set<string>();
  const refused: NumericParameter[] = [];
  for (const parameter of parameters) {
    if (parameter.in !== location) continue;
    const value = values[parameter.name];
    if (typeof value !== 'string') continue;
    if (value === '' && location === 'query') blank.add(parameter.name);
    else if (!isNumericText(value, parameter.type)) refused.push(parameter);
  }
  if (blank.size === 0) return { values, refused };
  return {
    values: Object.fromEntries(Object.entries(values).filter(([name]) => !blank.has(name))),
    refused,
  };
}
