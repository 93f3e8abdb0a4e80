// Types of document-operations.mjs (the one reader of an OpenAPI document's operations).
import type { OperationRow } from './dist/index.js';

/** An OpenAPI document, read as data. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown> | undefined>;
  security?: Record<string, string[]>[];
  [key: string]: unknown;
}

/** The HTTP methods an OpenAPI path item may hold an operation under. */
export const httpMethods: readonly string[];

/** Follows a local `$ref` chain from `value`, found at JSON pointer `pointer`: answers the target
 * and its JSON pointer. */
export function resolve<T = Record<string, unknown>>(
  document: OpenApiDocument,
  value: unknown,
  pointer?: string,
): { value: T; pointer: string };

/** A key as one segment of a JSON pointer. */
export function escapePointer(segment: string): string;

/** Follows a local `$ref` chain. */
export function deref<T = Record<string, unknown>>(document: OpenApiDocument, value: unknown): T;

export interface DocumentOperationEntry {
  path: string;
  /** Lower case, as in the document. */
  method: string;
  item: Record<string, unknown>;
  operation: Record<string, unknown>;
}

/** Every operation of the document, in document order. */
export function documentOperations(document: OpenApiDocument): DocumentOperationEntry[];

/** The named examples of one media type object (`example`, `examples` and the schema's own). */
export function mediaExamples(
  document: OpenApiDocument,
  media: Record<string, unknown>,
): { name: string; value: unknown }[];

/** One row of the operation table per operation (see OperationRow). */
export function operationTable(document: OpenApiDocument): OperationRow[];
