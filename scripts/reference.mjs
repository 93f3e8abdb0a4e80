// What the checks against the reference material share (scripts/check-fidelity.mjs: the vendor's
// description; scripts/check-recorded.mjs: answers recorded from the service;
// scripts/audit-required.mjs: both): where the reference folder is, the vendor's descriptions
// (OpenAPI 3.0, paths without the `/v1/api` prefix) and their operations and examples, the
// checks' command-line options, media-type matching, one Ajv set-up over a document's component
// schemas, and the file of recorded differences.
//
// The reference is read at run time from ../shared/reference/ (next to the repository) or from
// BROKERAGE_REFERENCE_DIR; it is never part of the repository.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { fastFormats } from 'ajv-formats/dist/formats.js';
import { parse as parseYaml } from 'yaml';
import { documentOperations } from '../packages/types/document-operations.mjs';
import { openapiFormats } from '../packages/validators/scripts/formats.mjs';
import { repoRoot } from './paths.mjs';

/** The reference folder: BROKERAGE_REFERENCE_DIR, else ../shared/reference next to the repository. */
export const referenceDir = () =>
  process.env.BROKERAGE_REFERENCE_DIR
    ? resolve(process.env.BROKERAGE_REFERENCE_DIR)
    : resolve(repoRoot, '..', 'shared', 'reference');

// --- the vendor's descriptions ------------------------------------------------------------

export const vendorPrefix = '/v1/api';

/** The vendor's descriptions, oldest first (2.27 has the richest descriptions, 2.29 is newest). */
export const vendorFiles = [
  { version: '2.27', file: 'vendor-openapi-2.27.json' },
  { version: '2.28', file: 'vendor-openapi-2.28.json' },
  { version: '2.29', file: 'vendor-openapi-2.29.json' },
];

/** Whether any of the vendor's descriptions is in `dir`. */
export const hasVendors = (dir) => vendorFiles.some(({ file }) => existsSync(join(dir, file)));

/** The vendor's descriptions found in `dir`, oldest first: `{ version, file, document }`. */
export const loadVendors = (dir) =>
  vendorFiles
    .map(({ version, file }) => ({ version, file: join(dir, file) }))
    .filter(({ file }) => existsSync(file))
    .map((vendor) => ({ ...vendor, document: JSON.parse(readFileSync(vendor.file, 'utf8')) }));

/** The newest version's operation index (method and path of each operation, with the
 * `/v1/api` prefix where the service has it), when the vendor publishes no description we hold. */
export const newestIndex = { version: '2.40', file: 'vendor-2.40-operations.tsv' };

/** The operations of the newest index in `dir`, `{ method, path }` each; undefined without it.
 * Lines starting with `#` and blank lines are skipped; a line that is not `METHOD<TAB>/path`
 * throws (a damaged index must not read as a smaller one). */
export function loadOperationIndex(dir) {
  const file = join(dir, newestIndex.file);
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'))
    .map(({ line, number }) => {
      const [method, path, ...rest] = line.split('\t');
      if (!/^[A-Z]+$/.test(method ?? '') || !path?.startsWith('/') || rest.length > 0)
        throw new Error(`${file}:${number}: not METHOD<TAB>/path: ${line}`);
      return { method: method.toLowerCase(), path };
    });
}

/** Our operations against an index: those of the index we lack, and ours it lacks. */
export function indexCoverage(index, ours) {
  const ourKeys = new Set(ours.map(({ method, path }) => operationKey(method, path)));
  const indexKeys = new Set(index.map(({ method, path }) => operationKey(method, path)));
  return {
    total: index.length,
    served: index.filter(({ method, path }) => ourKeys.has(operationKey(method, path))).length,
    missing: index.filter(({ method, path }) => !ourKeys.has(operationKey(method, path))),
    oursOnly: ours.filter(({ method, path }) => !indexKeys.has(operationKey(method, path))),
  };
}

/** Path template with anonymous parameters, so `{accountId}` and `{acctId}` compare equal. */
const pathShape = (path) => path.replace(/\{[^}]*\}/g, '{}');

/** Key of an operation by method and path shape. */
export const operationKey = (method, path) => `${method.toLowerCase()} ${pathShape(path)}`;

/**
 * A vendor document's operations keyed by `operationKey`, under its own path and under ours
 * (with the `/v1/api` prefix): `{ path, operation }`, the first one where two share a key.
 */
export function vendorOperationIndex(document) {
  const byKey = new Map();
  for (const { path, method, operation } of documentOperations(document)) {
    for (const candidate of [`${vendorPrefix}${path}`, path]) {
      const key = operationKey(method, candidate);
      if (!byKey.has(key)) byKey.set(key, { path, operation });
    }
  }
  return byKey;
}

export { mediaExamples } from '../packages/types/document-operations.mjs';

// --- command line --------------------------------------------------------------------------

