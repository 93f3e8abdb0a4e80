// Child process: the reference server on 127.0.0.1 and a free port, without pacing, in gateway
// mode (`--hosted`: hosted mode), with its WebSocket /v1/api/ws. Prints `{"url": ...}` on one
// line once it listens; `--no-validation` turns request and response validation off (the floor);
// `--server <checkout>/packages/server/dist/index.js` runs another build's server (default: this
// workspace's `@brokerage/server`), to measure two builds with the same cases.
import { createServer as createHttpServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    'no-validation': { type: 'boolean', default: false },
    hosted: { type: 'boolean', default: false },
    server: { type: 'string' },
  },
});
const { createServer } = await import(
  flags.server ? pathToFileURL(flags.server).href : '@brokerage/server'
);

const validation = !flags['no-validation'];
const server = createServer({
  mode: flags.hosted ? 'hosted' : 'gateway',
  pacing: false,
  testConsumer: true,
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
