// The one reader of an OpenAPI document's operations: one list of HTTP methods, one walk over the
// paths, and one way to work out each operation's security, statuses and error shapes. The
// generators (types, operation table, validators), the fidelity check and the contract tests (for
// a document given at run time) all read documents through it. Plain JavaScript, so that the
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

/** The body shape of an error response: `{error, statusCode}`, `{error}`, or problem details. */
function errorShape(response) {
  for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
    const ref = media.schema?.$ref ?? '';
    if (mediaType === 'application/problem+json' || ref.endsWith('/ProblemDetails'))
      return 'problem';
    if (ref.endsWith('/ErrorObject')) return 'errorObject';
    if (ref.endsWith('/ErrorOnly')) return 'errorOnly';
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
 * or else the document's. */
export function operationTable(document) {
  return documentOperations(document).map(({ path, method, item, operation }) => {
    const errors = {};
    const statuses = [];
    for (const [status, entry] of Object.entries(operation.responses ?? {})) {
      statuses.push(Number(status));
      const shape = errorShape(deref(document, entry));
      if (shape && Number(status) >= 400) errors[status] = shape;
    }
    return {
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      tag: operation.tags?.[0] ?? '',
      security: (operation.security ?? document.security ?? []).map((requirement) =>
        Object.keys(requirement),
      ),
      scopes: [
        ...new Set(
          (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat()),
        ),
      ],
      brokerageSession: needsBrokerageSession(path),
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
