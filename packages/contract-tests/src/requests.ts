// Requests for an operation, derived from the document: the documented examples, samples and
// generated valid requests (openapi-sampler, json-schema-faker), and invalid ones (fast-check
// mutations of a valid request). Each request can tell whether the document calls it valid.
import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { sample } from 'openapi-sampler';
import {
  document,
  escapePointer,
  type DocumentOperation,
  type JsonSchema,
  type MediaType,
  type Parameter,
} from './document.js';
import { validateAt } from './validate.js';

export interface OperationRequest {
  path: Record<string, string>;
  query: Record<string, string>;
  /** A JSON body, sent with `application/json`. */
  body?: unknown;
  /** Claims sent as a signed JWT body (`application/jwt`), signed by the test client when the
   * request is sent (`invoke`). */
  signed?: Record<string, unknown>;
  /** A body sent as given (before `signed`): malformed, oversized or mistyped content. */
  raw?: { text: string; contentType: string };
  /** What was done to the request (shown in counterexamples). */
  kind: string;
}

const jsonMediaType = 'application/json';
/** A body under the signed-JWT security policy: a compact JWS signed with the client's key. */
const jwtMediaType = 'application/jwt';

/** The pointer of the body's schema in `mediaType` (JSON by default), when the operation takes
 * a body of that type. */
function bodySchemaPointer(op: DocumentOperation, mediaType = jsonMediaType): string | undefined {
  if (!op.requestBody?.content[mediaType]) return undefined;
  return `${op.requestBody.pointer}/content/${escapePointer(mediaType)}/schema`;
}

/** The claims of a compact JWS (an example's: the document's examples are not signed). */
function claimsOf(jws: unknown): Record<string, unknown> {
  const payload = typeof jws === 'string' ? jws.split('.')[1] : undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whether a body sent as text keeps the document: only in a documented media type other than
 * JSON (a signed JWT), its text valid there; malformed, oversized or mistyped bodies do not. */
function rawBodyIsValid(op: DocumentOperation, raw: NonNullable<OperationRequest['raw']>): boolean {
  const pointer =
    raw.contentType === jsonMediaType ? undefined : bodySchemaPointer(op, raw.contentType);
  return pointer !== undefined && validateAt(pointer, raw.text).length === 0;
}

function firstExample(schema: JsonSchema): unknown {
  const examples = schema.examples as unknown[] | undefined;
  return examples?.[0] ?? schema.example ?? schema.default;
}

/** A parameter value in its wire form (path and query values are strings; an array of a form
 * query parameter as one comma-separated value). */
const wire = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map(String).join(',')
      : JSON.stringify(value);

/** Whether a wire value satisfies the parameter's schema, as a validator that coerces the
 * string to the schema's type sees it. */
export function parameterValueIsValid(parameter: Parameter, value: string): boolean {
  const type = parameter.schema.type;
  let typed: unknown = value;
  if (type === 'integer' || type === 'number') {
    if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return false;
    typed = Number(value);
  } else if (type === 'boolean') {
    if (value !== 'true' && value !== 'false') return false;
    typed = value === 'true';
  } else if (type === 'array') {
    typed = [value]; // one occurrence of the parameter: a one-item array to the validator
  }
  return validateAt(`${parameter.pointer}/schema`, typed).length === 0;
}

/** Whether the document calls the request valid (parameters, body presence and schema). */
export function requestIsValid(op: DocumentOperation, request: OperationRequest): boolean {
  for (const parameter of op.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const value = request[parameter.in][parameter.name];
    if (value === undefined) {
      if (parameter.required) return false;
    } else if (!parameterValueIsValid(parameter, value)) return false;
  }
  const known = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const unknown = Object.keys(request.query).some((name) => !known.has(name));
  if (unknown && !op.acceptsUnknownQuery) return false;
  if (request.raw) return rawBodyIsValid(op, request.raw);
  // The signer writes a compact JWS: valid wherever the operation takes one.
  if (request.signed) return bodySchemaPointer(op, jwtMediaType) !== undefined;
  const pointer = bodySchemaPointer(op);
  if (request.body === undefined) return !op.requestBody?.required;
  if (!pointer) return false;
  return validateAt(pointer, request.body).length === 0;
}

/** The request built from the document's own examples (parameter examples, first body example). */
export function exampleRequests(op: DocumentOperation): OperationRequest[] {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const parameter of op.parameters) {
    const example = firstExample(parameter.schema);
    if (example === undefined || (parameter.in !== 'path' && parameter.in !== 'query')) continue;
    (parameter.in === 'path' ? path : query)[parameter.name] = wire(example);
  }
  const jwt = op.requestBody?.content[jwtMediaType];
  if (jwt) {
    // The document's JWTs are unsigned: their claims, signed by the test client.
    return bodyExamples(jwt).map(({ name, value }) => ({
      path,
      query,
      signed: claimsOf(value),
      kind: `example ${name} (signed)`,
    }));
  }
  const bodies = bodyExamples(op.requestBody?.content[jsonMediaType]);
  if (bodies.length === 0) return [{ path, query, kind: 'parameter examples' }];
  return bodies.map(({ name, value }) => ({ path, query, body: value, kind: `example ${name}` }));
}

