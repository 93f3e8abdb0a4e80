#!/usr/bin/env node
// Fidelity check: every example in the vendor's published description of the service, for the
// operations our document shares with it, is validated against our bundled document (same
// operation, status and media type, or the request body). Each example is also validated
// against the vendor's own schema, so that a vendor example that contradicts its own description
// is told apart from a miss of ours. Every published version (2.27, 2.28, 2.29) is read, and the
// examples of each version of a shared operation are checked; where versions differ the newest
// decides, so an older version's example it contradicts (a field 2.29 renamed) is a recorded
// difference. Misses listed in openapi/fidelity-differences.yaml (by operation, status, example
// and version) are recorded decisions; the others are unrecorded.
//
// The newest version (2.40) is published as an operation index only (vendor-2.40-operations.tsv):
// the check reports the operations of that index our document lacks, and ours it lacks, with the
// coverage line (`2.40: served N of 185 operations`); the examples come from the older versions.
//
// The vendor's files are read at run time from ../shared/reference/ (next to the repository) or
// from BROKERAGE_REFERENCE_DIR; they are never part of the repository. Without them the check
// prints a notice and passes.
//
// Usage: node scripts/check-fidelity.mjs [--strict] [--json[=PATH]]
//   --strict       exit 1 when a miss is not recorded (otherwise the report is informational)
//   --json         print the machine-readable report on stdout instead of the text report
//   --json=PATH    also write the machine-readable report to PATH
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deref, documentOperations } from '../packages/types/document-operations.mjs';
import { artefacts, repoRoot } from './paths.mjs';
import {
  createValidatorSet,
  hasVendors,
  indexCoverage,
  loadOperationIndex,
  newestIndex,
  loadDifferences,
  loadVendors,
  matchMediaType,
  mediaExamples,
  operationKey,
  parseCheckOptions,
  referenceDir as locateReference,
  staleRecords as findStaleRecords,
  vendorFiles,
  vendorOperationIndex,
} from './reference.mjs';

const differencesFile = join(repoRoot, 'openapi', 'fidelity-differences.yaml');
const maxErrorsShown = 3;

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

// --- the check -----------------------------------------------------------------------------

/** Vendor operations keyed by method and path shape: each key's operation in every version. */
function vendorOperations(vendors) {
  const byShape = new Map();
  for (const vendor of vendors) {
    for (const [key, { path, operation }] of vendorOperationIndex(vendor.document)) {
      byShape.set(key, [...(byShape.get(key) ?? []), { vendor, path, operation }]);
    }
  }
  return byShape;
}

/** A record's key; `*` as the operation stands for every operation (a vendor's shared response). */
const exampleKey = (operationId, status, example, version) =>
  `${operationId} ${status} ${example} (${version})`;

const recordOf = (records, { operationId, status, example, vendorVersion }) =>
  records.get(exampleKey(operationId, status, example, vendorVersion)) ??
  records.get(exampleKey('*', status, example, vendorVersion));

const knownVersions = new Set(vendorFiles.map(({ version }) => version));

const loadRecords = () =>
  loadDifferences(
    differencesFile,
    ['operationId', 'status', 'example', 'versions', 'decision', 'reason'],
    (entry, fail) => {
      const versions = Array.isArray(entry.versions) ? entry.versions.map(String) : [];
      if (versions.length === 0 || versions.some((version) => !knownVersions.has(version))) {
        fail(`needs \`versions\`, a list of ${[...knownVersions].join(', ')}`);
      }
      return versions.map((version) =>
        exampleKey(entry.operationId, String(entry.status), entry.example, version),
      );
    },
  );

