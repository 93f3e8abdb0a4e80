#!/usr/bin/env node
// Fidelity check: every example in the vendor's published description of the service, for the
// operations our document shares with it, is validated against our bundled document (same
// operation, status and media type, or the request body). Each example is also validated
// against the vendor's own schema, so that a vendor example that contradicts its own description
// is told apart from a miss of ours. Misses listed in openapi/fidelity-differences.yaml are
// recorded decisions; the others are unrecorded.
//
// The vendor's files are read at run time from ../shared/reference/ (next to the repository) or
// from BROKERAGE_REFERENCE_DIR; they are never part of the repository. Without them the check
// prints a notice and passes.
//
// Usage: node scripts/check-fidelity.mjs [--strict] [--json[=PATH]]
//   --strict       exit 1 when a miss is not recorded (otherwise the report is informational)
//   --json         print the machine-readable report on stdout instead of the text report
//   --json=PATH    also write the machine-readable report to PATH
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { fastFormats } from 'ajv-formats/dist/formats.js';
import { parse as parseYaml } from 'yaml';
import { deref, documentOperations } from '../packages/types/document-operations.mjs';
import { openapiFormats } from '../packages/validators/scripts/formats.mjs';
import { artefacts, repoRoot } from './paths.mjs';
import {
  baseMediaType,
  isJson,
  loadVendors,
  mediaExamples,
  operationKey,
  referenceDir as findReferenceDir,
  vendorFiles,
  vendorOperationIndex,
} from './reference.mjs';

const versions = ['2.27', '2.29'];
const differencesFile = join(repoRoot, 'openapi', 'fidelity-differences.yaml');
const maxErrorsShown = 3;

function usage(message) {
  console.error(`${message}\nUsage: node scripts/check-fidelity.mjs [--strict] [--json[=PATH]]`);
  process.exit(2);
}

function parseOptions(argv) {
  const options = { strict: false, jsonStdout: false, jsonPath: undefined };
  for (const arg of argv) {
    if (arg === '--strict') options.strict = true;
    else if (arg === '--json' || arg === '--json=-') options.jsonStdout = true;
    else if (arg.startsWith('--json=')) options.jsonPath = resolve(arg.slice('--json='.length));
    else usage(`unknown argument: ${arg}`);
  }
  return options;
}

// --- documents -----------------------------------------------------------------------------

/** Our media type for a vendor one: the same, the same without parameters, or JSON for JSON. */
function matchMediaType(content, vendorMediaType) {
  const ours = Object.keys(content ?? {});
  return (
    ours.find((m) => m === vendorMediaType) ??
    ours.find((m) => baseMediaType(m) === baseMediaType(vendorMediaType)) ??
    (isJson(vendorMediaType) ? ours.find(isJson) : undefined)
  );
}

// --- vendor schemas (OpenAPI 3.0) as JSON Schema 2020-12 -----------------------------------

const schemaMaps = ['properties', 'patternProperties'];
const schemaLists = ['allOf', 'anyOf', 'oneOf'];
const schemaValues = ['items', 'not', 'additionalProperties'];
const droppedKeywords = new Set(['nullable', 'example', 'discriminator', 'xml', 'externalDocs']);

/**
 * Converts an OpenAPI 3.0 schema: `nullable: true` admits null (also beside a `$ref`, which is
 * what the vendor means by it), boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers,
 * other `$ref` siblings are dropped as 3.0 ignores them, annotations go. `oneOf` is read as
 * `anyOf`: the vendor's alternatives are open objects without required fields that overlap, so
 * "exactly one" would reject every example of them.
 */
