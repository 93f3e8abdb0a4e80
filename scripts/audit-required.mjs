#!/usr/bin/env node
// Required-fields audit: every `required` property of every response schema of our bundled
// document, with its evidence. For each operation, status and property path that reaches it:
// does the vendor's schema for the same operation and status mark it required (2.27, 2.28,
// 2.29), and is it present in every vendor example and every recorded answer of the service?
// A field stays required only where every source that describes it agrees that it is always
// sent (required in 2.27 and 2.29 where they describe it, present in every example and
// recording) and at least one does; a schema used by several operations takes the evidence of
// all of them. Recorded fixtures count by their provenance (scripts/recordings.mjs): hand-made
// ones and ones made from the vendor's description are no evidence; a trimmed recording is
// evidence that a field it has is sent, not that one it lacks is left out.
//
// The reference is read at run time (scripts/reference.mjs); without it the audit prints a
// notice and passes.
//
// Usage: node scripts/audit-required.mjs [--strict] [--json] [--fix]
//   --strict   exit 1 when our document marks required a field the evidence does not support
//   --json     print the machine-readable report instead of the text report
//   --fix      remove those fields from the required lists in openapi/ (then `npm run generate`)
import { readFileSync } from 'node:fs';
import {
  documentOperations,
  escapePointer,
  resolve,
} from '../packages/types/document-operations.mjs';
import { createRouteMatcher } from '../packages/types/dist/routes.js';
import { allOfVerdict, fieldVerdict, walkRequired } from './required-evidence.mjs';
import { artefacts } from './paths.mjs';
import { loadRecordings, provenances, recordedBody } from './recordings.mjs';
import { removeRequired } from './remove-required.mjs';
import {
  hasVendors,
  isJson,
  loadVendors,
  mediaExamples,
  operationKey,
  referenceDir as findReferenceDir,
  vendorOperationIndex,
} from './reference.mjs';

/** The versions whose verdict decides (the oldest described and the newest); 2.28 is shown. */
const decidingVersions = ['2.27', '2.29'];

/** Schemas that are ours alone, not the service's answers to describe: their lists stay. */
const oursAlone = new Set([
  'ErrorObject',
  'ErrorOnly',
  'ProblemDetails',
  'ProblemInvalidArgument',
  'StatusError',
]);

function parseOptions(argv) {
  const options = { strict: false, json: false, fix: false };
  for (const arg of argv) {
    if (arg === '--strict') options.strict = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--fix') options.fix = true;
    else {
      console.error(
        `unknown argument: ${arg}\nUsage: node scripts/audit-required.mjs [--strict] [--json] [--fix]`,
      );
      process.exit(2);
    }
  }
  return options;
}

// --- the audit ---------------------------------------------------------------------------------

/** A readable name of the schema a JSON pointer of the bundle points into. */
function schemaLabel(document, pointer) {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let base;
  let rest;
  if (parts[0] === 'components') {
    base = parts[1] === 'schemas' ? parts[2] : `${parts[1]} ${parts[2]}`;
    rest = parts.slice(3);
  } else {
    const [, path, method, , status] = parts;
    base = `${document.paths[path][method].operationId} ${status}`;
    rest = parts.slice(7);
  }
  let label = base;
  for (let index = 0; index < rest.length; index += 1) {
    const part = rest[index];
    if (part === 'properties') label += `.${rest[(index += 1)]}`;
    else if (part === 'items') label += '[]';
    else if (part === 'additionalProperties') label += '{}';
    else if (part === 'patternProperties') label += `{${rest[(index += 1)]}}`;
    else if (['allOf', 'anyOf', 'oneOf'].includes(part)) label += ` ${part}[${rest[(index += 1)]}]`;
    else label += `/${part}`;
  }
  return label;
}

const componentName = (pointer) => /^\/components\/schemas\/([^/]+)/.exec(pointer)?.[1];