function check(referenceDir) {
  const vendors = loadVendors(referenceDir);
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
    const matches = byShape.get(operationKey(method, path));
    if (!matches) {
      notShared.push({ operationId: operation.operationId, method, path });
      continue;
    }
    const summary = {
      operationId: operation.operationId,
      method,
      path,
      vendor: matches.map((match) => ({ version: match.vendor.version, path: match.path })),
      examples: 0,
    };
    operations.push(summary);
    for (const match of matches) {
      collectExamples(match, operation, summary);
    }
  }

  /** Registers every example of one version's operation, with our schema and the vendor's. */
  function collectExamples(match, operation, summary) {
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
  const records = loadRecords();
  const results = examples.map((entry) => {
    const oursVerdict =
      entry.ourIndex === undefined
        ? { valid: false, errors: [{ pointer: '', message: entry.ourMissing }] }
        : validateOurs(entry.ourIndex, entry.value);
    const vendorVerdict =
      entry.vendorIndex === undefined
        ? { valid: null, errors: [] }
        : validateVendor.get(entry.vendorVersion)(entry.vendorIndex, entry.value);
    const record = oursVerdict.valid ? undefined : recordOf(records, entry);
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
  const staleRecords = findStaleRecords(records);
  const index = loadOperationIndex(referenceDir);
  const ourOperations = documentOperations(ours).map(({ method, path, operation }) => ({
    operationId: operation.operationId,
    method,
    path,
  }));
  return {
    newest: index
      ? { version: newestIndex.version, ...indexCoverage(index, ourOperations) }
      : undefined,
    reference: {
      dir: referenceDir,
      versions: vendors.map((v) => v.version),
    },
    figure: figureOf(results),
    byVersion: Object.fromEntries(
      vendors.map(({ version }) => [
        version,
        figureOf(results.filter((r) => r.vendorVersion === version)),
      ]),
    ),
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

function figureOf(results) {
  const misses = results.filter((r) => !r.ours.valid);
  const recorded = misses.filter((r) => r.recorded).length;
  return {
    validated: results.length - misses.length,
    total: results.length,
    recorded,
    unrecorded: misses.length - recorded,
    vendorExamplesFailingVendorSchema: results.filter((r) => r.vendorSchema.valid === false).length,
  };
}

// --- report --------------------------------------------------------------------------------

function figureLine({ validated, total, recorded, unrecorded }) {
  return `fidelity: ${validated}/${total} vendor examples validate (${recorded} recorded differences, ${unrecorded} unrecorded)`;
}

function printReport(report) {
  const { figure, byVersion, operations, notShared, results, staleRecords, newest } = report;
  const log = (line = '') => console.log(line);
  log(figureLine(figure));
  if (newest) {
    log(`  ${newest.version}: served ${newest.served} of ${newest.total} operations`);
    if (newest.missing.length > 0)
      log(
        `  in ${newest.version}, not in our document: ${newest.missing.map((o) => `${o.method.toUpperCase()} ${o.path}`).join(', ')}`,
      );
    if (newest.oursOnly.length > 0)
      log(
        `  ours, not in ${newest.version}: ${newest.oursOnly.map((o) => o.operationId).join(', ')}`,
      );
  }
  for (const [version, own] of Object.entries(byVersion)) {
    log(`  ${version}: ${figureLine(own).replace('fidelity: ', '')}`);
  }
  const inVersion = (version) =>
    operations.filter((o) => o.vendor.some((v) => v.version === version)).length;
  log(
    `  ${operations.length} shared operations (${report.reference.versions
      .map((v) => `${inVersion(v)} in ${v}`)
      .join(', ')}), read from ${report.reference.dir}`,
  );
  log(
    `  ${figure.vendorExamplesFailingVendorSchema} of the ${figure.total} examples also fail the vendor's own schema`,
  );
  if (notShared.length > 0) {
    log(
      `  not in the versions with examples (2.27-2.29): ${notShared.map((o) => o.operationId).join(', ')}`,
    );
  }
  const misses = results.filter((r) => !r.ours.valid);
  if (misses.length > 0) {
    log();
    log('misses (ours: our validator; vendor schema: the vendor example against its own schema):');
  }
  for (const operation of operations) {
    const own = misses.filter((r) => r.operationId === operation.operationId);
    if (own.length === 0) continue;
    const vendorPaths = [...new Set(operation.vendor.map((v) => v.path))].join(', ');
    log(
      `- ${operation.operationId}: ${operation.method.toUpperCase()} ${operation.path} (vendor ${vendorPaths})`,
    );
    for (const miss of own) {
      const vendorVerdict =
        miss.vendorSchema.valid === null
          ? 'no vendor schema'
          : miss.vendorSchema.valid
            ? 'vendor schema: agrees'
            : `vendor schema: disagrees at ${miss.vendorSchema.errors[0].pointer} (${miss.vendorSchema.errors[0].message})`;
      const state = miss.recorded ? `recorded ${miss.recorded.decision}` : 'unrecorded';
      log(`    ${miss.vendorVersion} ${miss.status} ${miss.example} [${state}; ${vendorVerdict}]`);
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

const options = parseCheckOptions(process.argv.slice(2), 'check-fidelity.mjs');
const referenceDir = locateReference();
if (!hasVendors(referenceDir)) {
  const notice = `fidelity: skipped, the vendor's description is not available (no vendor-openapi-*.json in ${referenceDir}; set BROKERAGE_REFERENCE_DIR to its folder)`;
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
