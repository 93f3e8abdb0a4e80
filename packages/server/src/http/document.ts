import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OperationId } from '@brokerage/types';

const require = createRequire(import.meta.url);

/** Absolute paths of the bundled brokerage document, as @brokerage/types ships it. */
export const documentFiles = {
  json: require.resolve('@brokerage/types/openapi.json'),
  yaml: require.resolve('@brokerage/types/openapi.yaml'),
};

export type ErrorShape = 'errorObject' | 'errorOnly' | 'problem';

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
  /** The operation's own `security` requirements (undefined: the document's default): each a
   * scheme name with its scopes. */
  security: { scheme: string; scopes: string[] }[] | undefined;
}

interface RawOperation {
  operationId: string;
  tags?: string[];
  'x-invalid-request-status'?: number;
  requestBody?: { required?: boolean };
  security?: Record<string, string[]>[];
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

/** Every operation of the document, keyed by operationId. */
export function indexOperations(document: RawDocument): Map<OperationId, OperationInfo> {
  const index = new Map<OperationId, OperationInfo>();
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
        security: operation.security?.flatMap((requirement) =>
          Object.entries(requirement).map(([scheme, scopes]) => ({ scheme, scopes })),
        ),
      });
    }
  }
  return index;
}