/** Every JSON response of our document: `{ operationId, method, path, status, schema, pointer }`. */
function ourResponses(document) {
  return documentOperations(document).flatMap(({ path, method, operation }) =>
    Object.entries(operation.responses ?? {}).flatMap(([status, raw]) => {
      const response = resolve(
        document,
        raw,
        `/paths/${escapePointer(path)}/${method}/responses/${status}`,
      );
      return Object.entries(response.value?.content ?? {})
        .filter(([mediaType, media]) => isJson(mediaType) && media.schema !== undefined)
        .map(([mediaType, media]) => ({
          operationId: operation.operationId,
          method,
          path,
          status,
          schema: media.schema,
          pointer: `${response.pointer}/content/${escapePointer(mediaType)}/schema`,
        }));
    }),
  );
}

/**
 * How a recorded fixture counts: a recording for what it has and lacks, a trimmed one only for
 * what it has, the others (hand-made, made from the vendor's description) not at all.
 */
const recordingKind = (provenance) =>
  !provenances[provenance].evidence
    ? 'not-a-recording'
    : provenance === 'trimmed'
      ? 'trimmed'
      : 'recording';

/** The vendor's JSON schema and examples of one operation and status, per version. */
function vendorResponses(vendors, indexes, { method, path, status }) {
  return vendors.flatMap((vendor) => {
    const match = indexes.get(vendor.version).get(operationKey(method, path));
    const raw = match?.operation.responses?.[status];
    if (raw === undefined) return [];
    const response = resolve(vendor.document, raw).value;
    return Object.entries(response?.content ?? {})
      .filter(([mediaType]) => isJson(mediaType))
      .map(([, media]) => ({
        vendor,
        schema: media.schema,
        examples: mediaExamples(vendor.document, media),
      }));
  });
}

function audit(dir) {
  const document = JSON.parse(readFileSync(artefacts().bundleJson, 'utf8'));
  const vendors = loadVendors(dir);
  const indexes = new Map(vendors.map((v) => [v.version, vendorOperationIndex(v.document)]));
  const match = createRouteMatcher(
    documentOperations(document).map(({ path, method }) => ({ method, path })),
  );
  const recordings = (loadRecordings(dir) ?? [])
    .filter((exchange) => exchange.notCovered === undefined)
    .map((exchange) => ({
      source: `recorded ${exchange.collection}/${exchange.fixture}`,
      kind: recordingKind(exchange.provenance),
      route: match(exchange.method, exchange.path)?.route,
      status: String(exchange.response.status),
      body: recordedBody(exchange.response),
    }));

  const entries = new Map();
  for (const response of ourResponses(document)) {
    const vendorAnswers = vendorResponses(vendors, indexes, response);
    const streams = [
      ...vendorAnswers.flatMap(({ vendor, examples }) =>
        examples.map(({ name, value }) => ({
          source: `${vendor.version} example ${name}`,
          kind: 'example',
          instances: [value],
        })),
      ),
      ...recordings
        .filter(
          ({ route, status }) =>
            route?.path === response.path &&
            route.method === response.method &&
            status === response.status,
        )
        .map(({ source, kind, body }) => ({ source, kind, instances: [body] })),
    ];
    walkRequired(document, response.schema, response.pointer, [], streams, (found) => {
      const key = `${found.pointer} ${found.name}`;
      if (!entries.has(key)) {
        entries.set(key, {
          schema: schemaLabel(document, found.pointer),
          pointer: found.pointer,
          name: found.name,
          usages: [],
        });
      }
      const vendor = Object.fromEntries(
        vendors.map(({ version }) => {
          const answers = vendorAnswers.filter((answer) => answer.vendor.version === version);
          const verdicts = answers.map((answer) =>
            fieldVerdict(answer.vendor.document, answer.schema, found.tokens, found.name),
          );
          return [
            version,
            answers.length === 0 ? 'no response' : (allOfVerdict(verdicts) ?? 'not described'),
          ];
        }),
      );
      const values = found.streams
        .filter((stream) => stream.instances.length > 0)
        .map(({ source, kind, instances }) => ({
          source,
          kind,
          seen: instances.length,
          missing: instances.filter((instance) => !Object.hasOwn(instance, found.name)).length,
        }));
      entries.get(key).usages.push({
        operationId: response.operationId,
        status: response.status,
        at: found.tokens.join('.'),
        vendor,
        values,
      });
    });
  }
  const results = [...entries.values()].map((entry) => ({ ...entry, ...verdict(entry) }));
  return { reference: { dir, versions: vendors.map((v) => v.version) }, results };
}

