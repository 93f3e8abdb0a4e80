// The cache's entries (http/validator-cache.ts): a route's compiled code written as a file, read
// back and checked, and the directory they are kept in.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What this module reads of a compiled Ajv validator. */
export interface Validate {
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

export interface ScopeName {
  str: string;
  prefix: string;
  value?: { ref?: unknown; code?: unknown };
}

/** An entry's first line: its name, the name of the function it holds (for code) and the hash of
 * the rest. */
const header = (entry: string, body: string, name?: string): string =>
  `//${JSON.stringify({ entry, name, sha256: sha256(body) })}\n`;

/** An entry's text (what follows its header), or undefined when there is none or its header does
 * not name `entry` and the hash of that text. */
export function loadText(file: string, entry: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const end = text.indexOf('\n');
  const body = text.slice(end + 1);
  return text.slice(0, end + 1) === header(entry, body) ? body : undefined;
}

/** Writes an entry whole or not at all: to a temporary file, then renamed. */
export function saveText(file: string, entry: string, body: string, name?: string): void {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    writeFileSync(temporary, header(entry, body, name) + body);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** The entry's validator, or undefined when there is none or it does not match. */
export function load(
  file: string,
  entry: string,
  ajv: unknown,
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
    if (text.slice(0, end + 1) !== header(entry, code, name)) return undefined;
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

export function save(file: string, entry: string, validate: Validate, route: object): void {
  const code = moduleCode(validate, route);
  if (code === undefined || !validate.source) return;
  saveText(file, entry, code, validate.source.validateName.str);
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

/** The directory chosen for each setting of BROKERAGE_VALIDATOR_CACHE ('' when unset). */
const directories = new Map<string, string | null>();

/** The cache directory, made once per process and setting; null when there is none. */
export function cacheDirectory(): string | null {
  const chosen = process.env.BROKERAGE_VALIDATOR_CACHE ?? '';
  if (chosen === 'off') return null;
  let directory = directories.get(chosen);
  if (directory === undefined) {
    directory = makeDirectory(chosen);
    directories.set(chosen, directory);
  }
  return directory;
}

function makeDirectory(chosen: string): string | null {
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
      return candidate;
    } catch {
      // Not writable (a global install): the next one.
    }
  }
  return null;
}

/** The SHA-256 of one of the server's modules (`http/validator-document`), or null when it cannot
 * be read: what a kept entry derived by that module's code holds depends on its text. The
 * TypeScript where the workspace has it, else the build's: the tests run the source, the
 * validator cache's warm-up the build and a sandbox the bundle, and all must name the same kept
 * entries. Found from the package's folder, not the caller's (in the bundle, a module's text is
 * not its own file). */
export function moduleIdentity(module: string): string | null {
  const root = packageRoot();
  for (const file of [`src/${module}.ts`, `dist/${module}.js`].map((path) => join(root, path))) {
    try {
      return createHash('sha256').update(readFileSync(file)).digest('hex');
    } catch {
      // No source beside an installed build: the build's text.
    }
  }
  return null;
}

/** The server package's folder (the one holding this module's package.json), whether this module
 * runs from `src/`, `dist/` or the bundle (`dist/bundle/`). */
export function packageRoot(): string {
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
