import { readNumericParameters, type NumericParameter } from '@brokerage/types';

/** Where express-openapi-validator's messages place a parameter: `request/params/conid`. */
const messageLocation = { path: 'params', query: 'query' } as const;

/** The path or query values of a request with its numeric parameters read by the one rule the
 * generated validators apply too (`readNumericParameters`, docs/decisions/service/parameters-numeric-text.md):
 * a blank query value counts as absent, and a text that is no number of the parameter's type
 * (` 1`, `0x10`, `Infinity`, `1e3`) fails validation, where the validator's coercion would read
 * it as one. Answers the same object when nothing is blank. */
export function numericParameters(
  values: Record<string, unknown>,
  parameters: readonly NumericParameter[],
  location: NumericParameter['in'],
): Record<string, unknown> {
  const read = readNumericParameters(values, parameters, location);
  const [refused] = read.refused;
  if (refused) {
    const { name, type } = refused;
    throw Object.assign(new Error(`request/${messageLocation[location]}/${name} must be ${type}`), {
      status: 400,
    });
  }
  return read.values;
}
