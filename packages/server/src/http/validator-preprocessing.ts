// express-openapi-validator's preprocessing of a plain document (validator-spec.ts says which):
// its steps, but for the copy it makes for the responses (`preProcessPlain`), and its result kept
// beside the document for the next process (`preProcessKept`, validator-preprocessed.ts).
import { join } from 'node:path';
import { loadText, moduleIdentity, saveText, sha256 } from './validator-cache-entries.js';
import { documentFolder } from './validator-cache-folders.js';
import {
  keepPreprocessed,
  replaceMembers,
  restorePreprocessed,
  serDesFormats,
  type SerDesMap,
} from './validator-preprocessed.js';

/** What `preProcessPlain` uses of express-openapi-validator's `SchemaPreprocessor`. */
export interface Preprocessor {
  apiDoc: { paths?: unknown; components?: object };
  apiDocRes: object | null;
  responseOpts: unknown;
  serDesMap: SerDesMap;
  gatherComponentSchemaNodes(): unknown[];
  gatherSchemaNodesFromPaths(): Nodes;
  removeExamples(object: object): void;
  traverseSchemas(nodes: Nodes & { schemas: unknown[] }, visit: (...args: unknown[]) => void): void;
  schemaVisitor(...args: unknown[]): void;
}

interface Nodes {
  requestBodies: unknown[];
  responses: unknown[];
  requestParameters: unknown[];
}

export type PreProcess = (this: Preprocessor) => { apiDoc: object; apiDocRes: object | null };

/**
 * express-openapi-validator's `SchemaPreprocessor.preProcess` (of the version validator-spec.ts
 * follows), step for step, but for how it copies the document for the responses (once its paths'
 * `$ref`s are resolved in place, before anything else is added): `structuredClone`, not lodash's
 * `cloneDeep` (about 4 times slower on this document in a fresh process: 37 ms against 9). For a
 * plain document the two copies are the same: JSON values, the nodes the resolution shared shared
 * again in the copy.
 */
function preProcessPlain(this: Preprocessor): ReturnType<PreProcess> {
  const schemas = this.gatherComponentSchemaNodes();
  const fromPaths = this.apiDoc.paths ? this.gatherSchemaNodesFromPaths() : undefined;
  this.apiDocRes = this.responseOpts ? structuredClone(this.apiDoc) : null;
  if (this.apiDoc.components) this.removeExamples(this.apiDoc.components);
  if (fromPaths) {
    this.traverseSchemas(
      {
        schemas,
        requestBodies: fromPaths.requestBodies,
        responses: fromPaths.responses,
        requestParameters: fromPaths.requestParameters,
      },
      (...args: unknown[]) => this.schemaVisitor(...args),
    );
  }
  return { apiDoc: this.apiDoc, apiDocRes: this.apiDocRes };
}

/** `preProcessPlain` of a document named `name` by `validatorSpec`, its result kept in the
 * document's folder (validator-preprocessed.ts); or that result, kept by an earlier process, read
 * back into the document (and its copy for the responses). The entry is named by the document's
 * name, the validator's version, this module's text (the steps of `preProcessPlain`), the
 * serialisers' formats and whether responses are validated: all the preprocessing reads. */
export function preProcessKept(
  this: Preprocessor,
  name: string | undefined,
  validatorVersion: string,
): ReturnType<PreProcess> {
  const document = this.apiDoc;
  const steps = moduleIdentity('http/validator-preprocessing');
  const folder = name === undefined || steps === null ? null : documentFolder(name);
  if (folder === null) return preProcessPlain.call(this);
  const entry = sha256(
    JSON.stringify([
      'validator preprocessed',
      name,
      validatorVersion,
      steps,
      serDesFormats(this.serDesMap),
      Boolean(this.responseOpts),
    ]),
  );
  const file = join(folder, `${entry}.json`);
  const text = loadText(file, entry);
  const restored = text === undefined ? undefined : restorePreprocessed(text, this.serDesMap);
  if (restored) {
    replaceMembers(document, restored.apiDoc);
    this.apiDocRes = restored.apiDocRes;
    return { apiDoc: document, apiDocRes: this.apiDocRes };
  }
  const result = preProcessPlain.call(this);
  const kept = keepPreprocessed(result, this.serDesMap);
  if (kept !== undefined) saveText(file, entry, kept);
  return result;
}
