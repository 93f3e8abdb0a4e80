// The bundled document, read as data through @brokerage/types' reader: its operations with their
// parameters, bodies and documented responses, `$ref`s of parameters, bodies and responses
// resolved.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { checksHeaderCredentialsFirst, type OperationRow } from '@brokerage/types';
import {
  documentOperations,
  escapePointer,
  operationTable,
  resolve,
  type OpenApiDocument,
} from '@brokerage/types/document-operations';

const require = createRequire(import.meta.url);

/** The bundled document @brokerage/types ships, or another one at CONTRACT_DOCUMENT (a JSON
 * bundle: to check an implementation of a later version, or to show the gate at work). */
export const documentPath =
  process.env.CONTRACT_DOCUMENT || require.resolve('@brokerage/types/openapi.json');

export { escapePointer };
export type { OpenApiDocument };
export type JsonSchema = Record<string, unknown>;

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
  /** The OAuth 2.0 scopes its bearer token may carry, any one of them (`/gw/api/v1`). */
  scopes: readonly string[];
  /** Query parameters it does not declare are accepted (`x-eov-allow-unknown-query-parameters`:
   * the echo operations echo any). */
  acceptsUnknownQuery: boolean;
}

export function loadDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
}

/** Every operation of a document, in document order: its facts from the operation table (the
 * one reader of documents that also generates @brokerage/types' table), its parameters, body and
 * responses resolved, with the JSON pointer of each for schema validation. */
export function operationsOf(document: OpenApiDocument): DocumentOperation[] {
  const rows = operationTable(document);
  return documentOperations(document).map(({ path, method, item, operation }, index) => {
    const row = rows[index] as OperationRow<string>;
    const pathPointer = `/paths/${escapePointer(path)}`;
    const operationPointer = `${pathPointer}/${method}`;
    const parametersAt = (owner: Record<string, unknown>, pointer: string) =>
      ((owner.parameters as unknown[] | undefined) ?? []).map((entry, i) => {
        const { value, pointer: at } = resolve<Omit<Parameter, 'pointer'>>(
          document,
          entry,
          `${pointer}/parameters/${i}`,
        );
        return { ...value, required: value.required === true, pointer: at };
      });
    const body = operation.requestBody
      ? resolve<{ required?: boolean; content: Record<string, MediaType> }>(
          document,
          operation.requestBody,
          `${operationPointer}/requestBody`,
        )
      : undefined;
    const responses = new Map<number, Record<string, MediaType>>();
    const responsePointers = new Map<number, string>();
    for (const [status, entry] of Object.entries(operation.responses as Record<string, unknown>)) {
      const resolved = resolve<{ content?: Record<string, MediaType> }>(
        document,
        entry,
        `${operationPointer}/responses/${status}`,
      );
      responses.set(Number(status), resolved.value.content ?? {});
      responsePointers.set(Number(status), resolved.pointer);
    }
    return {
      operationId: row.operationId,
      method,
      path,
      parameters: [
        ...parametersAt(item, pathPointer),
        ...parametersAt(operation, operationPointer),
      ],
      requestBody: body && {
        required: body.value.required === true,
        content: body.value.content,
        pointer: body.pointer,
      },
      responses,
      responsePointers,
      invalidRequestStatus: row.invalidRequestStatus,
      checksCredentialsFirst: checksHeaderCredentialsFirst(row),
      scopes: row.scopes,
      acceptsUnknownQuery: operation['x-eov-allow-unknown-query-parameters'] === true,
    };
  });
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
