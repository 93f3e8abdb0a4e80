import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenApiDocument } from '@brokerage/types/document-operations';

export { documentOperations, type ErrorShape, type OperationInfo } from './operations.js';

const require = createRequire(import.meta.url);

/** Absolute paths of the bundled brokerage document, as @brokerage/types ships it. */
export const documentFiles = {
  json: require.resolve('@brokerage/types/openapi.json'),
  yaml: require.resolve('@brokerage/types/openapi.yaml'),
};

/** Absolute paths of the bundled streaming document (AsyncAPI), as @brokerage/types ships it. */
export const streamingDocumentFiles = {
  json: require.resolve('@brokerage/types/asyncapi.json'),
  yaml: require.resolve('@brokerage/types/asyncapi.yaml'),
};

/** The bundled document, for the request and response validator. */
export function loadDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(documentFiles.json, 'utf8')) as OpenApiDocument;
}
