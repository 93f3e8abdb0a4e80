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

let text: string | undefined;
let hash: string | undefined;
let bundled: OpenApiDocument | undefined;

const readText = (): string => (text ??= readFileSync(documentFiles.json, 'utf8'));

/** The bundled document, for the request and response validator and the request hints: read
 * once per process (1.4 MB of JSON; every server of a process answers the same one) and only
 * read, never changed (the validator gets a stripped copy, `validatorSpec`). */
export function loadDocument(): OpenApiDocument {
  if (!bundled) {
    hash ??= sha256(readText());
    bundled = JSON.parse(readText()) as OpenApiDocument;
    text = undefined;
  }
  return bundled;
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/** A document parsed when first read, and the hash of the text it is parsed from (what is derived
 * from the document alone can be kept under that name, without parsing it). */
export interface DocumentSource {
  read(): OpenApiDocument;
  hash(): string;
}

/** The SHA-256 of the document's text as @brokerage/types's generation writes it beside the
 * document (`openapi.json.sha256`, checked with the other generated files), or undefined when
 * there is none. */
function generatedHash(): string | undefined {
  try {
    const kept = readFileSync(`${documentFiles.json}.sha256`, 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(kept) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** The bundled document (`loadDocument`) as a source; its hash the generated one (a start then
 * neither reads nor hashes the 1.4 MB), else the text's. */
export const bundledDocument: DocumentSource = {
  read: loadDocument,
  hash: () => (hash ??= generatedHash() ?? sha256(readText())),
};
