// express-openapi-validator, at each start, clones the document it is given (lodash) and bundles
// it (json-schema-ref-parser walks every node and `$ref`), after our stripping of its
// descriptions and examples (`validatorDocument`): 150–300 ms for this document, in every process
// (every test file). What comes out depends only on the document's text, the stripping module's
// text and the versions of the validator and its bundler, so it is kept in the validator cache's
// directory (validator-cache-entries.ts) under a hash of those, and a later process parses it
// instead. The validator takes such a document as it is: not cloned (each is a fresh copy, the
// validator's own to change) nor bundled again (it is the bundler's own output). Done from our
// code, on the validator's modules, like its route compiler (openapi-validator.ts) and its Ajv
// instances (validator-cache.ts).
import { createRequire } from 'node:module';
import { validatorInternals } from './validator-internals.js';
import { join } from 'node:path';
import * as OpenApiValidator from 'express-openapi-validator';
import type { DocumentSource } from './document.js';
import { loadText, saveText, sha256 } from './validator-cache-entries.js';
import { documentFolder } from './validator-cache-folders.js';
import { strippingIdentity, validatorDocument } from './validator-document.js';
import { preProcessKept, type PreProcess, type Preprocessor } from './validator-preprocessing.js';
import { settledMiddlewares, type SettlingValidator } from './validator-settled.js';

const require = createRequire(import.meta.url);

type Options = Parameters<typeof OpenApiValidator.middleware>[0];
type Middlewares = ReturnType<typeof OpenApiValidator.middleware>;

/** Documents made here for the validator: each a fresh copy, the validator's to change. */
const own = new WeakSet<object>();
/** Those of them that are the bundler's output already. */
const bundled = new WeakSet<object>();
/** The entry each document is kept under (and the copy the validator derives from it for the
 * responses), and the file of each one still to be written once the validator has bundled it. */
const names = new WeakMap<object, string>();
const unsaved = new WeakMap<object, string>();
/** Those whose text has no `x-stoplight` key (the validator's Ajv factory deletes them from the
 * whole document) nor a schema identifier (`$id`, `$anchor`, `$dynamicAnchor` of OpenAPI 3.1's
 * JSON Schema: adding the document's schemas to an Ajv instance registers nothing but their own
 * keys). */
const plain = new WeakSet<object>();
const isPlain = (text: string, document: { openapi?: unknown }): boolean =>
  versions()[0] === followed &&
  /^3\.1\./.test(String(document.openapi)) &&
  !/"(x-stoplight|\$id|\$anchor|\$dynamicAnchor)"\s*:/.test(text);
/** The version of express-openapi-validator whose steps `preProcessPlain` and the Ajv factory
 * given none of a plain document (validator-cache.ts) follow: with another, no document is
 * plain. */
const followed = '5.6.2';
/** Those given to a validator already (which changes them). */
const given = new WeakSet<object>();

/** The document for the validator: `validatorDocument(source.read())` as the validator's
 * bundler leaves it, from the cache when an earlier process kept it (the source is not read
 * then); else stripped here (the validator bundles it, and it is kept then). A fresh copy on each
 * call. */
export function validatorSpec(source: DocumentSource): object {
  const stripping = strippingIdentity();
  const name =
    stripping === null
      ? undefined
      : sha256(JSON.stringify(['validator document', source.hash(), stripping, versions()]));
  const folder = name === undefined ? null : documentFolder(name);
  if (name === undefined || folder === null) {
    const spec = validatorDocument(source.read());
    own.add(spec);
    return spec;
  }
  const file = join(folder, 'document.json');
  const text = loadText(file, name);
  let spec: object | undefined;
  if (text !== undefined) {
    try {
      spec = JSON.parse(text) as object;
      bundled.add(spec);
      if (isPlain(text, spec)) plain.add(spec);
    } catch {
      // Not JSON after all: stripped again and written again.
    }
  }
  if (!spec) {
    spec = validatorDocument(source.read());
    unsaved.set(spec, file);
  }
  own.add(spec);
  names.set(spec, name);
  return spec;
}

/** The name a document the validator got from `validatorSpec` is kept under, or of the copy it
 * derived from one for the responses: what the validator compiles from the document depends on
 * that name, its own version and its options alone. */
export const specName = (document: object): string | undefined => names.get(document);

/** Whether the validator got `document` (or derived it) from `validatorSpec`, is the version
 * followed here, and the document's text has no `x-stoplight` key nor schema identifier. */
export const isPlainSpec = (document: object): boolean => plain.has(document);

const validatorRequire = () => createRequire(require.resolve('express-openapi-validator'));

let installed: string[] | undefined;

/** The versions of express-openapi-validator and its bundler (looked up once per process). */
function versions(): string[] {
  if (!installed) {
    const load = validatorRequire();
    installed = [
      (load('../package.json') as { version: string }).version,
      (load('@apidevtools/json-schema-ref-parser/package.json') as { version: string }).version,
    ];
  }
  return installed;
}

