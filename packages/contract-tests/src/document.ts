// The bundled document, read as data: its operations with their parameters, bodies and
// documented responses, `$ref`s of parameters, bodies and responses resolved.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The bundled document @brokerage/types ships, or another one at CONTRACT_DOCUMENT (a JSON
 * bundle: to check an implementation of a later version, or to show the gate at work). */
export const documentPath =
  process.env.CONTRACT_DOCUMENT || require.resolve('@brokerage/types/openapi.json');

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

export interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown; summary?: string }>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
  /** JSON pointer of the parameter object (its schema is at `${pointer}/schema`). */
  pointer: string;
}

export interface DocumentOperation {
  operationId: string;
  method: string;
  /** The document's path template, e.g. `/v1/api/portfolio/{accountId}/ledger`. */
  path: string;
  parameters: Parameter[];
  requestBody:
    | {
        required: boolean;
        content: Record<string, MediaType>;
        /** JSON pointer of the request body object. */
        pointer: string;
      }
    | undefined;
  /** Documented responses by status code. */
  responses: Map<number, Record<string, MediaType>>;
  /** JSON pointer of each documented response's location, for schema validation. */
  responsePointers: Map<number, string>;
  /** The status that answers an invalid request (`x-invalid-request-status`, else 400). */
  invalidRequestStatus: number;
  /** Credentials in a header are checked before the request's content (OAuth 1.0a steps, single
   * sign-on): its own `security` names `oauth1` or `bearerToken`. */
  checksCredentialsFirst: boolean;
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function loadDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
}

export const escapePointer = (segment: string): string =>
  segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows a local `$ref` chain; answers the target and its JSON pointer. */
function deref(
  document: OpenApiDocument,
  value: unknown,
  pointer: string,
): { value: Record<string, unknown>; pointer: string } {
  let current = value as Record<string, unknown>;
  let at = pointer;
  while (typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    at = current.$ref.slice(1);
    let target: unknown = document;
    for (const segment of at.split('/').slice(1)) {
      target = (target as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    current = target as Record<string, unknown>;
  }
  return { value: current, pointer: at };
}

/** Every operation of a document, in document order. */
export function operationsOf(document: OpenApiDocument): DocumentOperation[] {
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = (item.parameters as unknown[] | undefined) ?? [];
    for (const method of httpMethods) {
      const raw = item[method] as Record<string, unknown> | undefined;
      if (!raw) continue;
      const operationPointer = `/paths/${escapePointer(path)}/${method}`;
      const pathPointer = `/paths/${escapePointer(path)}`;
      const parameters = [
        ...shared.map((entry, i) => deref(document, entry, `${pathPointer}/parameters/${i}`)),
        ...((raw.parameters as unknown[] | undefined) ?? []).map((entry, i) =>
          deref(document, entry, `${operationPointer}/parameters/${i}`),
        ),
      ].map(({ value, pointer }) => ({ ...(value as unknown as Parameter), pointer }));
      const body = raw.requestBody
        ? deref(document, raw.requestBody, `${operationPointer}/requestBody`)
        : undefined;
      const bodyValue = body?.value as
        { required?: boolean; content: Record<string, MediaType> } | undefined;
      const responses = new Map<number, Record<string, MediaType>>();
      const responsePointers = new Map<number, string>();
      for (const [status, entry] of Object.entries(raw.responses as Record<string, unknown>)) {
        const resolved = deref(document, entry, `${operationPointer}/responses/${status}`);
        responses.set(Number(status), (resolved.value.content ?? {}) as Record<string, MediaType>);
        responsePointers.set(Number(status), resolved.pointer);
      }
      operations.push({
        operationId: String(raw.operationId),
        method,
        path,
        parameters: parameters.map((p) => ({ ...p, required: p.required === true })),
        requestBody: body &&
          bodyValue && {
            required: bodyValue.required === true,
            content: bodyValue.content,
            pointer: body.pointer,
          },
        responses,
        responsePointers,
        invalidRequestStatus: (raw['x-invalid-request-status'] as number | undefined) ?? 400,
        checksCredentialsFirst: ((raw.security ?? []) as Record<string, unknown>[]).some(
          (requirement) => 'oauth1' in requirement || 'bearerToken' in requirement,
        ),
      });
    }
  }
  return operations;
}

/** The operation a method and path template name, keyed `GET /v1/api/...`. */
export function operationIndex(operations: DocumentOperation[]): Map<string, DocumentOperation> {
  return new Map(operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));
}

/** The documented (operationId, status) pairs. */
export function documentedPairs(operations: DocumentOperation[]): string[] {
  return operations.flatMap((op) =>
    [...op.responses.keys()].map((status) => `${op.operationId} ${status}`),
  );
}

export const document = loadDocument();
export const operations = operationsOf(document);
export const operationById = new Map(operations.map((op) => [op.operationId, op]));
