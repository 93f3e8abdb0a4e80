#!/usr/bin/env node
// Recorded-traffic check: every answer recorded from the real service (the reference folder's
// `recorded/`, see scripts/recordings.mjs) is validated against our bundled document. The
// exchange's method and path find our operation (our route matcher); the response body is
// validated against that operation's schema for the status and media type, and the request's
// query and body where the recording gives them. A recording is evidence of what the service
// sends; a hand-made fixture or one made from the vendor's description is reported, not
// evidence; a trimmed one is evidence for what it has (missing required fields are not misses).
// Misses listed in openapi/recorded-differences.yaml are recorded decisions; the others are
// unrecorded. Files that are not exchanges, and exchanges of operations we do not describe,
// are listed as not covered, with the reason.
//
// Usage: node scripts/check-recorded.mjs [--strict] [--json[=PATH]]
//   --strict       exit 1 when a miss of an evidence fixture is not recorded
//   --json         print the machine-readable report on stdout instead of the text report
//   --json=PATH    also write the machine-readable report to PATH
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { deref, documentOperations } from '../packages/types/document-operations.mjs';
import { createRouteMatcher } from '../packages/types/dist/routes.js';
import { artefacts, repoRoot } from './paths.mjs';
import { loadRecordings, provenances, recordedBody } from './recordings.mjs';
import {
  createValidatorSet,
  loadDifferences,
  matchMediaType,
  parseCheckOptions,
  referenceDir as locateReference,
  staleRecords,
} from './reference.mjs';

const differencesFile = join(repoRoot, 'openapi', 'recorded-differences.yaml');
const maxErrorsShown = 3;

const differenceKey = (fixture, operationId) => `${fixture} ${operationId}`;

// --- what to validate ----------------------------------------------------------------------

/** The response object our operation gives for a status: the status, its class, or default. */
const ourResponse = (document, operation, status) =>
  deref(
    document,
    operation.responses?.[status] ??
      operation.responses?.[`${String(status)[0]}XX`] ??
      operation.responses?.default,
  );

