import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  operationRoutes,
  type ErrorShape,
  type OperationId,
  type OperationRow,
} from '@brokerage/types';
import type { Access } from './session-gate.js';

const require = createRequire(import.meta.url);

/** Absolute paths of the bundled brokerage document, as @brokerage/types ships it. */
export const documentFiles = {
  json: require.resolve('@brokerage/types/openapi.json'),
  yaml: require.resolve('@brokerage/types/openapi.yaml'),
};

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
  /** The operation requires a request body. */
  bodyRequired: boolean;
  /** What the operation needs before its handler runs, from its `security` in the document. */
  access: Access;
  /** The credentials it accepts: one array of scheme names per alternative. */
  security: readonly (readonly string[])[];
  /** OAuth scopes its own security requires (single sign-on). */
  scopes: readonly string[];
}

interface RawOperation {
  operationId: string;
  tags?: string[];
  'x-invalid-request-status'?: number;
  requestBody?: { required?: boolean };
  responses: Record<string, RawResponse | { $ref: string }>;
}
interface RawResponse {
  content?: Record<string, { schema?: { $ref?: string } }>;
}
export interface RawDocument {
  paths: Record<string, Record<string, unknown>>;
  components: { responses?: Record<string, RawResponse> };
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function loadDocument(): RawDocument {
  return JSON.parse(readFileSync(documentFiles.json, 'utf8')) as RawDocument;
}

function errorShape(response: RawResponse): ErrorShape | undefined {
  for (const [mediaType, media] of Object.entries(response.content ?? {})) {
    const ref = media.schema?.$ref ?? '';
    if (mediaType === 'application/problem+json' || ref.endsWith('/ProblemDetails'))
      return 'problem';
    if (ref.endsWith('/ErrorObject')) return 'errorObject';
    if (ref.endsWith('/ErrorOnly')) return 'errorOnly';
  }
  return undefined;
}

/** Every operation of a document, keyed by operationId: for other documents than the brokerage's
 * (the control API's) and for tests. The server takes the brokerage's from the operation table
 * (`documentOperations`). */
export function indexOperations(
  document: RawDocument,
): Map<OperationId, Omit<OperationInfo, 'access' | 'security' | 'scopes'>> {
  const index = new Map<OperationId, Omit<OperationInfo, 'access' | 'security' | 'scopes'>>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!httpMethods.has(method)) continue;
      const operation = value as RawOperation;
      const errors = new Map<number, ErrorShape>();
      for (const [status, entry] of Object.entries(operation.responses)) {
        const response =
          '$ref' in entry
            ? document.components.responses?.[String(entry.$ref).split('/').pop() ?? '']
            : entry;
        const shape = response && errorShape(response);
        if (shape && Number(status) >= 400) errors.set(Number(status), shape);
      }
      const operationId = operation.operationId as OperationId;
      index.set(operationId, {
        operationId,
        method,
        path,
        expressPath: path.replace(/\{([^}]+)\}/g, ':$1'),
        tag: operation.tags?.[0] ?? '',
        errors,
        invalidRequestStatus: operation['x-invalid-request-status'] ?? 400,
        bodyRequired: operation.requestBody?.required === true,
      });
    }
  }
  return index;
}

/** What an operation needs before its handler runs. One that accepts the session (the
 * \`sessionCookie\` scheme, and with it the other credentials that stand for a session) has its
 * session resolved by the gate, and its brokerage session checked where it needs one; any other
 * (OAuth 1.0a token requests, OAuth 2.0 client assertions, single sign-on bearer tokens) checks its
 * own credentials. */
export function accessOf(row: OperationRow): Access {
  if (!row.security.some((alternative) => alternative.includes('sessionCookie')))
    return 'credentials';
  return row.brokerageSession ? 'brokerage' : 'session';
}

/** Every operation of the document, from the operation table of @brokerage/types (read from the
 * document once, at build time). */
export function documentOperations(): OperationInfo[] {
  return (operationRoutes as readonly OperationRow[]).map((row) => ({
    operationId: row.operationId,
    method: row.method.toLowerCase(),
    path: row.path,
    expressPath: row.path.replace(/\{([^}]+)\}/g, ':$1'),
    tag: row.tag,
    errors: new Map(Object.entries(row.errors).map(([status, shape]) => [Number(status), shape])),
    invalidRequestStatus: row.invalidRequestStatus,
    bodyRequired: row.bodyRequired,
    access: accessOf(row),
    security: row.security,
    scopes: row.scopes,
  }));
}
