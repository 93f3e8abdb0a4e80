// Ajv errors turned into something a person can read: where, which rule, expected and actual.
import type { ErrorObject } from 'ajv';

export type Location = 'body' | 'path' | 'query' | 'headers' | 'status' | 'content-type';

export interface ValidationError {
  /** JSON pointer to the offending value, within `location` when there is one. */
  pointer: string;
  /** The broken rule: a JSON Schema keyword (`enum`, `type`, `required`...) or `status`, `mediaType`, `json`. */
  rule: string;
  expected: unknown;
  actual: unknown;
  message: string;
  /** For requests and responses: which part of the message the pointer is in. */
  location?: Location;
}

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value a JSON pointer designates, or undefined. */
export function valueAt(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let node: unknown = data;
  for (const token of pointer.slice(1).split('/').map(unescapeToken)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

interface Rule {
  expected: unknown;
  /** A property the error is about (missing or extra), appended to the pointer. */
  property?: string;
  actualIsAbsent?: boolean;
}

function ruleOf(error: ErrorObject): Rule {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return {
        expected: 'present',
        property: String(params.missingProperty),
        actualIsAbsent: true,
      };
    case 'dependentRequired':
      return {
        expected: 'present',
        property: String(params.missingProperty),
        actualIsAbsent: true,
      };
    case 'additionalProperties':
      return { expected: 'absent', property: String(params.additionalProperty) };
    case 'unevaluatedProperties':
      return { expected: 'absent', property: String(params.unevaluatedProperty) };
    case 'enum':
      return { expected: params.allowedValues };
    case 'const':
      return { expected: params.allowedValue };
    case 'type':
      return { expected: params.type };
    case 'format':
      return { expected: params.format };
    case 'pattern':
      return { expected: params.pattern };
    case 'propertyNames':
      return { expected: `names matching the schema`, property: String(params.propertyName) };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { expected: `${String(params.comparison)} ${String(params.limit)}` };
    case 'minLength':
    case 'minItems':
    case 'minProperties':
      return { expected: `at least ${String(params.limit)}` };
    case 'maxLength':
    case 'maxItems':
    case 'maxProperties':
      return { expected: `at most ${String(params.limit)}` };
    case 'multipleOf':
      return { expected: `a multiple of ${String(params.multipleOf)}` };
    case 'uniqueItems':
      return { expected: 'unique items' };
    case 'oneOf':
      return { expected: 'exactly one matching schema' };
    case 'anyOf':
      return { expected: 'at least one matching schema' };
    case 'not':
      return { expected: 'not matching the schema' };
    default:
      return { expected: params };
  }
}

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/** Readable errors from Ajv's, for `data` (the value that was validated). */
export function formatErrors(
  errors: readonly ErrorObject[] | null | undefined,
  data: unknown,
  location?: Location,
): ValidationError[] {
  return (errors ?? []).map((error) => {
    const rule = ruleOf(error);
    const pointer =
      rule.property === undefined
        ? error.instancePath
        : `${error.instancePath}/${escapeToken(rule.property)}`;
    const actual = rule.actualIsAbsent ? undefined : valueAt(data, pointer);
    const where = `${location ? `${location} ` : ''}${pointer || '/'}`;
    return {
      pointer,
      rule: error.keyword,
      expected: rule.expected,
      actual,
      message: `${where}: ${error.message ?? 'is invalid'} (rule ${error.keyword}, expected ${
        typeof rule.expected === 'string' ? rule.expected : show(rule.expected)
      }, got ${show(actual)})`,
      ...(location ? { location } : {}),
    };
  });
}

/** A readable error that no schema keyword describes (status, media type, unparseable JSON). */
export function plainError(
  rule: string,
  message: string,
  expected: unknown,
  actual: unknown,
  location?: Location,
  pointer = '',
): ValidationError {
  return { pointer, rule, expected, actual, message, ...(location ? { location } : {}) };
}