/** Keep or remove, and why. */
function verdict({ pointer, usages }) {
  if (oursAlone.has(componentName(pointer))) return { keep: true, reasons: ['ours alone'] };
  const reasons = new Set();
  let supported = false;
  for (const usage of usages) {
    for (const [version, said] of Object.entries(usage.vendor)) {
      if (said === 'required') supported = true;
      if (said === 'optional' && decidingVersions.includes(version)) {
        reasons.add(`optional in ${version}`);
      }
    }
    for (const value of usage.values) {
      if (value.kind === 'not-a-recording') continue;
      if (value.missing < value.seen) supported = true;
      if (value.missing > 0 && value.kind !== 'trimmed')
        reasons.add(`missing in ${value.kind === 'example' ? 'an' : 'a'} ${value.kind}`);
    }
  }
  if (!supported && reasons.size === 0) reasons.add('no source describes it');
  return reasons.size === 0
    ? { keep: true, reasons: ['all sources agree'] }
    : { keep: false, reasons: [...reasons].sort() };
}

// --- report ------------------------------------------------------------------------------------

function printReport({ reference, results }) {
  const removed = results.filter((r) => !r.keep);
  const count = (reason) => results.filter((r) => r.reasons.includes(reason)).length;
  console.log(
    `required: ${results.length} required response fields, ${results.length - removed.length} supported (${count('all sources agree')} by every source that describes them, ${count('ours alone')} ours alone), ${removed.length} unsupported`,
  );
  console.log(`  vendor versions ${reference.versions.join(', ')}, read from ${reference.dir}`);
  const reasons = [...new Set(removed.flatMap((r) => r.reasons))].sort();
  for (const reason of reasons) console.log(`  ${count(reason)} ${reason}`);
  const bySchema = new Map();
  for (const field of removed)
    bySchema.set(field.schema, [...(bySchema.get(field.schema) ?? []), field]);
  if (bySchema.size > 0) console.log('\nunsupported (schema: field [reasons]; evidence):');
  for (const [schema, fields] of [...bySchema].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`- ${schema}`);
    for (const field of fields) {
      console.log(`    ${field.name} [${field.reasons.join('; ')}]`);
      for (const usage of field.usages) {
        const vendor = Object.entries(usage.vendor)
          .map(([version, said]) => `${version} ${said}`)
          .join(', ');
        const missing = usage.values
          .filter((v) => v.missing > 0)
          .map(
            (v) =>
              `${v.source}${['not-a-recording', 'trimmed'].includes(v.kind) ? ' (not evidence)' : ''}`,
          );
        console.log(
          `      ${usage.operationId} ${usage.status} ${usage.at || '(body)'}: ${vendor}; ${usage.values.length} values${missing.length > 0 ? `, missing in ${missing.join(', ')}` : ''}`,
        );
      }
    }
  }
}

// --- main --------------------------------------------------------------------------------------

const options = parseOptions(process.argv.slice(2));
const dir = findReferenceDir();
if (!hasVendors(dir)) {
  const notice = `required: skipped, the vendor's description is not available (no vendor-openapi-*.json in ${dir}; set BROKERAGE_REFERENCE_DIR to its folder)`;
  console.log(options.json ? JSON.stringify({ skipped: notice }, null, 2) : notice);
  process.exit(0);
}
const report = audit(dir);
if (options.json) console.log(JSON.stringify(report, null, 2));
else printReport(report);
const unsupported = report.results.filter((r) => !r.keep);
if (options.fix && unsupported.length > 0) {
  const files = removeRequired(unsupported);
  console.error(`required: removed ${unsupported.length} fields in ${files.length} files`);
} else if (options.strict && unsupported.length > 0) {
  console.error(
    `required: ${unsupported.length} required response fields lack evidence (--strict)`,
  );
  process.exit(1);
}