/** The examples of a body's media type, by name (`example` for the single one). */
function bodyExamples(media: MediaType | undefined): { name: string; value: unknown }[] {
  const bodies = Object.entries(media?.examples ?? {}).map(([name, example]) => ({
    name,
    value: example.value,
  }));
  if (media?.example !== undefined) bodies.push({ name: 'example', value: media.example });
  return bodies;
}

/** A schema value from json-schema-faker, seeded; `$ref`s resolve into the document. */
function fake(schema: JsonSchema, seed: number): unknown {
  return generateSync(
    schema as never,
    {
      seed,
      optionalsProbability: 0.5,
      maxDepth: 4,
      refResolver: (ref: string) => schemaAt(ref.slice(1)) as never,
    } as never,
  );
}

function schemaAt(pointer: string): JsonSchema {
  let node: unknown = document;
  for (const segment of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as JsonSchema;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Grafts parts of `candidate` onto the valid `base`, each kept only if the whole stays valid:
 * json-schema-faker misreads some compositions (`allOf` of `anyOf`, `oneOf` rows), so its values
 * are taken where the document agrees with them. */
function graft(base: unknown, candidate: unknown, isValid: (value: unknown) => boolean): unknown {
  let root = structuredClone(base);
  const visit = (path: (string | number)[], value: unknown): void => {
    const attempt = structuredClone(root);
    let parent: unknown = attempt;
    for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, unknown>)[key];
    if (path.length === 0 || !(isObject(parent) || Array.isArray(parent))) return;
    (parent as Record<string | number, unknown>)[path[path.length - 1] as string | number] =
      structuredClone(value);
    if (isValid(attempt)) {
      root = attempt;
      return;
    }
    const existing = path.reduce<unknown>(
      (node, key) => (node as Record<string | number, unknown>)?.[key],
      root,
    );
    if (isObject(value) && isObject(existing)) {
      for (const [key, child] of Object.entries(value)) visit([...path, key], child);
    } else if (Array.isArray(value) && Array.isArray(existing)) {
      value.forEach((child, i) => visit([...path, i], child));
    }
  };
  if (isObject(candidate))
    for (const [key, child] of Object.entries(candidate)) visit([key], child);
  return root;
}

/** A request generated from the operation's schemas: openapi-sampler's sample (`seed` 0) or
 * json-schema-faker values for the seed (grafted onto the sample or an example when the faker's
 * value breaks the schema); optional query parameters are included at random. */
export function generatedRequest(op: DocumentOperation, seed: number): OperationRequest {
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  op.parameters.forEach((parameter, i) => {
    if (parameter.in !== 'path' && parameter.in !== 'query') return;
    if (!parameter.required && (seed >> i) % 2 === 0) return;
    const value =
      seed === 0
        ? sample(parameter.schema as never, {}, document)
        : fake(parameter.schema, seed + i);
    (parameter.in === 'path' ? path : query)[parameter.name] = wire(value);
  });
  const jwt = op.requestBody?.content[jwtMediaType];
  if (jwt) {
    // The document does not describe the claims (the operation's text does): an example's.
    const claims = bodyExamples(jwt).map(({ value }) => claimsOf(value));
    return { path, query, signed: claims[seed % claims.length] ?? {}, kind: 'signed' };
  }
  const pointer = bodySchemaPointer(op);
  if (!pointer) return { path, query, kind: seed === 0 ? 'sample' : 'generated' };
  const schema = schemaAt(pointer);
  const sampled = sample(schema as never, { skipNonRequired: false }, document);
  if (seed === 0) return { path, query, body: sampled, kind: 'sample' };
  const isValid = (value: unknown) => validateAt(pointer, value).length === 0;
  const faked = fake(schema, seed);
  if (isValid(faked)) return { path, query, body: faked, kind: 'generated' };
  const bases = [sampled, ...exampleRequests(op).map((r) => r.body)].filter(isValid);
  const base = bases[seed % Math.max(1, bases.length)];
  if (base === undefined) return { path, query, body: faked, kind: 'generated' };
  return { path, query, body: graft(base, faked, isValid), kind: 'generated (grafted)' };
}

/** How many generated requests are tried, from a seed on, for one the document calls valid. */
const generationAttempts = 50;

/** The first generated request from `seed` on that the document calls valid. A bounded search:
 * an operation none of whose generated requests is valid fails here, naming itself, where
 * fast-check's `filter` would draw for ever (it hung the run when the signed-JWT bodies had no
 * generator). */
function validGeneratedRequest(op: DocumentOperation, seed: number): OperationRequest {
  for (let attempt = 0; attempt < generationAttempts; attempt++) {
    const request = generatedRequest(op, (seed + attempt) % 0x80000000);
    if (requestIsValid(op, request)) return request;
  }
  throw new Error(
    `${op.operationId}: none of ${generationAttempts} generated requests from seed ${seed} is valid`,
  );
}

/** Valid requests of the operation: its examples that the document calls valid, and generated
 * ones (the sample, json-schema-faker values, signed JWT bodies). */
export function validRequestArbitrary(op: DocumentOperation): fc.Arbitrary<OperationRequest> {
  const examples = exampleRequests(op).filter((request) => requestIsValid(op, request));
  const generated = fc
    .integer({ min: 0, max: 0x7fffffff })
    .map((seed) => validGeneratedRequest(op, seed));
  return examples.length > 0
    ? fc.oneof(fc.constantFrom(...examples), generated, generated)
    : generated;
}

/** Odd values for path and query parameters. */
const oddValue = fc
  .oneof(
    fc.constantFrom(
      'abc',
      '-1',
      '0',
      '1.5',
      '1e999',
      '99999999999999999999999',
      'true',
      'null',
      ' ',
      'a b',
      '%',
      '%00',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '../../etc/passwd',
      '{"a":1}',
      'ÄÖÜ-日本語-🙂',
      'x'.repeat(300),
      '\u0000',
    ),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  )
  .filter((value) => value.length > 0 && !/^\.{1,2}$/.test(value)); // "." and ".." change the URL's path

// Built once, outside the mutations: building a `stringMatching` arbitrary costs far more than
// drawing from it (built again for each generated request, it took a sixth of the invalid runs'
// CPU time).
const fieldName = fc.stringMatching(/^[a-z][A-Za-z]{2,12}$/);
const fieldValue = fc.stringMatching(/^[a-z0-9]{1,8}$/);

const anyJson = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '[1,]',
    'nul',
    "{'a': 1}",
    '{"a":1}}',
    '\u0000',
    '{"a":1,}',
    'undefined',
  ),
  fc.string({ minLength: 1, maxLength: 30 }).filter((text) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Texts that are no compact JWS (three base64url parts). */
const malformedJwt = fc.oneof(
  fc.constantFrom('not-a-jwt', 'a.b', 'a..c', 'a.b.c.d', 'a.b.c=', '{"alg":"none"}'),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .filter((text) => !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(text)),
);

let oversized: string | undefined;
/** A JSON text just over the reference server's 1 MiB body limit (built once). */
function oversizedBody(): string {
  oversized ??= JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 16) });
  return oversized;
}

