// express-openapi-validator compiles a route's validators with Ajv on the route's first request,
// and each compile first walks the whole document (Ajv collects the `$id`s of the schema it is
// given, and each route's schema carries the document's `paths` and `components`): 100–200 ms a
// route, paid again by every process (every test file). This module keeps what Ajv generated for
// each route in a cache directory and later processes load it instead. It works on the Ajv
// instances express-openapi-validator creates (its `createRequestAjv`/`createResponseAjv`,
// wrapped from our code, like the route compiler in openapi-validator.ts), so the validator
// and its verdicts stay express-openapi-validator's:
//
// - A route's compiled code is written as Ajv's own standalone code would be (the function and
//   every value it refers to), but for the values that belong to the process: the route's schema,
//   the formats and Ajv's runtime helpers are bound when the code is loaded. A value that cannot
//   be written (a custom keyword compiled to a closure) leaves the route uncached: compiled as
//   before.
// - An entry's name is a hash of what the code depends on: the document as the validator
//   preprocessed it, the route's schema (but the document it carries), the Ajv options, formats
//   and keywords, and the versions of express-openapi-validator and Ajv. Its first line repeats
//   that hash and a hash of the code: an entry that does not match (stale, corrupt, cut short) is
//   ignored and written again. Entries are written to a temporary file then renamed, so that a
//   concurrent reader sees a whole entry or none.
// - The schemas the validator only reads (its preprocessing asks Ajv for each component's
//   validator to read its `schema`) are compiled when first called instead of when asked for,
//   and so is a route's validator (loaded or compiled at its first call: a route's first answer
//   asks for every status's). For a plain document from `validatorSpec` (validator-spec.ts), Ajv
//   gets the components' schemas only before it reads schemas.
//
// The directory: BROKERAGE_VALIDATOR_CACHE (`off` disables it), else node_modules/.cache beside
// the server's package, else the system's temporary directory (a folder of this user's); in it,
// a folder per document, pruned when unused (validator-cache-folders.ts).
import { createRequire } from 'node:module';
import { validatorInternals } from './validator-internals.js';
import { join } from 'node:path';
import { load, save, sha256, type Validate } from './validator-cache-entries.js';
import { documentFolder } from './validator-cache-folders.js';
import { isPlainSpec, specName } from './validator-spec.js';
import {
  ofPlainDocuments,
  skipIdentifierWalk,
  type ResolveModule,
} from './validator-identifier-walk.js';

const require = createRequire(import.meta.url);

interface SchemaEnv {
  schema: unknown;
  validate?: Validate;
}

/** Ajv's methods that read the schemas added before them. */
const readingSchemas = ['compile', 'compileAsync', 'validate', 'removeSchema'] as const;

interface Ajv extends Record<(typeof readingSchemas)[number], (...args: unknown[]) => unknown> {
  opts: Record<string, unknown>;
  formats: Record<string, unknown>;
  RULES: { keywords: Record<string, unknown> };
  schemas: Record<string, SchemaEnv | undefined>;
  addSchema(schema: unknown, key?: string): Ajv;
  getSchema(key: string): Validate | undefined;
}

interface Document {
  openapi?: unknown;
  paths?: unknown;
  components?: { schemas?: Record<string, unknown> };
}

type CreateAjv = (document: Document, options?: Record<string, unknown>) => Ajv;

interface AjvFactory {
  createRequestAjv: CreateAjv & { cached?: true };
  createResponseAjv: CreateAjv & { cached?: true };
}

