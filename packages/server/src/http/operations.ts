import {
  answersWithStatus,
  operationRoutes,
  type Access,
  type ErrorShape,
  type NumericParameter,
  type OperationId,
  type OperationRow,
} from '@brokerage/types';

export type { ErrorShape };

export interface OperationInfo {
  operationId: OperationId;
  method: string;
  /** The document's path template, e.g. `/v1/api/portfolio/{accountId}/ledger`. */
  path: string;
  /** The same path in Express syntax, e.g. `/v1/api/portfolio/:accountId/ledger`. */
  expressPath: string;
  tag: string;
  /** Documented error statuses and the body shape each one carries. */
  errors: Map<number, ErrorShape>;
  /** The status that answers a request failing validation (`x-invalid-request-status`, else 400). */
  invalidRequestStatus: number;
  /** Path and query parameters whose schema is a number (read by `numeric-parameters.ts`). */
  numericParameters: readonly NumericParameter[];
  /** The operation requires a request body. */
  bodyRequired: boolean;
  /** What the operation needs before its handler runs, from its `security` in the document. */
  access: Access;
  /** OAuth scopes its own security requires (a bearer operation: any one of them). */
  scopes: readonly string[];
  /** The most requests of a session in flight at once (`x-max-concurrent-requests`). */
  maxConcurrentRequests: number | undefined;
  /** It documents a success status besides 200: its handler answers `{ status, body }`. */
  answersWithStatus: boolean;
}

/** Every operation of the document, from the operation table of @brokerage/types (read from the
 * document once, at build time). */
export function documentOperations(): OperationInfo[] {
  return (operationRoutes as readonly OperationRow[]).map((row) => ({
    operationId: row.operationId,
    method: row.method.toLowerCase(),
    path: row.path,
    // A literal colon (`/bank-instructions:bulk`) is escaped: it does not start a parameter.
    expressPath: row.path.replace(/:/g, '\\:').replace(/\{([^}]+)\}/g, ':$1'),
    tag: row.tag,
    errors: new Map(Object.entries(row.errors).map(([status, shape]) => [Number(status), shape])),
    invalidRequestStatus: row.invalidRequestStatus,
    numericParameters: row.numericParameters,
    bodyRequired: row.bodyRequired,
    access: row.access,
    scopes: row.scopes,
    maxConcurrentRequests: row.maxConcurrentRequests,
    answersWithStatus: answersWithStatus(row),
  }));
}
