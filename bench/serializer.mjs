#!/usr/bin/env node
// How an answer's body becomes its JSON text, compared on answers the server gives (issue 44):
// `JSON.stringify` of a fresh body (what the server does for a body made for one request), a
// serializer compiled from the operation's response schema by fast-json-stringify (the
// well-kept library of the kind, Fastify's), and the server's `jsonText` on a body it keeps
// (a frozen view, such as the ledger within its second: the text made once, found again).
// Bodies from a sandbox (`@brokerage/testing`); each case timed in rounds, interleaved, medians
// of µs per body. Run after a build: `node bench/serializer.mjs [--rounds 7]`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import fastJson from 'fast-json-stringify';
import { startSandbox } from '@brokerage/testing';
import { median } from './lib/stats.mjs';

const { values: flags } = parseArgs({ options: { rounds: { type: 'string', default: '7' } } });
const require = createRequire(import.meta.url);
const document = JSON.parse(readFileSync(require.resolve('@brokerage/types/openapi.json'), 'utf8'));
// The server's kept-text serialiser, from its build (not part of its exports).
const { jsonText } = await import(
  new URL('../packages/server/dist/http/json-body.js', import.meta.url)
);

const sandbox = await startSandbox();
const get = async (path) => {
  const response = await fetch(`${sandbox.baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
};
await get('/v1/api/iserver/accounts');
await get('/v1/api/portfolio/accounts');
const cases = [
  {
    name: 'GET ledger',
    body: await get('/v1/api/portfolio/U1234567/ledger'),
    path: '/v1/api/portfolio/{accountId}/ledger',
  },
  {
    name: 'GET history (1000 bars)',
    body: await get(
      '/v1/api/iserver/marketdata/history?conid=265598&period=5d&bar=1min&outsideRth=true',
    ),
    path: '/v1/api/iserver/marketdata/history',
  },
];
await sandbox.close();

/** A deeply frozen copy: what the server keeps. */
const frozen = (value) => {
  if (value && typeof value === 'object') {
    for (const member of Object.values(value)) frozen(member);
    Object.freeze(value);
  }
  return value;
};

/** µs per call of `run` over `count` calls. */
function time(run, count) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / count;
}

const results = [];
/** The operation's 200 JSON schema, its references into the document named `doc`. */
const answerSchema = (path) => {
  const { $ref } = document.paths[path].get.responses['200'].content['application/json'].schema;
  return { $ref: `doc${$ref}` };
};

for (const { name, body, path } of cases) {
  const compiled = fastJson(answerSchema(path), { schema: { doc: { $id: 'doc', ...document } } });
  const text = JSON.stringify(body);
  const same = compiled(body) === text;
  const kept = frozen(structuredClone(body));
  jsonText(kept);
  const fresh = () => structuredClone(body);
  const count = Math.max(20, Math.round(200_000 / text.length));
  const runs = { stringify: [], fastJsonStringify: [], kept: [], clone: [] };
  for (let round = 0; round < Number(flags.rounds); round++) {
    // A fresh body per call, as a handler makes one; the copy's own cost is timed apart.
    const bodies = Array.from({ length: count }, fresh);
    let i = 0;
    runs.clone.push(time(fresh, count));
    runs.stringify.push(time(() => JSON.stringify(bodies[i++ % count]), count));
    i = 0;
    runs.fastJsonStringify.push(time(() => compiled(bodies[i++ % count]), count));
    runs.kept.push(time(() => jsonText(kept), count));
  }
  results.push({
    name,
    bytes: text.length,
    sameText: same,
    usPerBody: Object.fromEntries(
      Object.entries(runs)
        .filter(([key]) => key !== 'clone')
        .map(([key, values]) => [key, Number(median(values).toFixed(2))]),
    ),
  });
}
console.log(
  JSON.stringify({ node: process.version, rounds: Number(flags.rounds), results }, null, 2),
);
