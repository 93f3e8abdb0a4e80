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
//   validator to read its `schema`) are compiled when first called instead of when asked for.
//
// The directory: BROKERAGE_VALIDATOR_CACHE (`off` disables it), else node_modules/.cache beside
// the server's package, else the system's temporary directory (a folder of this user's).
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** What this module reads of a compiled Ajv validator. */
interface Validate {
  (data: unknown, context?: unknown): boolean;
  errors?: unknown;
  schema?: unknown;
  source?: Source;
}

/** `validate.source` (Ajv's `code: { source: true }`): the function's code and the scope values
 * it refers to, by prefix. */
interface Source {
  validateName: ScopeName;
  validateCode: string;
  scopeValues: Record<string, Set<ScopeName>>;
  evaluated?: string;
}

interface ScopeName {
  str: string;
  prefix: string;
  value?: { ref?: unknown; code?: unknown };
}

interface SchemaEnv {
  schema: unknown;
  validate?: Validate;
}

interface Ajv {
  opts: Record<string, unknown>;
  formats: Record<string, unknown>;
  RULES: { keywords: Record<string, unknown> };
  schemas: Record<string, SchemaEnv | undefined>;
  addSchema(schema: unknown, key?: string): Ajv;
  getSchema(key: string): Validate | undefined;
}

interface Document {
  paths?: unknown;
  components?: unknown;
}

type CreateAjv = (document: Document, options?: Record<string, unknown>) => Ajv;

