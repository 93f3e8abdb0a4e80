// Child process: a bare Express 5 app answering fixed bytes per route: the framework's own floor.
// Routes come from a JSON file given as the first argument: [{ method, path, status, type, body }].
// The JSON body parser runs as in the reference server, so that a POST costs its parsing here too.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import express from 'express';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = express();
app.use(express.json());
for (const route of routes) {
  app[route.method.toLowerCase()](route.path, (_request, response) => {
    response.status(route.status).type(route.type).send(route.body);
  });
}
const listener = createServer(app);
listener.keepAliveTimeout = 60_000;
listener.listen(0, '127.0.0.1', () => {
  const { port } = listener.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => listener.close(() => process.exit(0)));
