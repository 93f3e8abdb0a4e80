// Validation against the document. Received bodies go through the project's generated validators
// (@brokerage/validators); values at arbitrary places of the document (examples, generated
// requests) through Ajv 2020 compiled from the document itself, which also serves a document
// given in CONTRACT_DOCUMENT. Ajv is a dependency of @brokerage/validators and is loaded through
// that package rather than declared again here.
import { createRequire } from 'node:module';
import { shapeStatusOf, type OperationId } from '@brokerage/types';
import { validateResponse } from '@brokerage/validators';
import {
  document,
  escapePointer,
  type DocumentOperation,
  type OpenApiDocument,
} from './document.js';

interface AjvError {
  instancePath: string;
  message?: string;
}
type ValidateFunction = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
interface Ajv {
  addSchema(schema: object, key: string): Ajv;
  getSchema(ref: string): ValidateFunction | undefined;
}

const requireFromValidators = createRequire(
  createRequire(import.meta.url).resolve('@brokerage/validators/package.json'),
);
const Ajv2020 = requireFromValidators('ajv/dist/2020').default as new (options: object) => Ajv;
const addFormats = requireFromValidators('ajv-formats').default as (ajv: Ajv) => Ajv;

const documentKey = 'openapi.json';

/** A validator of values against schemas of a document, located by JSON pointer. */
export function documentValidator(source: OpenApiDocument = document) {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateFormats: true }));
  ajv.addSchema(source, documentKey);
  const cache = new Map<string, ValidateFunction>();
  return (pointer: string, value: unknown): string[] => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.getSchema(`${documentKey}#${pointer}`);
      if (!validate) throw new Error(`No schema at ${pointer}`);
      cache.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
    );
  };
}

let bundledValidator: ReturnType<typeof documentValidator> | undefined;

/** Problems of a value against the schema at a pointer of the bundled document. Its Ajv is made
 * on first use: adding the document walks all of it (about a quarter of a second), which every
 * test file paid when it was made on import, though few files use it. */
export const validateAt = (pointer: string, value: unknown): string[] =>
  (bundledValidator ??= documentValidator())(pointer, value);

/** The generated validators know the bundled document only. */
const isProjectDocument = !process.env.CONTRACT_DOCUMENT;

/** Problems of a received answer: an undocumented status or media type, or a body that does not
 * match the documented schema. Empty when the answer keeps the contract. */
export function responseProblems(
  operation: DocumentOperation,
  answered: number,
  contentType: string,
  body: unknown,
): string[] {
  const status =
    shapeStatusOf(answered, (documented) => operation.responses.has(documented)) ?? answered;
  const content = operation.responses.get(status);
  const pointer = operation.responsePointers.get(status);
  if (!content || pointer === undefined) {
    return [`status ${status} is not documented for ${operation.operationId}`];
  }
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length === 0) return [];
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  if (!mediaTypes.includes(mediaType)) {
    return [`media type "${mediaType}" is not documented (${mediaTypes.join(', ')})`];
  }
  if (isProjectDocument && body !== undefined) {
    const result = validateResponse(
      operation.operationId as OperationId,
      status,
      body,
      contentType,
    );
    return result.valid ? [] : result.errors.map((e) => e.message);
  }
  return validateAt(`${pointer}/content/${escapePointer(mediaType)}/schema`, body);
}