interface AjvFactory {
  createRequestAjv: CreateAjv & { cached?: true };
  createResponseAjv: CreateAjv & { cached?: true };
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Wraps express-openapi-validator's Ajv factory (once per copy of the validator). */
export function cacheCompiledValidators(): void {
  const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
  const factory = validatorRequire('./framework/ajv') as AjvFactory;
  if (factory.createRequestAjv.cached) return;
  // Ajv's copy the validator uses: its code generator (for the formats' expression) and the
  // `require` its runtime helpers are loaded with.
  const ajvRequire = createRequire(validatorRequire.resolve('ajv'));
  const { _ } = ajvRequire('ajv/dist/compile/codegen') as {
    _: (strings: TemplateStringsArray) => unknown;
  };
  const versions = [
    (validatorRequire('../package.json') as { version: string }).version,
    (ajvRequire('ajv/package.json') as { version: string }).version,
  ];
  const wrap = (create: CreateAjv, kind: string): CreateAjv & { cached: true } =>
    Object.assign(
      (document: Document, options: Record<string, unknown> = {}) => {
        const code = { ...(options.code as object), source: true, formats: _`self.formats` };
        const ajv = create(document, { ...options, code });
        return withCache(ajv, document, { kind, versions, ajvRequire });
      },
      { cached: true as const },
    );
  factory.createRequestAjv = wrap(factory.createRequestAjv, 'request');
  factory.createResponseAjv = wrap(factory.createResponseAjv, 'response');
  buildSpecValidatorOnUse(validatorRequire('./framework/openapi.schema.validator'));
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

function withCache(ajv: Ajv, document: Document, context: Context): Ajv {
  const addSchema = ajv.addSchema.bind(ajv);
  const getSchema = ajv.getSchema.bind(ajv);
  /** The routes' schemas, added but not compiled. */
  const routes = new Map<string, object>();
  const validators = new Map<string, Validate>();
  let instanceHash: string | undefined;
  // The document as the validator left it after preprocessing, read when the first route is
  // compiled (the validator has finished with it by then).
  const hashOfInstance = (): string =>
    (instanceHash ??= sha256(
      JSON.stringify([
        context.kind,
        context.versions,
        describe(ajv.opts),
        describe(ajv.formats),
        Object.keys(ajv.RULES.keywords),
        document,
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
    return addSchema(schema, key);
  };

  ajv.getSchema = (key: string) => {
    let validate = validators.get(key);
    if (validate) return validate;
    const route = routes.get(key);
    if (!route) return lazily(key);
    const directory = cacheDirectory();
    let file: string | undefined;
    let entry: string | undefined;
    if (directory) {
      try {
        entry = sha256(`${hashOfInstance()}\n${key}\n${JSON.stringify(withoutDocument(route))}`);
        file = join(directory, `${entry}.js`);
        validate = load(file, entry, ajv, route, context.ajvRequire);
      } catch {
        // A document JSON cannot hold (a cycle): compiled as before.
        file = undefined;
      }
    }
    if (!validate) {
      // With `code.source`, Ajv keeps the JSON of each schema it compiles as code: of a route's,
      // the whole document, in every route (a third more time per compile). The route's is never
      // written (it is bound when loaded), so its JSON is a name.
      Object.defineProperty(route, 'toJSON', { value: () => key });
      addSchema(route, key);
      validate = getSchema(key);
      if (!validate) return undefined;
      if (file && entry) save(file, entry, validate, route);
    }
    validators.set(key, validate);
    return validate;
  };

  /** A validator the caller may only read (`schema`): compiled on its first call. */
  const lazily = (key: string): Validate | undefined => {
    const env = ajv.schemas[key];
    if (!env || env.validate) return getSchema(key);
    let compiled: Validate | undefined;
    const validate: Validate = function (this: unknown, data: unknown, ...rest: unknown[]) {
      compiled ??= getSchema(key) as Validate;
      const valid = compiled.call(this, data, ...rest);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null;
    validate.schema = env.schema;
    validators.set(key, validate);
    return validate;
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

const header = (entry: string, name: string, code: string): string =>
  `//${JSON.stringify({ entry, name, sha256: sha256(code) })}\n`;

/** The entry's validator, or undefined when there is none or it does not match. */
function load(
  file: string,
  entry: string,
  ajv: Ajv,
  route: object,
  ajvRequire: NodeJS.Require,
): Validate | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const end = text.indexOf('\n');
    const { name } = JSON.parse(text.slice(2, end)) as { name: string };
    const code = text.slice(end + 1);
    if (text.slice(0, end + 1) !== header(entry, name, code)) return undefined;
    const make = new Function('self', 'root', 'require', `${code}\nreturn ${name};`) as (
      ...values: unknown[]
    ) => Validate;
    const validate = make(ajv, route, ajvRequire);
    if (typeof validate !== 'function') return undefined;
    validate.errors = null;
    validate.schema = route;
    return validate;
  } catch {
    return undefined;
  }
}

function save(file: string, entry: string, validate: Validate, route: object): void {
  const code = moduleCode(validate, route);
  if (code === undefined || !validate.source) return;
  const name = validate.source.validateName.str;
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, header(entry, name, code) + code);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/**
 * The validator's code and the code of every value it refers to, as Ajv's standalone code
 * (`ajv/dist/standalone`) writes them, but for the route's schema (bound as `root`: the
 * document it holds is the process's own) and the formats (`self.formats`). Undefined when a
 * value has no code (a keyword compiled to a closure).
 */
function moduleCode(validate: Validate, route: object): string | undefined {
  // The functions written or being written, and the values declared, by name.
  const functions = new Set<string>();
  const values = new Set<string>();
  const lines: string[] = [];
  const write = (source: Source | undefined): boolean => {
    if (!source) return false;
    if (functions.has(source.validateName.str)) return true;
    functions.add(source.validateName.str);
    for (const [prefix, names] of Object.entries(source.scopeValues)) {
      for (const name of names) {
        const { ref, code } = name.value ?? {};
        if (prefix === 'validate' && typeof ref === 'function') {
          if (!write((ref as Validate).source)) return false;
          continue;
        }
        if (values.has(name.str)) continue;
        values.add(name.str);
        if (prefix === 'schema' && ref === route) lines.push(`const ${name.str} = root;`);
        else if (code !== undefined) lines.push(`const ${name.str} = ${String(code)};`);
        else if ((prefix === 'root' || prefix === 'wrapper') && typeof ref === 'object' && ref) {
          const env = ref as { validateName?: ScopeName; validate?: Validate };
          if (!env.validateName) return false;
          lines.push(`const ${name.str} = {validate: ${env.validateName.str}};`);
          if (!write(env.validate?.source)) return false;
        } else return false;
      }
    }
    lines.push(source.validateCode);
    if (source.evaluated) lines.push(`${source.validateName.str}.evaluated = ${source.evaluated};`);
    return true;
  };
  return write(validate.source) ? lines.join('\n') : undefined;
}

let directory: string | null | undefined;

/** The cache directory, made once per process; null when there is none. */
function cacheDirectory(): string | null {
  const chosen = process.env.BROKERAGE_VALIDATOR_CACHE;
  if (chosen === 'off') return null;
  if (directory !== undefined && !chosen) return directory;
  const candidates = chosen
    ? [chosen]
    : [
        join(packageRoot(), 'node_modules', '.cache', 'brokerage', 'validators'),
        join(tmpdir(), `brokerage-validators-${process.getuid?.() ?? 'user'}`),
      ];
  for (const candidate of candidates) {
    try {
      mkdirSync(candidate, { recursive: true, mode: 0o700 });
      // Another user's folder in a shared temporary directory is not ours to run code from.
      if (process.getuid && statSync(candidate).uid !== process.getuid()) continue;
      if (!chosen) directory = candidate;
      return candidate;
    } catch {
      // Not writable (a global install): the next one.
    }
  }
  if (!chosen) directory = null;
  return null;
}

/** The server package's folder (the one holding this module's package.json). */
function packageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      statSync(join(folder, 'package.json'));
      return folder;
    } catch {
      const parent = dirname(folder);
      if (parent === folder) return folder;
      folder = parent;
    }
  }
}
