// The server's app is entered without Express's router walk (http/app-entry.ts): used as a
// middleware of a user's own Express app (after the user's routes), it must still parse the query
// as Express does, answer what it serves, and leave the parent's own routes to the parent.
import { once } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createServer, type BrokerageServer } from '../../src/index.js';
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { StrictMemoryStore } from '../../src/testing.js';

describe('the server mounted in another Express app', () => {
  let server: BrokerageServer;
  let listener: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer({
      mode: 'gateway',
      pacing: false,
      clock: new ManualClock(Date.UTC(2026, 10, 24, 15)),
      store: new StrictMemoryStore(),
    });
    await server.ready;
    const parent = express();
    parent.get('/elsewhere', (_req, res) => {
      res.json({ from: 'parent', query: _req.query });
    });
    parent.use(server.app);
    listener = createHttpServer(parent).listen(0, '127.0.0.1');
    await once(listener, 'listening');
    baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    listener.close();
    await server.close();
  });

  const get = async (path: string) => {
    const response = await fetch(baseUrl + path);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('answers a documented operation in the parent, with its query parsed', async () => {
    const accounts = await get('/v1/api/iserver/accounts');
    expect(accounts.status).toBe(200);
    const search = await get('/v1/api/iserver/secdef/search?symbol=AAPL');
    expect(search.status).toBe(200);
    expect(search.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ conid: '265598', symbol: 'AAPL' })]),
    );
  });

  it('refuses what the document does not serve, in its own shape, in the parent', async () => {
    const answer = await get('/v1/api/no/such/operation');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });

  it("leaves the parent's own routes to the parent, with Express's query parser", async () => {
    const answer = await get('/elsewhere?a[b]=1&c=2');
    expect(answer).toEqual({
      status: 200,
      body: { from: 'parent', query: { 'a[b]': '1', c: '2' } },
    });
  });

  it("answers a query in the server's extended form as Express parses it", async () => {
    // An unknown query parameter is refused by the validator naming it as Express's extended
    // parser read it: `filter[side]` becomes `filter`.
    const answer = await get('/v1/api/iserver/accounts?filter[side]=BUY');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: "Bad Request: Unknown query parameter 'filter'",
      statusCode: 400,
    });
  });
});