/** A query value as the operation's parameter schema reads it (numbers, booleans, lists). */
function queryValue(schema, raw) {
  const types = [schema?.type].flat();
  if (types.includes('array')) return raw.split(',').map((item) => queryValue(schema.items, item));
  if ((types.includes('integer') || types.includes('number')) && raw.trim() !== '' && !isNaN(raw))
    return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/**
 * The checks of one exchange: `{part, index?, value, errors?, partial}`, `index` naming the
 * schema registered in `validators`, `errors` a miss found without a schema.
 */
function exchangeChecks(document, validators, { route, exchange }) {
  const { operation, item } = route;
  const checks = [];
  const response = ourResponse(document, operation, exchange.response.status);
  const body = recordedBody(exchange.response);
  const emptyBody = body === undefined || body === '';
  const trimmed = exchange.provenance === 'trimmed';
  if (!response) {
    checks.push({
      part: 'response',
      errors: [`our document does not describe status ${exchange.response.status}`],
    });
  } else if (response.content === undefined) {
    if (!emptyBody) checks.push({ part: 'response', errors: ['our document describes no body'] });
  } else {
    const mediaType =
      matchMediaType(response.content, exchange.response.contentType) ??
      (typeof body === 'string'
        ? Object.keys(response.content).find((m) => m.startsWith('text/'))
        : undefined);
    const schema = mediaType ? response.content[mediaType].schema : undefined;
    checks.push(
      schema
        ? { part: 'response', index: validators.add(schema), value: body, partial: trimmed }
        : {
            part: 'response',
            errors: [`our document has no schema for ${exchange.response.contentType}`],
          },
    );
  }

  const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
    .map((parameter) => deref(document, parameter))
    .filter((parameter) => parameter?.in === 'query');
  for (const name of Object.keys(exchange.query)) {
    if (!parameters.some((parameter) => parameter.name === name)) {
      checks.push({ part: `query ${name}`, errors: ['our document has no such query parameter'] });
    }
  }
  for (const parameter of parameters) {
    const raw = exchange.query[parameter.name];
    if (raw === undefined) continue;
    const schema = deref(document, parameter.schema);
    checks.push({
      part: `query ${parameter.name}`,
      index: validators.add(parameter.schema ?? {}),
      value: queryValue(schema, raw),
    });
  }

  if (exchange.body) {
    const content = deref(document, operation.requestBody)?.content;
    const mediaType = content ? matchMediaType(content, 'application/json') : undefined;
    checks.push(
      mediaType
        ? {
            part: 'request body',
            index: validators.add(content[mediaType].schema ?? {}),
            value: exchange.body.value,
            partial: exchange.body.partial,
          }
        : { part: 'request body', errors: ['our document describes no JSON request body'] },
    );
  }
  return checks;
}

// --- the check -----------------------------------------------------------------------------

function check(referenceDir, exchanges) {
  const ours = JSON.parse(readFileSync(artefacts().bundleJson, 'utf8'));
  const validators = createValidatorSet(
    'https://brokerage.invalid/openapi.json',
    ours.components?.schemas ?? {},
  );
  const match = createRouteMatcher(
    documentOperations(ours).map(({ path, method, item, operation }) => ({
      method,
      path,
      item,
      operation,
    })),
  );

  const notCovered = [];
  const covered = [];
  for (const exchange of exchanges) {
    const fixture = `${exchange.collection}/${exchange.fixture}`;
    if (exchange.notCovered) {
      notCovered.push({ fixture, reason: exchange.notCovered });
      continue;
    }
    const found = match(exchange.method, exchange.path);
    if (!found) {
      notCovered.push({
        fixture,
        provenance: exchange.provenance,
        reason: `our document has no operation for ${exchange.method} ${exchange.path}`,
      });
      continue;
    }
    covered.push({
      fixture,
      exchange,
      operationId: found.route.operation.operationId,
      checks: exchangeChecks(ours, validators, { route: found.route, exchange }),
    });
  }

  const validate = validators.compile();
  const records = loadDifferences(
    differencesFile,
    ['fixture', 'operationId', 'decision', 'reason'],
    (entry) => differenceKey(entry.fixture, entry.operationId),
  );
  const results = covered.map(({ fixture, exchange, operationId, checks }) => {
    const misses = checks.flatMap((entry) => {
      const errors =
        entry.errors?.map((message) => ({ pointer: '', message })) ??
        validate(entry.index, entry.value).errors.filter(
          // A trimmed fixture or a partial body matcher says nothing of the fields it lacks.
          (error) => !(entry.partial && error.keyword === 'required'),
        );
      return errors.length === 0 ? [] : [{ part: entry.part, errors }];
    });
    const record = misses.length > 0 ? records.get(differenceKey(fixture, operationId)) : undefined;
    if (record) record.used = true;
    return {
      fixture,
      provenance: exchange.provenance,
      evidence: provenances[exchange.provenance].evidence,
      operationId,
      method: exchange.method,
      path: exchange.path,
      status: exchange.response.status,
      valid: misses.length === 0,
      misses,
      recorded: record ? { decision: record.decision, reason: record.reason } : null,
    };
  });

  const byProvenance = Object.fromEntries(
    Object.keys(provenances)
      .map((provenance) => {
        const own = results.filter((r) => r.provenance === provenance);
        return [provenance, { validated: own.filter((r) => r.valid).length, total: own.length }];
      })
      .filter(([, figure]) => figure.total > 0),
  );
  const failing = results.filter((r) => !r.valid);
  return {
    reference: { dir: join(referenceDir, 'recorded') },
    figure: {
      validated: results.length - failing.length,
      total: results.length,
      byProvenance,
      notCovered: notCovered.length,
      recorded: failing.filter((r) => r.recorded).length,
      unrecorded: failing.filter((r) => !r.recorded && r.evidence).length,
      notEvidence: failing.filter((r) => !r.recorded && !r.evidence).length,
    },
    results,
    notCovered,
    staleRecords: staleRecords(records),
  };
}

// --- report --------------------------------------------------------------------------------

function printReport(report) {
  const { figure, results, notCovered } = report;
  const log = (line = '') => console.log(line);
  log(
    `recorded: ${figure.validated}/${figure.total} recorded answers validate (${figure.recorded} recorded differences, ${figure.unrecorded} unrecorded, ${figure.notEvidence} in fixtures that are not evidence)`,
  );
  for (const [provenance, { validated, total }] of Object.entries(figure.byProvenance)) {
    log(`  ${validated}/${total} ${provenances[provenance].label}`);
  }
  log(`  read from ${report.reference.dir}`);
  if (notCovered.length > 0) {
    log();
    log(`not covered (${notCovered.length}):`);
    for (const entry of notCovered) log(`- ${entry.fixture}: ${entry.reason}`);
  }
  const failing = results.filter((r) => !r.valid);
  if (failing.length > 0) {
    log();
    log('misses:');
  }
  for (const result of failing) {
    const state = result.recorded
      ? `recorded ${result.recorded.decision}`
      : result.evidence
        ? 'unrecorded'
        : 'not evidence';
    log(
      `- ${result.fixture} (${result.provenance}): ${result.operationId} ${result.method} ${result.path} ${result.status} [${state}]`,
    );
    if (result.recorded) log(`    reason: ${result.recorded.reason}`);
    for (const miss of result.misses) {
      for (const error of miss.errors.slice(0, maxErrorsShown)) {
        log(`    ${miss.part} ${error.pointer}: ${error.message}`);
      }
      if (miss.errors.length > maxErrorsShown) {
        log(`    ${miss.part}: ... ${miss.errors.length - maxErrorsShown} more`);
      }
    }
  }
  if (report.staleRecords.length > 0) {
    log();
    log(`${relative(repoRoot, differencesFile)}: records that match no miss (remove them):`);
    for (const stale of report.staleRecords) log(`  ${stale.key} (${stale.decision})`);
  }
}

// --- main ----------------------------------------------------------------------------------

const options = parseCheckOptions(process.argv.slice(2), 'check-recorded.mjs');
const referenceDir = locateReference();
const exchanges = loadRecordings(referenceDir);
if (!exchanges) {
  const notice = `recorded: skipped, no recorded answers (${join(referenceDir, 'recorded')} not found; set BROKERAGE_REFERENCE_DIR to the reference folder)`;
  if (options.jsonStdout) console.log(JSON.stringify({ skipped: notice }, null, 2));
  else console.log(notice);
  process.exit(0);
}

const report = check(referenceDir, exchanges);
const json = `${JSON.stringify(report, null, 2)}\n`;
if (options.jsonPath) writeFileSync(options.jsonPath, json);
if (options.jsonStdout) process.stdout.write(json);
else printReport(report);
if (options.strict && report.figure.unrecorded > 0) {
  console.error(`recorded: ${report.figure.unrecorded} unrecorded differences (--strict)`);
  process.exit(1);
}