/** Wraps express-openapi-validator's Ajv factory (once per copy of the validator). */
export function cacheCompiledValidators(): void {
  const factory = validatorInternals.ajvFactory as unknown as AjvFactory;
  if (factory.createRequestAjv.cached) return;
  const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
  // Ajv's copy the validator uses: its code generator (for the formats' expression: the copy
  // the validator's Ajv runs, or Ajv would not take it for code) and the `require` its runtime
  // helpers are loaded with.
  const ajvRequire = createRequire(validatorRequire.resolve('ajv'));
  const { _ } = validatorInternals.ajv as unknown as {
    _: (strings: TemplateStringsArray) => unknown;
  };
  const versions = [
    (validatorRequire('../package.json') as { version: string }).version,
    (ajvRequire('ajv/package.json') as { version: string }).version,
  ];
  const context = (kind: string): Context => ({ kind, versions, ajvRequire });
  const wrap = (create: CreateAjv, kind: string): CreateAjv & { cached: true } =>
    Object.assign(
      (document: Document, options: Record<string, unknown> = {}) => {
        const code = { ...(options.code as object), source: true, formats: _`self.formats` };
        // The factory walks the whole document (to delete `x-stoplight` keys), then adds each of
        // its schemas (Ajv walks each for identifiers): for a plain document, neither changes
        // anything before a schema is compiled, so it is given none and they are added then.
        if (!isPlainSpec(document)) {
          return withCache(create(document, { ...options, code }), document, context(kind));
        }
        const ajv = create({ openapi: document.openapi }, { ...options, code });
        ofPlainDocuments.add(ajv);
        const schemas = Object.entries(document.components?.schemas ?? {});
        return withCache(
          ajv,
          document,
          context(kind),
          new Map(schemas.map(([id, schema]) => [`#/components/schemas/${id}`, schema])),
        );
      },
      { cached: true as const },
    );
  skipIdentifierWalk(validatorInternals.ajvResolve as unknown as ResolveModule, ofPlainDocuments);
  factory.createRequestAjv = wrap(factory.createRequestAjv, 'request');
  factory.createResponseAjv = wrap(factory.createResponseAjv, 'response');
  buildSpecValidatorOnUse(validatorInternals.specValidator as unknown as SpecValidatorModule);
}

interface SpecValidatorModule {
  OpenAPISchemaValidator: new (options: unknown) => SpecValidator;
}

interface SpecValidator {
  validate(document: unknown): unknown;
}

/** The validator compiles the OpenAPI schema (the document's own validator) on every start, and
 * uses it only with `validateApiSpec`; it is now compiled when it is used. */
function buildSpecValidatorOnUse(module: SpecValidatorModule): void {
  const Compiled = module.OpenAPISchemaValidator;
  module.OpenAPISchemaValidator = class OpenAPISchemaValidator {
    private compiled?: SpecValidator;
    constructor(private readonly options: unknown) {}
    validate(document: unknown): unknown {
      this.compiled ??= new Compiled(this.options);
      return this.compiled.validate(document);
    }
  };
}

interface Context {
  kind: string;
  versions: string[];
  ajvRequire: NodeJS.Require;
}

/** `pending`: the document's schemas by key, added to Ajv (in order) only before Ajv reads its
 * schemas: to compile a route (not to load one) or any schema, or to add another. */
