import type { OperationId } from '@brokerage/types';

interface Media {
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface RawOperation {
  operationId: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { $ref?: string; content?: Record<string, Media> }>;
}
export interface RawDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { responses: Record<string, { content?: Record<string, Media> }> };
}

export declare const document: RawDocument;

export interface Example {
  operationId: OperationId;
  method: string;
  path: string;
  kind: 'request' | 'response';
  status: string;
  mediaType: string;
  name: string;
  value: unknown;
}

export declare function documentExamples(): Example[];

/** Variants of a valid payload, most of them invalid: a wrong type, a missing or emptied field, an extra field. */
export declare function mutations(value: unknown): [string, unknown][];