function fromOpenApi30(schema) {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  if (schema.$ref !== undefined) {
    const ref = { $ref: schema.$ref };
    return schema.nullable === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const copy = {};
  for (const [key, value] of Object.entries(schema)) {
    if (droppedKeywords.has(key) || key.startsWith('x-')) continue;
    if (schemaMaps.includes(key)) {
      copy[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, fromOpenApi30(sub)]),
      );
    } else if (schemaLists.includes(key)) {
      copy[key === 'oneOf' ? 'anyOf' : key] = value.map(fromOpenApi30);
    } else if (schemaValues.includes(key)) {
      copy[key] = fromOpenApi30(value);
    } else {
      copy[key] = value;
    }
  }
  const { exclusiveMinimum, exclusiveMaximum, minimum, maximum, ...rest } = copy;
  const bounds = {};
  if (typeof exclusiveMinimum === 'boolean') {
    if (minimum !== undefined) bounds[exclusiveMinimum ? 'exclusiveMinimum' : 'minimum'] = minimum;
  } else {
    Object.assign(bounds, { exclusiveMinimum, minimum });
  }
  if (typeof exclusiveMaximum === 'boolean') {
    if (maximum !== undefined) bounds[exclusiveMaximum ? 'exclusiveMaximum' : 'maximum'] = maximum;
  } else {
    Object.assign(bounds, { exclusiveMaximum, maximum });
  }
  for (const [key, value] of Object.entries(bounds)) if (value !== undefined) rest[key] = value;
  if (schema.nullable === true) {
    if (typeof rest.type === 'string') rest.type = [rest.type, 'null'];
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
    if (rest.type === undefined) return { anyOf: [rest, { type: 'null' }] };
  }
  return rest;
}

// --- validation ----------------------------------------------------------------------------

/**
 * Validates values against schemas of one document: the document's component schemas and the
 * targets (the schemas of its operations) sit under one root, so `#/components/schemas/...`
 * references resolve as they do in the document.
 */