function withCache(
  ajv: Ajv,
  document: Document,
  context: Context,
  pending = new Map<string, unknown>(),
): Ajv {
  const addSchema = ajv.addSchema.bind(ajv);
  const getSchema = ajv.getSchema.bind(ajv);
  const addPending = () => {
    const schemas = [...pending];
    pending.clear();
    for (const [key, schema] of schemas) addSchema(schema, key);
  };
  for (const method of readingSchemas) {
    const read = ajv[method].bind(ajv);
    ajv[method] = (...args: unknown[]) => {
      addPending();
      return read(...args);
    };
  }
  /** The routes' schemas, added but not compiled. */
  const routes = new Map<string, object>();
  const validators = new Map<string, Validate>();
  let instanceHash: string | undefined;
  // The document as the validator left it after preprocessing, read when the first route is
  // compiled (the validator has finished with it by then); or, for one it got from
  // `validatorSpec`, the name it is kept under: the validator's preprocessing of it depends on
  // nothing more than is hashed here.
  const hashOfInstance = (): string =>
    (instanceHash ??= sha256(
      JSON.stringify([
        context.kind,
        context.versions,
        describe(ajv.opts),
        describe(ajv.formats),
        Object.keys(ajv.RULES.keywords),
        specName(document) ?? document,
      ]),
    ));

  ajv.addSchema = (schema: unknown, key?: string) => {
    const route = schema as Document | null;
    if (
      typeof key === 'string' &&
      typeof route === 'object' &&
      route !== null &&
      route.paths === document.paths &&
      route.components === document.components
    ) {
      routes.set(key, route);
      return ajv;
    }
    addPending();
    return addSchema(schema, key);
  };

  /** A route's validator, loaded from the cache or compiled (and kept). */
  const routeValidator = (key: string, route: object): Validate => {
    const folder = documentFolder(specName(document));
    let file: string | undefined;
    let entry: string | undefined;
    let validate: Validate | undefined;
    if (folder) {
      try {
        entry = sha256(`${hashOfInstance()}\n${key}\n${JSON.stringify(withoutDocument(route))}`);
        file = join(folder, `${entry}.js`);
        validate = load(file, entry, ajv, route, context.ajvRequire);
      } catch {
        // A document JSON cannot hold (a cycle): compiled as before.
        file = undefined;
      }
    }
    if (validate) return validate;
    // With `code.source`, Ajv keeps the JSON of each schema it compiles as code: of a route's,
    // the whole document, in every route (a third more time per compile). The route's is never
    // written (it is bound when loaded), so its JSON is a name.
    Object.defineProperty(route, 'toJSON', { value: () => key });
    addPending();
    addSchema(route, key);
    validate = getSchema(key);
    if (!validate) throw new Error(`Ajv compiled no validator for ${key}`);
    if (file && entry) save(file, entry, validate, route);
    return validate;
  };

  // A route's validator is loaded (or compiled) on its first call: the validator asks for those
  // of every status a route answers with at its first answer, which uses one.
  ajv.getSchema = (key: string) => {
    const known = validators.get(key);
    if (known) return known;
    const route = routes.get(key);
    if (!route) return lazily(key);
    return onFirstCall(key, route, () => routeValidator(key, route));
  };

  /** A validator of `schema` under `key` that gets its code (`compile`) on its first call and
   * answers with that code's verdict and errors from then on. */
  const onFirstCall = (key: string, schema: unknown, compile: () => Validate): Validate => {
    let compiled: Validate | undefined;
    const validate: Validate = function (this: unknown, data: unknown, ...rest: unknown[]) {
      compiled ??= compile();
      const valid = compiled.call(this, data, ...rest);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null;
    validate.schema = schema;
    validators.set(key, validate);
    return validate;
  };

  /** A validator the caller may only read (`schema`): compiled on its first call. Another key
   * is looked up without the pending schemas: they register nothing but their own keys. */
  const lazily = (key: string): Validate | undefined => {
    const env = ajv.schemas[key];
    const schema = pending.has(key) ? pending.get(key) : env?.schema;
    if (schema === undefined || env?.validate) return getSchema(key);
    return onFirstCall(key, schema, () => {
      addPending();
      return getSchema(key) as Validate;
    });
  };
  return ajv;
}

/** A route's schema without the document it carries (hashed once per instance). */
const withoutDocument = (route: Document): object => ({
  ...route,
  paths: undefined,
  components: undefined,
});

/** Options, formats: their data, the kind of each function (its code is not hashed: the entry
 * refers to the process's own formats, by name) and `cycle` where an object holds itself. */
function describe(value: unknown, ancestors: object[] = []): unknown {
  if (typeof value === 'function') return 'function';
  if (typeof value !== 'object' || value === null) return value;
  if (ancestors.includes(value)) return 'cycle';
  const inside = [...ancestors, value];
  if (Array.isArray(value)) return value.map((item: unknown) => describe(item, inside));
  return Object.entries(value)
    .filter(([key]) => key !== 'logger')
    .map(([key, child]) => [key, describe(child, inside)]);
}