const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

type Mutation = (base: OperationRequest) => fc.Arbitrary<OperationRequest>;

/** The ways a valid request of the operation can be made invalid. */
function mutationsOf(op: DocumentOperation): Mutation[] {
  const mutations: Mutation[] = [];
  const params = op.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  if (params.length > 0) {
    mutations.push((base) =>
      fc.tuple(fc.constantFrom(...params), oddValue).map(([parameter, value]) => ({
        ...base,
        [parameter.in]: { ...base[parameter.in as 'path' | 'query'], [parameter.name]: value },
        kind: `odd ${parameter.in} parameter ${parameter.name}=${JSON.stringify(value.slice(0, 40))}`,
      })),
    );
  }
  const requiredQuery = params.filter((p) => p.in === 'query' && p.required);
  if (requiredQuery.length > 0) {
    mutations.push((base) =>
      fc.constantFrom(...requiredQuery).map((parameter) => {
        return {
          ...base,
          query: without(base.query, parameter.name),
          kind: `missing query parameter ${parameter.name}`,
        };
      }),
    );
  }
  mutations.push((base) =>
    fc.tuple(fieldName, fieldValue).map(([name, value]) => ({
      ...base,
      query: { ...base.query, [`x_${name}`]: value },
      kind: `unknown query parameter x_${name}`,
    })),
  );
  if (bodySchemaPointer(op)) {
    const objectBody = (base: OperationRequest): Record<string, unknown> | undefined =>
      typeof base.body === 'object' && base.body !== null && !Array.isArray(base.body)
        ? (base.body as Record<string, unknown>)
        : undefined;
    mutations.push((base) =>
      fc.tuple(fieldName, anyJson).map(([name, value]) => ({
        ...base,
        body: { ...objectBody(base), [`unexpected_${name}`]: value },
        kind: `extra body field unexpected_${name}`,
      })),
    );
    mutations.push((base) => {
      const keys = Object.keys(objectBody(base) ?? {});
      if (keys.length === 0)
        return anyJson.map((body) => ({ ...base, body, kind: 'body of another type' }));
      return fc
        .tuple(fc.constantFrom(...keys), fc.oneof(anyJson, fc.constant('__missing__')))
        .map(([key, value]) => {
          const body =
            value === '__missing__'
              ? without(objectBody(base) ?? {}, key)
              : { ...objectBody(base), [key]: value };
          return {
            ...base,
            body,
            kind:
              value === '__missing__' ? `missing body field ${key}` : `body field ${key} replaced`,
          };
        });
    });
    mutations.push((base) =>
      malformedJson.map((text) => ({
        ...base,
        body: undefined,
        raw: { text, contentType: jsonMediaType },
        kind: 'malformed JSON body',
      })),
    );
  }
  if (bodySchemaPointer(op, jwtMediaType)) {
    mutations.push((base) =>
      malformedJwt.map((text) => ({
        ...base,
        raw: { text, contentType: jwtMediaType },
        kind: 'malformed JWT body',
      })),
    );
  }
  if (op.requestBody) {
    mutations.push((base) =>
      fc.constant({
        ...base,
        body: undefined,
        raw: { text: oversizedBody(), contentType: jsonMediaType },
        kind: 'oversized body',
      }),
    );
    mutations.push((base) =>
      fc.constant({
        ...base,
        body: undefined,
        raw: { text: 'a=1&b=2', contentType: 'text/plain' },
        kind: 'undocumented media type',
      }),
    );
    if (op.requestBody?.required) {
      mutations.push((base) =>
        fc.constant({
          ...base,
          body: undefined,
          signed: undefined,
          raw: undefined,
          kind: 'missing body',
        }),
      );
    }
  }
  return mutations;
}