function createValidatorSet(rootId, componentSchemas) {
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

function formatError(error) {
  const pointer = error.instancePath === '' ? '/' : error.instancePath;
  const detail =
    error.params?.additionalProperty ??
    error.params?.missingProperty ??
    (error.params?.allowedValues ? error.params.allowedValues.join(', ') : undefined);
  return {
    pointer,
    message: detail === undefined ? error.message : `${error.message} (${detail})`,
  };
}

// --- the check -----------------------------------------------------------------------------

/** Vendor operations keyed by method and path shape, 2.27 first, 2.29 for what only it has. */
function vendorOperations(vendors) {
  const byShape = new Map();
  for (const vendor of vendors) {
    for (const [key, { path, operation }] of vendorOperationIndex(vendor.document)) {
      if (!byShape.has(key)) byShape.set(key, { vendor, path, operation });
    }
  }
  return byShape;
}

function loadDifferences() {
  if (!existsSync(differencesFile)) return new Map();
  const parsed = parseYaml(readFileSync(differencesFile, 'utf8')) ?? {};
  const entries = parsed.differences ?? [];
  const records = new Map();
  const where = relative(repoRoot, differencesFile);
  for (const [index, entry] of entries.entries()) {
    for (const field of ['operationId', 'status', 'example', 'decision', 'reason']) {
      if (entry?.[field] === undefined || String(entry[field]).trim() === '') {
        console.error(`${where}: entry ${index + 1} lacks \`${field}\``);
        process.exit(1);
      }
    }
    const key = exampleKey(entry.operationId, String(entry.status), entry.example);
    if (records.has(key)) {
      console.error(`${where}: ${key} is recorded twice`);
      process.exit(1);
    }
    records.set(key, {
      decision: String(entry.decision),
      reason: String(entry.reason).trim(),
      used: false,
    });
  }
  return records;
}

const exampleKey = (operationId, status, example) => `${operationId} ${status} ${example}`;

function check(referenceDir) {
  const vendors = loadVendors(referenceDir, versions);
  const ours = JSON.parse(readFileSync(artefacts().bundleJson, 'utf8'));
  const ourValidators = createValidatorSet(
    'https://brokerage.invalid/openapi.json',
    ours.components?.schemas ?? {},
  );
  const vendorValidators = new Map(
    vendors.map((vendor) => [
      vendor.version,
      createValidatorSet(
        `https://vendor.invalid/${vendor.version}/openapi.json`,
        Object.fromEntries(
          Object.entries(vendor.document.components?.schemas ?? {}).map(([name, schema]) => [
            name,
            fromOpenApi30(schema),
          ]),
        ),
      ),
    ]),
  );
  const byShape = vendorOperations(vendors);

  const operations = [];
  const notShared = [];
  const examples = [];
  for (const { path, method, operation } of documentOperations(ours)) {
    const match = byShape.get(operationKey(method, path));
    if (!match) {
      notShared.push({ operationId: operation.operationId, method, path });
      continue;
    }
    const summary = {
      operationId: operation.operationId,
      method,
      path,
      vendor: { version: match.vendor.version, path: match.path },
      examples: 0,
    };
    operations.push(summary);
    const vendorSet = vendorValidators.get(match.vendor.version);
    const vendorDocument = match.vendor.document;
    const places = [];
    const vendorBody = deref(vendorDocument, match.operation.requestBody);
    if (vendorBody?.content) {
      places.push({
        status: 'request',
        vendorContent: vendorBody.content,
        ourContent: deref(ours, operation.requestBody)?.content,
        ourMissing: 'our document has no request body',
      });
    }
    for (const [status, raw] of Object.entries(match.operation.responses ?? {})) {
      const ourResponse =
        operation.responses?.[status] ??
        operation.responses?.[`${status[0]}XX`] ??
        operation.responses?.default;
      places.push({
        status,
        vendorContent: deref(vendorDocument, raw)?.content,
        ourContent: deref(ours, ourResponse)?.content,
        ourMissing: ourResponse
          ? undefined
          : `our document does not describe status ${status} for this operation`,
      });
    }
    for (const place of places) {
      for (const [mediaType, media] of Object.entries(place.vendorContent ?? {})) {
        const found = mediaExamples(vendorDocument, media);
        if (found.length === 0) continue;
        const ourMediaType = place.ourContent
          ? matchMediaType(place.ourContent, mediaType)
          : undefined;
        const ourSchema = ourMediaType ? place.ourContent[ourMediaType].schema : undefined;
        const ourIndex = ourSchema ? ourValidators.add(ourSchema) : undefined;
        const vendorIndex = media.schema ? vendorSet.add(fromOpenApi30(media.schema)) : undefined;
        const ourMissing =
          place.ourMissing ??
          (place.ourContent === undefined
            ? `our document has no body for status ${place.status}`
            : ourMediaType === undefined
              ? `our document has no ${mediaType} for status ${place.status}`
              : ourSchema === undefined
                ? `our document has no schema for ${ourMediaType}`
                : undefined);
        for (const { name, value } of found) {
          summary.examples += 1;
          examples.push({
            operationId: operation.operationId,
            status: place.status,
            example: name,
            mediaType,
            ourMediaType,
            vendorVersion: match.vendor.version,
            value,
            ourIndex,
            ourMissing,
            vendorIndex,
          });
        }
      }
    }
  }

  const validateOurs = ourValidators.compile();
  const validateVendor = new Map(
    [...vendorValidators].map(([version, set]) => [version, set.compile()]),
  );
  const records = loadDifferences();
  const results = examples.map((entry) => {
    const oursVerdict =
      entry.ourIndex === undefined
        ? { valid: false, errors: [{ pointer: '', message: entry.ourMissing }] }
        : validateOurs(entry.ourIndex, entry.value);
    const vendorVerdict =
      entry.vendorIndex === undefined
        ? { valid: null, errors: [] }
        : validateVendor.get(entry.vendorVersion)(entry.vendorIndex, entry.value);
    const key = exampleKey(entry.operationId, entry.status, entry.example);
    const record = oursVerdict.valid ? undefined : records.get(key);
    if (record) record.used = true;
    return {
      operationId: entry.operationId,
      status: entry.status,
      example: entry.example,
      mediaType: entry.mediaType,
      vendorVersion: entry.vendorVersion,
      ours: { valid: oursVerdict.valid, errors: oursVerdict.errors },
      vendorSchema: { valid: vendorVerdict.valid, errors: vendorVerdict.errors },
      recorded: record ? { decision: record.decision, reason: record.reason } : null,
    };
  });
  // A record that matches no miss (the example now validates, or no longer exists) is stale.
  const staleRecords = [...records]
    .filter(([, record]) => !record.used)
    .map(([key, record]) => ({ key, decision: record.decision }));
  const misses = results.filter((r) => !r.ours.valid);
  const recorded = misses.filter((r) => r.recorded).length;
  return {
    reference: {
      dir: referenceDir,
      versions: vendors.map((v) => v.version),
    },
    figure: {
      validated: results.length - misses.length,
      total: results.length,
      recorded,
      unrecorded: misses.length - recorded,
      vendorExamplesFailingVendorSchema: results.filter((r) => r.vendorSchema.valid === false)
        .length,
    },
    operations: operations.map(({ operationId, method, path, vendor, examples: count }) => ({
      operationId,
      method,
      path,
      vendor,
      examples: count,
    })),
    notShared,
    results,
    staleRecords,
  };
}

// --- report --------------------------------------------------------------------------------

function figureLine({ validated, total, recorded, unrecorded }) {
  return `fidelity: ${validated}/${total} vendor examples validate (${recorded} recorded differences, ${unrecorded} unrecorded)`;
}

function printReport(report) {
  const { figure, operations, notShared, results, staleRecords } = report;
  const log = (line = '') => console.log(line);
  log(figureLine(figure));
  const fromVersion = (version) => operations.filter((o) => o.vendor.version === version).length;
  log(
    `  ${operations.length} shared operations (${report.reference.versions
      .map((v) => `${fromVersion(v)} from ${v}`)
      .join(', ')}), read from ${report.reference.dir}`,
  );
  log(
    `  ${figure.vendorExamplesFailingVendorSchema} of the ${figure.total} examples also fail the vendor's own schema`,
  );
  if (notShared.length > 0) {
    log(`  not in the vendor's description: ${notShared.map((o) => o.operationId).join(', ')}`);
  }
  const misses = results.filter((r) => !r.ours.valid);
  if (misses.length > 0) {
    log();
    log('misses (ours: our validator; vendor schema: the vendor example against its own schema):');
  }
  for (const operation of operations) {
    const own = misses.filter((r) => r.operationId === operation.operationId);
    if (own.length === 0) continue;
    log(
      `- ${operation.operationId}: ${operation.method.toUpperCase()} ${operation.path} (vendor ${operation.vendor.version} ${operation.vendor.path})`,
    );
    for (const miss of own) {
      const vendorVerdict =
        miss.vendorSchema.valid === null
          ? 'no vendor schema'
          : miss.vendorSchema.valid
            ? 'vendor schema: agrees'
            : `vendor schema: disagrees at ${miss.vendorSchema.errors[0].pointer} (${miss.vendorSchema.errors[0].message})`;
      const state = miss.recorded ? `recorded ${miss.recorded.decision}` : 'unrecorded';
      log(`    ${miss.status} ${miss.example} [${state}; ${vendorVerdict}]`);
      if (miss.recorded) log(`      reason: ${miss.recorded.reason}`);
      for (const error of miss.ours.errors.slice(0, maxErrorsShown)) {
        log(`      ${error.pointer}: ${error.message}`);
      }
      if (miss.ours.errors.length > maxErrorsShown) {
        log(`      ... ${miss.ours.errors.length - maxErrorsShown} more`);
      }
    }
  }
  if (staleRecords.length > 0) {
    log();
    log(`${relative(repoRoot, differencesFile)}: records that match no miss (remove them):`);
    for (const stale of staleRecords) log(`  ${stale.key} (${stale.decision})`);
  }
}

// --- main ----------------------------------------------------------------------------------

const options = parseOptions(process.argv.slice(2));
const referenceDir = findReferenceDir();
const primary = join(referenceDir, vendorFiles.find((v) => v.version === versions[0]).file);
if (!existsSync(primary)) {
  const notice = `fidelity: skipped, the vendor's description is not available (${primary} not found; set BROKERAGE_REFERENCE_DIR to its folder)`;
  if (options.jsonStdout) console.log(JSON.stringify({ skipped: notice }, null, 2));
  else console.log(notice);
  process.exit(0);
}

const report = check(referenceDir);
const json = `${JSON.stringify(report, null, 2)}\n`;
if (options.jsonPath) writeFileSync(options.jsonPath, json);
if (options.jsonStdout) process.stdout.write(json);
else printReport(report);
if (options.strict && report.figure.unrecorded > 0) {
  console.error(`fidelity: ${report.figure.unrecorded} unrecorded differences (--strict)`);
  process.exit(1);
}
