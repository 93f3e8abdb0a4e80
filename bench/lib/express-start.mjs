// The reference of lib/sandbox-first-test.mjs, in a fresh process the same way: the import of
// Express, a bare app listening on a free loopback port, then 10 calls answered with fixed bytes.
// What any in-process HTTP sandbox pays at least on this machine at this moment; printed as JSON
// with the same keys (ms).
const imported = performance.now();
const processCpu = process.cpuUsage();
const [{ default: express }, { createServer }] = await Promise.all([
  import('express'),
  import('node:http'),
]);
const importMs = performance.now() - imported;

const started = performance.now();
const cpu = process.cpuUsage();
const app = express();
app.get('/v1/api/iserver/accounts', (_request, response) => {
  response.json({ accounts: ['U1234567'], selectedAccount: 'U1234567' });
});
const listener = createServer(app);
await new Promise((resolve) => listener.listen(0, '127.0.0.1', resolve));
const startMs = performance.now() - started;
const importStartCpu = process.cpuUsage(processCpu);
const baseUrl = `http://127.0.0.1:${listener.address().port}`;
for (let call = 0; call < 10; call++) {
  const response = await fetch(`${baseUrl}/v1/api/iserver/accounts`);
  await response.text();
}
const sandboxMs = performance.now() - started;
const used = process.cpuUsage(cpu);
listener.closeAllConnections();
await new Promise((resolve) => listener.close(resolve));
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
