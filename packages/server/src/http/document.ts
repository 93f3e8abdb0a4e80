import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

const typesRoot = dirname(require.resolve('@brokerage/types/package.json'));

/** Absolute paths of the bundled control API document (openapi/control/), as @brokerage/types
 * ships it next to the brokerage document. */
export const controlDocumentFiles = {
  json: join(typesRoot, 'generated', 'control.openapi.json'),
  yaml: join(typesRoot, 'generated', 'control.openapi.yaml'),
};

let bundled: OpenApiDocument | undefined;

/** The SHA-256 of the text each document of `loadDocument` was parsed from. */
const sourceHashes = new WeakMap<object, string>();

/** The bundled document, for the request and response validator and the request hints: read
 * once per process (1.4 MB of JSON; every server of a process answers the same one) and only
 * read, never changed (the validator gets a stripped copy, `validatorSpec`). */
export function loadDocument(): OpenApiDocument {
  if (!bundled) {
    const text = readFileSync(documentFiles.json, 'utf8');
    bundled = JSON.parse(text) as OpenApiDocument;
    sourceHashes.set(bundled, createHash('sha256').update(text).digest('hex'));
  }
  return bundled;
}

/** The hash of the text `document` was parsed from, if it is `loadDocument`'s: what is derived
 * from it alone can be kept under that name. */
export const documentSourceHash = (document: object): string | undefined =>
  sourceHashes.get(document);
