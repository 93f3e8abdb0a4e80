import type { OpenApiDocument } from '@brokerage/types/document-operations';
import type { OperationInfo } from '../document.js';
import { documentFacts } from './document-facts.js';
import { nearestOperations } from './nearest-operations.js';
import { missingFieldHints, unknownQueryHints } from './request-hints.js';

/** The response header that tells a client how its request deviates from the document, where
 * the body must stay the service's own error; the request's log line carries it too. */
export const hintHeader = 'X-Brokerage-Hint';

/** The hint for a refused request, or undefined. */
export type RequestHint = (
  error: unknown,
  operation: OperationInfo | undefined,
  request: { method: string; path: string },
) => string | undefined;

/** The longest hint sent: a header line, not a document. */
const longestHint = 400;

/** A hint as a header value: one line of printable ASCII (other characters escaped as JSON
 * does), cut to `longestHint`. */
function headerValue(hint: string): string {
  const ascii = hint.replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return ascii.length > longestHint ? `${ascii.slice(0, longestHint - 3)}...` : ascii;
}

const messageOf = (error: unknown) =>
  typeof (error as { message?: unknown })?.message === 'string'
    ? (error as { message: string }).message
    : '';

/** Hints read from the document's operations (the operation table) and the bundled document
 * (read when first needed): the nearest operations for an unknown path, the documented spelling
 * of an unknown query parameter, a missing required field with the document's example. */
export function requestHints(
  operations: OperationInfo[],
  document: () => OpenApiDocument,
): RequestHint {
  const nearest = nearestOperations(operations);
  // Read from the document on the first request to an operation that fails.
  let facts: ReturnType<typeof documentFacts> | undefined;
  const hintFor: RequestHint = (error, operation, request) => {
    if (operation === undefined) {
      const status = (error as { status?: unknown })?.status;
      return status === 404 ? nearest(request.method, request.path) : undefined;
    }
    facts ??= documentFacts(document());
    const operationFacts = facts.get(operation.operationId);
    if (operationFacts === undefined) return undefined;
    const message = messageOf(error);
    const hints = [
      ...unknownQueryHints(message, operationFacts),
      ...missingFieldHints(message, operationFacts),
    ];
    return hints.length === 0 ? undefined : hints.join('; ');
  };
  return (error, operation, request) => {
    const hint = hintFor(error, operation, request);
    return hint === undefined ? undefined : headerValue(hint);
  };
}
