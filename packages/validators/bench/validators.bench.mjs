// Validations per second: these generated validators, Ajv compiling the same schemas at run time,
// and express-openapi-validator (in an Express app over loopback, net of the same app without it).
// Run after `build`: node bench/validators.bench.mjs
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { validate, validateRequest, validateResponse } from '../dist/index.js';

const require = createRequire(import.meta.url);
const documentPath = require.resolve('@brokerage/types/openapi.json');
const document = require('@brokerage/types/openapi.json');

const exampleOf = (media) => Object.values(media.examples)[0].value;
const ledger = exampleOf(
  document.paths['/v1/api/portfolio/{accountId}/ledger'].get.responses['200'].content[
    'application/json'
  ],
);
const placeOrders = exampleOf(
  document.paths['/v1/api/iserver/account/{accountId}/orders'].post.requestBody.content[
    'application/json'
  ],
);
const placeOrdersAnswer = exampleOf(
  document.paths['/v1/api/iserver/account/{accountId}/orders'].post.responses['200'].content[
    'application/json'
  ],
);
const trades = exampleOf(
  document.paths['/v1/api/iserver/account/trades'].get.responses['200'].content['application/json'],
);

function rate(run, seconds = 1) {
  for (let i = 0; i < 2000; i++) run(); // warm up
  let count = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 200; i++) run();
    count += 200;
  }
  return count / ((performance.now() - started) / 1000);
}

// Ajv compiling at run time, with express-openapi-validator's settings.
const compileStarted = performance.now();
const ajv = new Ajv2020.default({
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allErrors: true,
  validateSchema: false,
});
addFormats.default(ajv, { mode: 'fast' });
for (const name of ['int32', 'int64'])
  ajv.addFormat(name, { type: 'number', validate: (i) => Number.isInteger(i) });
ajv.addSchema({
  $id: 'https://bench/openapi.json',
  components: { schemas: document.components.schemas },
});
const runtime = {
  ledger: ajv.getSchema('https://bench/openapi.json#/components/schemas/Ledger'),
  placeOrders: ajv.getSchema('https://bench/openapi.json#/components/schemas/PlaceOrdersRequest'),
  trades: ajv.compile({
    type: 'array',
    items: { $ref: 'https://bench/openapi.json#/components/schemas/Trade' },
  }),
};
const compileMs = performance.now() - compileStarted;

const cases = [
  {
    name: 'Ledger (getLedger 200)',
    ours: () => validate('Ledger', ledger),
    runtime: () => runtime.ledger(ledger),
    http: { method: 'GET', path: '/v1/api/portfolio/U1234567/ledger', answer: ledger },
  },
  {
    name: 'PlaceOrdersRequest (schema only)',
    ours: () => validate('PlaceOrdersRequest', placeOrders),
    runtime: () => runtime.placeOrders(placeOrders),
    http: {
      method: 'POST',
      path: '/v1/api/iserver/account/U1234567/orders',
      body: placeOrders,
      answer: placeOrdersAnswer,
    },
  },
  {
    name: 'placeOrders request (path + query + body)',
    ours: () =>
      validateRequest('placeOrders', { params: { accountId: 'U1234567' }, body: placeOrders }),
    runtime: () => runtime.placeOrders(placeOrders),
    http: {
      method: 'POST',
      path: '/v1/api/iserver/account/U1234567/orders',
      body: placeOrders,
      answer: placeOrdersAnswer,
    },
  },
  {
    name: `Trade list, ${trades.length} trades (getTrades 200)`,
    ours: () => validateResponse('getTrades', 200, trades),
    runtime: () => runtime.trades(trades),
    http: { method: 'GET', path: '/v1/api/iserver/account/trades', answer: trades },
  },
];
for (const c of cases) {
  if (!c.ours().valid || !c.runtime()) throw new Error(`${c.name}: the payload should be valid`);
}

async function startApp(withValidator, c) {
  const app = express();
  app.use(express.json());
  if (withValidator) {
    app.use(
      OpenApiValidator.middleware({
        apiSpec: documentPath,
        validateRequests: true,
        validateResponses: true,
        validateSecurity: false,
        validateApiSpec: false,
      }),
    );
  }
  app.use((_req, res) => res.json(c.http.answer));
  app.use((error, _req, res, _next) => res.status(599).json({ error: String(error.message) }));
  const listener = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${listener.address().port}${c.http.path}`;
  const init = {
    method: c.http.method,
    headers: { 'content-type': 'application/json' },
    ...(c.http.body ? { body: JSON.stringify(c.http.body) } : {}),
  };
  const once = async () => {
    const response = await fetch(url, init);
    await response.text();
    if (response.status !== 200) throw new Error(`${c.name}: the app answered ${response.status}`);
  };
  for (let i = 0; i < 300; i++) await once();
  return {
    async secondsPerRequest(requests) {
      const started = performance.now();
      for (let i = 0; i < requests; i++) await once();
      return (performance.now() - started) / 1000 / requests;
    },
    close() {
      listener.closeAllConnections();
      listener.close();
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Seconds per request without and with the validator: interleaved rounds, medians (loopback is noisy). */
async function appTimes(c, rounds = 7, requests = 500) {
  const bareApp = await startApp(false, c);
  const eovApp = await startApp(true, c);
  const bare = [];
  const withEov = [];
  for (let round = 0; round < rounds; round++) {
    bare.push(await bareApp.secondsPerRequest(requests));
    withEov.push(await eovApp.secondsPerRequest(requests));
  }
  bareApp.close();
  eovApp.close();
  return { bare: median(bare), withEov: median(withEov) };
}

const format = (n) => Math.round(n).toLocaleString('en-US');
const rows = [];
for (const c of cases) {
  const ours = rate(c.ours);
  const compiled = rate(c.runtime);
  const { bare, withEov } = await appTimes(c);
  const eovPerSecond = 1 / Math.max(withEov - bare, 1e-9);
  rows.push(
    `| ${c.name} | ${format(ours)} | ${format(compiled)} | ${format(eovPerSecond)} | ${format(1 / withEov)} / ${format(1 / bare)} |`,
  );
}
console.log(
  `Node ${process.version}; run-time Ajv compile of the component schemas: ${compileMs.toFixed(0)} ms (the generated validators: 0 ms).`,
);
console.log('');
console.log(
  '| payload | @brokerage/validators (validations/s) | Ajv compiled at run time (validations/s) | express-openapi-validator (validations/s, net) | Express over loopback with / without it (requests/s) |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
console.log('');
console.log(
  'express-openapi-validator: net = 1 / (median time per request with it - without it), same app and payload, 7 interleaved rounds of 500 sequential requests.',
);