type Validator = new (options: Options) => SettlingValidator & {
  installMiddleware(spec: Promise<unknown>): Middlewares;
};

type SpecLoader = new (options: {
  apiDoc: unknown;
  validateApiSpec: unknown;
  $refParser: unknown;
}) => { load(): Promise<unknown> };

type LoadSpec = (apiDoc: unknown, $refParser?: { mode?: string }) => Promise<object>;

interface Prototypes {
  loadSpec: { prototype: { loadSpec: LoadSpec } };
  preProcess: { prototype: { preProcess: PreProcess } };
}

/** express-openapi-validator's `middleware(options)`, which clones `apiSpec` first, but for a
 * document from `validatorSpec`, given as it is. */
export function validatorMiddlewares(options: Options): Middlewares {
  const spec = options.apiSpec as unknown;
  const classes = typeof spec === 'object' && spec !== null && own.has(spec) && internals();
  if (!classes) return OpenApiValidator.middleware(options);
  if (given.has(spec)) throw new Error('A document from validatorSpec serves one validator');
  given.add(spec);
  // The constructor fills in the options' defaults ($refParser among them).
  const validator = new classes.Validator(options);
  return settledMiddlewares(
    validator,
    validator.installMiddleware(
      new classes.SpecLoader({
        apiDoc: spec,
        validateApiSpec: options.validateApiSpec,
        $refParser: options.$refParser,
      }).load(),
    ),
  );
}

let found: { Validator: Validator; SpecLoader: SpecLoader } | null | undefined;

/** The validator's classes, with its spec loading and preprocessing hooked (once); null when one
 * of them is not where 5.x keeps it: a document is then given to its `middleware` (cloned and
 * bundled again: slower, as right). */
function internals(): { Validator: Validator; SpecLoader: SpecLoader } | null {
  if (found !== undefined) return found;
  found = null;
  try {
    const Validator = (validatorInternals.validator as { OpenApiValidator?: Validator })
      .OpenApiValidator;
    const SpecLoader = (validatorInternals.specLoader as { OpenApiSpecLoader?: SpecLoader })
      .OpenApiSpecLoader;
    const framework = (
      validatorInternals.framework as { OpenAPIFramework?: Prototypes['loadSpec'] }
    ).OpenAPIFramework?.prototype;
    const preprocessor = (
      validatorInternals.preprocessor as { SchemaPreprocessor?: Prototypes['preProcess'] }
    ).SchemaPreprocessor?.prototype;
    if (
      typeof Validator === 'function' &&
      typeof SpecLoader === 'function' &&
      typeof framework?.loadSpec === 'function' &&
      typeof preprocessor?.preProcess === 'function'
    ) {
      hookLoadSpec(framework);
      hookPreProcess(preprocessor);
      found = { Validator, SpecLoader };
    }
  } catch {
    // Not found: the validator's own `middleware`.
  }
  return found;
}

/** The validator's spec loading: a document already bundled is not bundled again, and one
 * bundled now is kept. */
function hookLoadSpec(framework: { loadSpec: LoadSpec }): void {
  const loadSpec = framework.loadSpec;
  framework.loadSpec = function (this: unknown, apiDoc: unknown, $refParser?: { mode?: string }) {
    const document = typeof apiDoc === 'object' && apiDoc !== null ? apiDoc : undefined;
    const bundling = $refParser?.mode !== 'dereference';
    if (document && bundling && bundled.has(document)) return Promise.resolve(document);
    const loading = loadSpec.call(this, apiDoc, $refParser);
    const file = document && unsaved.get(document);
    const name = document && names.get(document);
    if (!bundling || file === undefined || name === undefined) return loading;
    return loading.then((result) => {
      names.set(result, name);
      let text: string | undefined;
      try {
        text = JSON.stringify(result);
      } catch {
        // A document JSON cannot hold (a cycle): used, not kept.
      }
      if (text !== undefined) {
        saveText(file, name, text);
        if (isPlain(text, result)) plain.add(result);
      }
      return result;
    });
  };
}

/** The validator's preprocessing: for a plain document, `preProcessPlain` or its result kept by an
 * earlier process (`preProcessKept`), and the copy it makes for the responses named (and known
 * plain) after its document. */
function hookPreProcess(preprocessor: { preProcess: PreProcess }): void {
  const preProcess = preprocessor.preProcess;
  preprocessor.preProcess = function (this: Preprocessor) {
    const document = this.apiDoc;
    const result = plain.has(document)
      ? preProcessKept.call(this, names.get(document), versions()[0] ?? '')
      : preProcess.call(this);
    const name = names.get(document);
    if (name !== undefined && result.apiDocRes) names.set(result.apiDocRes, `${name} responses`);
    // The preprocessing adds neither (its own keys are `x-eov-*`, holding the serdes options).
    if (plain.has(document) && result.apiDocRes) plain.add(result.apiDocRes);
    return result;
  };
}
