// Child process: the reference server on 127.0.0.1 and a free port, without pacing, in gateway
// mode (`--hosted`: hosted mode), with its WebSocket /v1/api/ws. Prints `{"url": ...}` on one
// line once it listens; `--no-validation` turns request and response validation off (the floor).
import { createServer as createHttpServer } from 'node:http';
import { pathToFileURL } from 'node:url';

// BENCH_SERVER: another build's server entry (`<checkout>/packages/server/dist/app.js`), to
// measure two builds with the same bench (`run.mjs --server`).
const { createServer } = await import(
  process.env.BENCH_SERVER ? pathToFileURL(process.env.BENCH_SERVER).href : '@brokerage/server'
);

const validation = !process.argv.includes('--no-validation');
const server = createServer({
  mode: process.argv.includes('--hosted') ? 'hosted' : 'gateway',
  pacing: false,
  validateRequests: validation,
  validateResponses: validation,
});
const listener = createHttpServer(server.app);
listener.keepAliveTimeout = 60_000;
// A build from before the streaming socket has none.
server.streaming?.attach(listener);
listener.listen(0, '127.0.0.1', () => {
  const address = listener.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.streaming?.close();
  listener.close(() => process.exit(0));
});