/** Requests derived from a valid one by one mutation; most are invalid (check with
 * `requestIsValid`: an extra field on an open schema, for one, is still valid). */
export function invalidRequestArbitrary(op: DocumentOperation): fc.Arbitrary<OperationRequest> {
  const mutations = mutationsOf(op);
  return fc
    .tuple(validRequestArbitrary(op), fc.nat({ max: mutations.length - 1 }))
    .chain(([base, index]) => (mutations[index] as Mutation)(base));
}

/** Numbers a validator that coerces strings may let through past a parameter's bounds: the
 * infinities '1e999' and '-1e999' (non-finite values skip Ajv's range checks), the first values
 * outside the range, and a fraction for an integer. */
function numericEdges(schema: JsonSchema): string[] {
  const edges = ['1e999', '-1e999'];
  if (typeof schema.minimum === 'number') edges.push(String(schema.minimum - 1));
  if (typeof schema.maximum === 'number') edges.push(String(schema.maximum + 1));
  if (schema.type === 'integer') edges.push('1.5');
  return edges;
}

/** For each numeric path or query parameter, a valid request of the operation with the
 * parameter set to each of its numeric edges (only those the document calls invalid). */
export function numericEdgeRequests(op: DocumentOperation): OperationRequest[] {
  const base = [...exampleRequests(op), generatedRequest(op, 0)].find((request) =>
    requestIsValid(op, request),
  );
  if (!base) return [];
  return op.parameters
    .filter(
      (p) =>
        (p.in === 'path' || p.in === 'query') && /^(integer|number)$/.test(String(p.schema.type)),
    )
    .flatMap((parameter) =>
      numericEdges(parameter.schema).map((value) => ({
        ...base,
        [parameter.in]: { ...base[parameter.in as 'path' | 'query'], [parameter.name]: value },
        kind: `${parameter.in} parameter ${parameter.name}=${value}`,
      })),
    )
    .filter((request) => !requestIsValid(op, request));
}
