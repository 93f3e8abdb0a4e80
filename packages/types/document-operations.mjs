// The one reader of an OpenAPI document's operations: one list of HTTP methods, one walk over the
// paths, one way to work out each operation's security, statuses and error shapes, and one way
// to find a media type's examples. The generators (types, operation table, validators), the
// checks against the reference, the drift report and the contract tests (for a document given at
// run time) all read documents through it. Plain JavaScript, so that the
// generators run it before anything is built; its types are in document-operations.d.mts.

/** The HTTP methods an OpenAPI path item may hold an operation under. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Follows a local `$ref` chain from `value`, found at JSON pointer `pointer`: answers the target
 * and its JSON pointer. */
export function resolve(document, value, pointer = '') {
  let current = value;
  let at = pointer;
  while (typeof current?.$ref === 'string' && current.$ref.startsWith('#/')) {
    at = current.$ref.slice(1);
    current = at
      .split('/')
      .slice(1)
      .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return { value: current, pointer: at };
}

/** Follows a local `$ref` chain. */
export const deref = (document, value) => resolve(document, value).value;

/** A key as one segment of a JSON pointer. */
export const escapePointer = (segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every operation of the document, in document order: `{ path, method, item, operation }`. */
export function documentOperations(document) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    httpMethods
      .filter((method) => item?.[method])
      .map((method) => ({ path, method, item, operation: item[method] })),
  );
}

const exampleObjectKeys = new Set(['summary', 'description', 'value', 'externalValue']);

/** A map of Example Objects written under `example` by mistake (`{success: {value: ...}}`). */
const isMisplacedExampleMap = (value) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      'value' in entry &&
      Object.keys(entry).every((key) => exampleObjectKeys.has(key)),
  );

/** The named examples of one media type object (`example`, `examples` and the schema's own):
 * `{name, value}`. */
export function mediaExamples(document, media) {
  const found = [];
  if (isMisplacedExampleMap(media.example)) {
    for (const [name, entry] of Object.entries(media.example)) {
      found.push({ name, value: entry.value });
    }
  } else if (media.example !== undefined) {
    found.push({ name: 'example', value: media.example });
  }
  for (const [name, raw] of Object.entries(media.examples ?? {})) {
    const example = deref(document, raw);
    if (example?.value !== undefined) found.push({ name, value: example.value });
  }
  const schema = deref(document, media.schema);
  if (schema?.example !== undefined) found.push({ name: 'schema-example', value: schema.example });
  return found;
}

/** The body shape of an error response: `{error, statusCode}`, `{error}`, `{status, error,
 * message}`, or problem details. */
function errorShape(response) {
  for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
    const ref = media.schema?.$ref ?? '';
    if (mediaType === 'application/problem+json' || ref.endsWith('/ProblemDetails'))
      return 'problem';
    if (ref.endsWith('/ErrorObject')) return 'errorObject';
    if (ref.endsWith('/ErrorOnly')) return 'errorOnly';
    if (ref.endsWith('/StatusError')) return 'statusError';
  }
  return undefined;
}

/** Calls that need the brokerage session open (the service's `/iserver` calls, except those that
 * open it: authentication status, ssodh/init, reauthenticate): the service answers `no bridge`
 * until it is. */
const needsBrokerageSession = (path) =>
  path.startsWith('/v1/api/iserver/') &&
  !path.startsWith('/v1/api/iserver/auth/') &&
  path !== '/v1/api/iserver/reauthenticate';

/** What the operation needs before its handler runs (`Access` in @brokerage/types), from the
 * credentials it accepts: one that accepts the session (the `sessionCookie` scheme, and with it the
 * other credentials that stand for a session) needs a live session, and the brokerage session
 * where it calls `/iserver`; any other checks its own credentials: a bearer token with one of its
 * scopes (OAuth 2.0, single sign-on), an OAuth 1.0a authorization header (the token steps, which
 * verify its signature themselves), or none the gate reads (the OAuth 2.0 token request carries
 * its client assertion in its body; the control API's token is checked before the pipeline). */
function accessOf(security, path) {
  const schemes = new Set(security.flat());
  if (schemes.has('sessionCookie')) return needsBrokerageSession(path) ? 'brokerage' : 'session';
  if (schemes.has('bearerToken') && schemes.has('oauth1'))
    throw new Error(`${path}: a bearer token or OAuth 1.0a without a session is not modelled`);
  if (schemes.has('bearerToken')) return 'bearer';
  if (schemes.has('oauth1')) return 'oauth1';
  return 'public';
}

/** The operation's path and query parameters whose schema is an integer or a number (path-level
 * parameters included), each with its type: `{in, name, type}`. */
function numericParameters(document, item, operation) {
  return [...(item.parameters ?? []), ...(operation.parameters ?? [])]
    .map((parameter) => deref(document, parameter))
    .filter((parameter) => parameter?.in === 'query' || parameter?.in === 'path')
    .flatMap((parameter) => {
      const types = [deref(document, parameter.schema)?.type].flat();
      const type = types.includes('integer')
        ? 'integer'
        : types.includes('number')
          ? 'number'
          : undefined;
      return type === undefined ? [] : [{ in: parameter.in, name: parameter.name, type }];
    });
}

/** One row of the operation table per operation. `security` lists the accepted credentials,
 * one array of scheme names per alternative (an empty array: none needed), the operation's own
 * or else the document's; `access` is what they make the operation need (`accessOf`). */
export function operationTable(document) {
  return documentOperations(document).map(({ path, method, item, operation }) => {
    const errors = {};
    const statuses = [];
    for (const [status, entry] of Object.entries(operation.responses ?? {})) {
      statuses.push(Number(status));
      const shape = errorShape(deref(document, entry));
      if (shape && Number(status) >= 400) errors[status] = shape;
    }
    const security = (operation.security ?? document.security ?? []).map((requirement) =>
      Object.keys(requirement),
    );
    return {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      tag: operation.tags?.[0] ?? '',
      security,
      scopes: [
        ...new Set(
          (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat()),
        ),
      ],
      access: accessOf(security, path),
      ...(operation['x-pacing-interval-ms'] === undefined
        ? {}
        : { pacingIntervalMs: operation['x-pacing-interval-ms'] }),
      ...(operation['x-max-concurrent-requests'] === undefined
        ? {}
        : { maxConcurrentRequests: operation['x-max-concurrent-requests'] }),
      invalidRequestStatus: operation['x-invalid-request-status'] ?? 400,
      numericParameters: numericParameters(document, item, operation),
      bodyRequired: deref(document, operation.requestBody)?.required === true,
      statuses,
      errors,
    };
  });
}
