// Shapes of the generated catalog (src/generated/catalog.ts): which validator checks what.
import type { ErrorObject } from 'ajv';
import type { OperationId } from '@brokerage/types';

/** An Ajv standalone validate function: true when valid, else `errors` says why. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** Validators by media type, e.g. `{ 'application/json': validate }`. */
export type ContentValidators = Record<string, SchemaValidator>;

export interface OperationValidators {
  operationId: OperationId;
  /** Lower-case HTTP method. */
  method: string;
  /** The document's path template, e.g. `/v1/api/portfolio/{accountId}/ledger`. */
  path: string;
  /** The status the server answers a request failing validation with (`x-invalid-request-status`). */
  invalidRequestStatus: number;
  /** Query parameters that may be sent empty (`allowEmptyValue`). */
  emptyQueryAllowed: string[];
  /** Object schemas of the path, query and header parameters (query coerced from strings). */
  parameters: Partial<Record<'path' | 'query' | 'headers', SchemaValidator>>;
  body?: { required: boolean; content: ContentValidators };
  /** By documented status (`200`, `4XX`, `default`), then media type. */
  responses: Record<string, ContentValidators>;
}

/** The validators of one streaming message (src/generated/stream-catalog.ts). */
export interface StreamMessageValidators<Direction extends 'client' | 'server'> {
  direction: Direction;
  /** Server messages: the topic naming them (a constant or a pattern), null when they have no
   * fixed topic. Client frames: the topic they start with, null for the JSON `session` message. */
  topic: { const: string } | { pattern: string } | null;
  payload: SchemaValidator;
  /** Subscriptions: the schema of the JSON object that ends the frame. */
  arguments?: SchemaValidator;
}
