#!/usr/bin/env node
// The payloads the Python validators' agreement test (tests/test_agreement.py) checks, each with
// @brokerage/validators' verdict and errors, as JSON on stdout:
// - the TypeScript agreement test's payloads: the document's examples of each operation's
//   responses and their mutations (packages/validators/test/document-examples.mjs), and its
//   requests' bodies (request-cases.mjs);
// - the document's examples of request bodies and their mutations (validateRequest's body part);
// - the component schemas' own examples and their mutations;
// - the answers recorded from the service (the reference folder's `recorded/`, when present).
// Usage: node packages/python/scripts/validator-corpus.mjs   (after the validators' build)
import { documentOperations } from '../../types/document-operations.mjs';
import { createRouteMatcher } from '../../types/dist/routes.js';
import { validate, validateRequest, validateResponse } from '../../validators/dist/index.js';
import { document, documentExamples, mutations } from '../../validators/test/document-examples.mjs';
import { requestCases } from '../../validators/test/request-cases.mjs';
import { loadRecordings, recordedBody } from '../../../scripts/recordings.mjs';
import { referenceDir } from '../../../scripts/reference.mjs';

const withVariants = (value) => [['the example', value], ...mutations(value)];

function responseCases() {
  return documentExamples()
    .filter((e) => e.kind === 'response' && e.mediaType === 'application/json')
    .flatMap((e) =>
      withVariants(e.value).map(([variant, body]) => ({
        source: 'document examples',
        name: `${e.operationId} ${e.status} ${e.name} (${variant})`,
        operationId: e.operationId,
        status: e.status,
        body,
      })),
    );
}

function requestBodyCases() {
  const examples = documentExamples()
    .filter((e) => e.kind === 'request')
    .flatMap((e) =>
      withVariants(e.value).map(([variant, body]) => ({
        source: 'request examples',
        name: `${e.operationId} ${e.mediaType} ${e.name} (${variant})`,
        operationId: e.operationId,
        request: true,
        contentType: e.mediaType,
        body,
      })),
    );
  const agreement = requestCases.map((c) => ({
    source: 'agreement requests',
    name: `${c.operationId} ${c.path} ${JSON.stringify(c.body)}`,
    operationId: c.operationId,
    request: true,
    ...(c.body === undefined ? {} : { body: c.body }),
  }));
  return [...examples, ...agreement];
}

/** validateRequest's verdict on the body alone (no path or query given: their errors are not the body's). */
function requestBodyResult(c) {
  const { errors } = validateRequest(c.operationId, {
    ...(c.body === undefined ? {} : { body: c.body }),
    ...(c.contentType === undefined ? {} : { contentType: c.contentType }),
  });
  const bodyErrors = errors.filter((e) => e.location === 'body' || e.location === 'content-type');
  return { valid: bodyErrors.length === 0, errors: bodyErrors };
}

function schemaCases() {
  return Object.entries(document.components.schemas ?? {}).flatMap(([name, schema]) =>
    (schema.examples ?? []).flatMap((example, index) =>
      withVariants(example).map(([variant, payload]) => ({
        source: 'schema examples',
        name: `${name} #${index} (${variant})`,
        schema: name,
        body: payload,
      })),
    ),
  );
}

function recordedCases() {
  const exchanges = loadRecordings(referenceDir()) ?? [];
  const match = createRouteMatcher(
    documentOperations(document).map(({ path, method, operation }) => ({
      method,
      path,
      operation,
    })),
  );
  return exchanges.flatMap((exchange) => {
    if (exchange.notCovered) return [];
    const found = match(exchange.method, exchange.path);
    const body = recordedBody(exchange.response);
    if (!found || body === undefined || typeof body === 'string') return [];
    return [
      {
        source: 'recorded answers',
        name: `${exchange.collection}/${exchange.fixture}`,
        operationId: found.route.operation.operationId,
        status: String(exchange.response.status),
        contentType: exchange.response.contentType,
        body,
      },
    ];
  });
}

const cases = [...responseCases(), ...requestBodyCases(), ...schemaCases(), ...recordedCases()].map(
  (c) => {
    const result = c.request
      ? requestBodyResult(c)
      : c.schema === undefined
        ? validateResponse(c.operationId, c.status, c.body, c.contentType)
        : validate(c.schema, c.body);
    return { ...c, valid: result.valid, errors: result.errors };
  },
);
process.stdout.write(`${JSON.stringify(cases)}\n`);
