// One test file's set-up, as a user's jest file runs it in a fresh process: the sandbox started,
// then the first call of 10 different operations through its typed client. Prints the times (ms)
// as JSON: `importMs` (loading @brokerage/testing, before `useSandbox()`), `startMs`, `callsMs`,
// `sandboxMs` (start + calls: the time spent in the sandbox before the first test) and
// `sandboxCpuMs` (this process's CPU time over the same span). BENCH_TESTING_ENTRY: another
// build's packages/testing/dist/index.js (the "before" of a change).
const imported = performance.now();
const processCpu = process.cpuUsage();
const { startSandbox } = await import(process.env.BENCH_TESTING_ENTRY ?? '@brokerage/testing');
const importMs = performance.now() - imported;

const accountId = 'U1234567';
const AAPL = 265598;
/** Ten operations a user's first test would plausibly call, each a route of its own. */
const calls = [
  (c) => c.GET('/v1/api/iserver/auth/status'),
  (c) => c.GET('/v1/api/iserver/accounts'),
  (c) => c.GET('/v1/api/portfolio/accounts'),
  (c) => c.GET('/v1/api/portfolio/{accountId}/ledger', { params: { path: { accountId } } }),
  (c) =>
    c.GET('/v1/api/portfolio/{accountId}/positions/{pageId}', {
      params: { path: { accountId, pageId: 0 } },
    }),
  (c) => c.GET('/v1/api/iserver/account/orders'),
  (c) => c.GET('/v1/api/iserver/account/trades'),
  (c) => c.GET('/v1/api/iserver/secdef/search', { params: { query: { symbol: 'AAPL' } } }),
  (c) =>
    c.GET('/v1/api/iserver/marketdata/snapshot', {
      params: { query: { conids: String(AAPL), fields: '31,84,86' } },
    }),
  (c) =>
    c.POST('/v1/api/iserver/account/{accountId}/orders', {
      params: { path: { accountId } },
      body: {
        orders: [{ conid: AAPL, orderType: 'LMT', side: 'BUY', tif: 'DAY', price: 1, quantity: 1 }],
      },
    }),
];

const started = performance.now();
const cpu = process.cpuUsage();
const sandbox = await startSandbox();
const startMs = performance.now() - started;
const importStartCpu = process.cpuUsage(processCpu);
for (const call of calls) {
  const { response } = await call(sandbox.client);
  if (response.status >= 500) throw new Error(`${response.url}: ${response.status}`);
}
const sandboxMs = performance.now() - started;
const used = process.cpuUsage(cpu);
await sandbox.close();
process.stdout.write(
  `${JSON.stringify({
    importMs,
    startMs,
    callsMs: sandboxMs - startMs,
    sandboxMs,
    sandboxCpuMs: (used.user + used.system) / 1000,
    importStartCpuMs: (importStartCpu.user + importStartCpu.system) / 1000,
  })}\n`,
);