/** `--strict`, `--json` (report on stdout) and `--json=PATH` (report also written to PATH). */
export function parseCheckOptions(argv, script) {
  const options = { strict: false, jsonStdout: false, jsonPath: undefined };
  for (const arg of argv) {
    if (arg === '--strict') options.strict = true;
    else if (arg === '--json' || arg === '--json=-') options.jsonStdout = true;
    else if (arg.startsWith('--json=')) options.jsonPath = resolve(arg.slice('--json='.length));
    else {
      console.error(
        `unknown argument: ${arg}\nUsage: node scripts/${script} [--strict] [--json[=PATH]]`,
      );
      process.exit(2);
    }
  }
  return options;
}

// --- media types ---------------------------------------------------------------------------

export const baseMediaType = (mediaType) => mediaType.split(';')[0].trim().toLowerCase();
export const isJson = (mediaType) => /^application\/(.+\+)?json$/.test(baseMediaType(mediaType));

/** Our media type for another one: the same, the same without parameters, or JSON for JSON. */
export function matchMediaType(content, mediaType) {
  const ours = Object.keys(content ?? {});
  return (
    ours.find((m) => m === mediaType) ??
    ours.find((m) => baseMediaType(m) === baseMediaType(mediaType)) ??
    (isJson(mediaType) ? ours.find(isJson) : undefined)
  );
}

// --- validation ----------------------------------------------------------------------------

function formatError(error) {
  const pointer = error.instancePath === '' ? '/' : error.instancePath;
  const detail =
    error.params?.additionalProperty ??
    error.params?.missingProperty ??
    (error.params?.allowedValues ? error.params.allowedValues.join(', ') : undefined);
  return {
    pointer,
    keyword: error.keyword,
    message: detail === undefined ? error.message : `${error.message} (${detail})`,
  };
}

/**
 * Validates values against schemas of one document: the document's component schemas and the
 * targets (the schemas of its operations) sit under one root, so `#/components/schemas/...`
 * references resolve as they do in the document.
 */
export function createValidatorSet(rootId, componentSchemas) {
  const targets = [];
  return {
    /** Registers a schema; returns its index. */
    add(schema) {
      targets.push(schema);
      return targets.length - 1;
    },
    /** Compiles every target; returns validate(index, value) → { valid, errors }. */
    compile() {
      const ajv = new Ajv2020.default({
        strict: false,
        strictNumbers: true,
        allErrors: true,
        validateSchema: false,
        logger: false,
        formats: { ...fastFormats, ...openapiFormats },
      });
      ajv.addSchema({ $id: rootId, components: { schemas: componentSchemas }, targets });
      const compiled = new Map();
      return (index, value) => {
        if (!compiled.has(index)) {
          try {
            compiled.set(index, ajv.compile({ $ref: `${rootId}#/targets/${index}` }));
          } catch (error) {
            compiled.set(index, error);
          }
        }
        const validate = compiled.get(index);
        if (validate instanceof Error) {
          return { valid: false, errors: [{ pointer: '', message: validate.message }] };
        }
        const valid = validate(value);
        return {
          valid,
          errors: valid ? [] : validate.errors.map((e) => formatError(e)),
        };
      };
    },
  };
}

// --- recorded differences ------------------------------------------------------------------

/**
 * Reads a file of recorded differences (`differences:` entries, each with `fields`, of which
 * `decision` and `reason`): a map from `keyOf(entry)` to `{decision, reason, used}`. A malformed
 * file ends the process.
 */
export function loadDifferences(file, fields, keysOf) {
  if (!existsSync(file)) return new Map();
  const parsed = parseYaml(readFileSync(file, 'utf8')) ?? {};
  const entries = parsed.differences ?? [];
  const records = new Map();
  const where = relative(repoRoot, file);
  const fail = (message) => {
    console.error(`${where}: ${message}`);
    process.exit(1);
  };
  for (const [index, entry] of entries.entries()) {
    for (const field of fields) {
      if (entry?.[field] === undefined || String(entry[field]).trim() === '') {
        fail(`entry ${index + 1} lacks \`${field}\``);
      }
    }
    // One record per key (an entry may stand for several, e.g. one per vendor version), so that
    // each is used, or reported stale, on its own.
    const keys = [keysOf(entry, (message) => fail(`entry ${index + 1} ${message}`))].flat();
    for (const key of keys) {
      if (records.has(key)) fail(`${key} is recorded twice`);
      records.set(key, {
        decision: String(entry.decision),
        reason: String(entry.reason).trim(),
        used: false,
      });
    }
  }
  return records;
}

/** Records that matched no miss (the value now validates, or no longer exists): stale. */
export const staleRecords = (records) =>
  [...records]
    .filter(([, record]) => !record.used)
    .map(([key, record]) => ({ key, decision: record.decision }));
