// Validation by schema name and by operation, over the generated standalone validators.
import {
  operationRoutes,
  readNumericParameters,
  type NumericParameter,
  type OperationId,
  type Schema,
  type components,
} from '@brokerage/types';
import type { ContentValidators, OperationValidators, SchemaValidator } from './catalog.js';
import { formatErrors, plainError, type Location, type ValidationError } from './errors.js';
import { operationValidators, schemaValidators } from './generated/catalog.js';

export type SchemaName = keyof components['schemas'];

export type Result<T> =
  { valid: true; value: T; errors: [] } | { valid: false; errors: ValidationError[] };

export const schemaNames = Object.keys(schemaValidators) as SchemaName[];
export const operationIds = Object.keys(operationValidators) as OperationId[];

export const isSchemaName = (name: string): name is SchemaName =>
  Object.hasOwn(schemaValidators, name);
export const isOperationId = (id: string): id is OperationId =>
  Object.hasOwn(operationValidators, id);

export function operationOf(operationId: OperationId): OperationValidators {
  const operation = operationValidators[operationId];
  if (!operation) throw new Error(`Unknown operation ${String(operationId)}`);
  return operation;
}

function run<T>(validator: SchemaValidator, data: unknown, location?: Location): Result<T> {
  if (validator(data)) return { valid: true, value: data as T, errors: [] };
  return { valid: false, errors: formatErrors(validator.errors, data, location) };
}

/** Validates a payload against a component schema of the document: `validate('Ledger', body)`. */
export function validate<Name extends SchemaName>(
  name: Name,
  payload: unknown,
): Result<Schema<Name>> {
  const validator = schemaValidators[name];
  if (!validator) throw new Error(`Unknown schema ${String(name)}`);
  return run<Schema<Name>>(validator, payload);
}

/** `application/json; charset=utf-8` → `application/json`. */
export const mediaTypeOf = (contentType: string): string =>
  (contentType.split(';')[0] ?? '').trim().toLowerCase();

/** The validator for a media type: exact, then `type/*`, then `* /*` (as express-openapi-validator). */
function contentFor(content: ContentValidators, contentType: string): SchemaValidator | undefined {
  const mediaType = mediaTypeOf(contentType);
  const exact = Object.entries(content).find(([declared]) => mediaTypeOf(declared) === mediaType);
  if (exact) return exact[1];
  const [type] = mediaType.split('/');
  return content[`${type}/*`] ?? content['*/*'];
}

export interface RequestInput {
  /** Path parameters by name, as strings (they are coerced like the server does). */
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** Header names in any case. */
  headers?: Record<string, unknown>;
  body?: unknown;
  /** The request's media type; defaults to the first one the operation documents when a body is given. */
  contentType?: string;
}

export interface RequestResult {
  valid: boolean;
  errors: ValidationError[];
  /** What the reference server answers this request with when it is invalid (400, or 500 for some). */
  invalidStatus: number;
  /** Path and query parameters after coercion from strings (and query defaults), as the server reads them. */
  params: Record<string, unknown>;
  query: Record<string, unknown>;
}

const lowerCaseKeys = (record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));

function bodyErrors(operation: OperationValidators, request: RequestInput): ValidationError[] {
  const declared = operation.body;
  if (!declared) return [];
  const contentType =
    request.contentType ??
    (request.body === undefined ? undefined : Object.keys(declared.content)[0]);
  if (contentType === undefined) {
    return declared.required
      ? [plainError('required', 'body: a request body is required', 'a body', undefined, 'body')]
      : [];
  }
  const validator = contentFor(declared.content, contentType);
  if (!validator) {
    const expected = Object.keys(declared.content);
    return [
      plainError(
        'mediaType',
        `content-type: ${contentType} is not one of ${expected.join(', ')}`,
        expected,
        contentType,
        'content-type',
      ),
    ];
  }
  if (request.body === undefined) {
    return declared.required
      ? [plainError('required', 'body: a request body is required', 'a body', undefined, 'body')]
      : [];
  }
  return validator(request.body) ? [] : formatErrors(validator.errors, request.body, 'body');
}

function emptyQueryErrors(
  operation: OperationValidators,
  query: Record<string, unknown>,
): ValidationError[] {
  return Object.entries(query)
    .filter(([name, value]) => value === '' && !operation.emptyQueryAllowed.includes(name))
    .map(([name]) =>
      plainError(
        'allowEmptyValue',
        `query /${name}: empty value`,
        'a value',
        '',
        'query',
        `/${name}`,
      ),
    );
}

/** Each operation's numeric path and query parameters, from the operation table. */
const numericParametersOf = new Map<string, readonly NumericParameter[]>(
  operationRoutes.map((row) => [row.operationId, row.numericParameters]),
);

/** Path or query parameters (a copy: coercion and defaults must not change the caller's object)
 * with the numeric ones read by the server's rule (`readNumericParameters`: blank query values
 * absent, only decimal texts are numbers), then checked by the schema: a text the rule refuses
 * answers one `type` error, not also the schema's verdict on Ajv's coercion of it. */
function parameterErrors(
  operationId: OperationId,
  given: Record<string, unknown> | undefined,
  location: 'path' | 'query',
  check: (values: Record<string, unknown>) => ValidationError[],
): { values: Record<string, unknown>; errors: ValidationError[] } {
  const read = readNumericParameters(
    { ...given },
    numericParametersOf.get(operationId) ?? [],
    location,
  );
  const values = read.values === given ? { ...given } : read.values;
  const refusedPointers = new Set(read.refused.map(({ name }) => `/${name}`));
  const errors = [
    ...read.refused.map(({ name, type }) =>
      plainError(
        'type',
        `${location} /${name}: must be ${type} (rule type, expected ${type}, got ${JSON.stringify(values[name])})`,
        type,
        values[name],
        location,
        `/${name}`,
      ),
    ),
    ...check(values).filter((error) => !refusedPointers.has(error.pointer)),
  ];
  return { values, errors };
}

/** Validates an incoming request of an operation: path, query, headers and body. */
export function validateRequest(
  operationId: OperationId,
  request: RequestInput = {},
): RequestResult {
  const operation = operationOf(operationId);
  const {
    path: pathValidator,
    query: queryValidator,
    headers: headersValidator,
  } = operation.parameters;
  const { values: params, errors: pathErrors } = parameterErrors(
    operationId,
    request.params,
    'path',
    (values) =>
      pathValidator && !pathValidator(values)
        ? formatErrors(pathValidator.errors, values, 'path')
        : [],
  );
  const { values: query, errors: queryErrors } = parameterErrors(
    operationId,
    request.query,
    'query',
    (values) => [
      ...emptyQueryErrors(operation, values),
      ...(queryValidator && !queryValidator(values)
        ? formatErrors(queryValidator.errors, values, 'query')
        : []),
    ],
  );
  const errors: ValidationError[] = [...pathErrors, ...queryErrors];
  if (headersValidator) {
    const headers = lowerCaseKeys({ ...request.headers });
    if (!headersValidator(headers))
      errors.push(...formatErrors(headersValidator.errors, headers, 'headers'));
  }
  errors.push(...bodyErrors(operation, request));
  return {
    valid: errors.length === 0,
    errors,
    invalidStatus: operation.invalidRequestStatus,
    params,
    query,
  };
}

/** The documented responses for a status: exact, then `4XX`, then `default`. */
function responsesFor(
  operation: OperationValidators,
  status: number | string,
): ContentValidators | undefined {
  const code = String(status);
  return (
    operation.responses[code] ??
    operation.responses[`${code[0] ?? ''}XX`] ??
    operation.responses.default
  );
}

/** A binary body (a PDF's bytes): valid under a documented media type that is not JSON, whose
 * schema (a string of bytes) says nothing more a validator could check. */
function binaryResponse(
  content: ContentValidators,
  body: Uint8Array | ArrayBuffer,
  contentType: string | undefined,
): Result<unknown> {
  const mediaType = contentType === undefined ? undefined : mediaTypeOf(contentType);
  if (
    mediaType !== undefined &&
    !mediaType.includes('json') &&
    Object.keys(content).some((declared) => mediaTypeOf(declared) === mediaType)
  )
    return { valid: true, value: body, errors: [] };
  return {
    valid: false,
    errors: [
      plainError(
        'mediaType',
        `body: bytes need a documented media type that is not JSON (got ${contentType ?? 'none'})`,
        Object.keys(content),
        contentType,
        'body',
      ),
    ],
  };
}

/** Validates a response body an operation answered with, by status (and media type). */
export function validateResponse(
  operationId: OperationId,
  status: number | string,
  body: unknown,
  contentType?: string,
): Result<unknown> {
  const operation = operationOf(operationId);
  const content = responsesFor(operation, status);
  if (!content) {
    const documented = Object.keys(operation.responses);
    return {
      valid: false,
      errors: [
        plainError(
          'status',
          `status ${status} is not documented for ${operationId}`,
          documented,
          status,
          'status',
        ),
      ],
    };
  }
  const mediaTypes = Object.keys(content);
  const first = mediaTypes[0];
  if (first === undefined) {
    return body === undefined
      ? { valid: true, value: body, errors: [] }
      : {
          valid: false,
          errors: [
            plainError('noContent', 'body: this response has no body', undefined, body, 'body'),
          ],
        };
  }
  if (body instanceof Uint8Array || body instanceof ArrayBuffer)
    return binaryResponse(content, body, contentType);
  const validator =
    (contentType === undefined ? undefined : contentFor(content, contentType)) ?? content[first];
  if (!validator) throw new Error('unreachable: a documented media type without validator');
  if (body === undefined || body === null) {
    return {
      valid: false,
      errors: [plainError('required', 'body: a response body is required', 'a body', body, 'body')],
    };
  }
  return run(validator, body, 'body');
}
