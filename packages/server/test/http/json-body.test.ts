// Answers are serialised with the text of frozen parts kept: the text must be what
// `JSON.stringify` writes, and a part that can still change must never be served stale.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { jsonText, sendJson } from '../../src/http/json-body.js';
import { startServer, type Harness } from '../harness.js';
import { defined, limitBuy, tradingCalls } from '../trading-helpers.js';

const deepFreeze = <T extends object>(value: T): T => {
  for (const member of Object.values(value)) {
    if (typeof member === 'object' && member !== null) deepFreeze(member);
  }
  return Object.freeze(value);
};

describe('JSON bodies with kept parts', () => {
  const views = [
    deepFreeze({ id: 1, side: 'BUY', price: '189.50', fills: [1, 2], detail: { a: null } }),
    deepFreeze({ id: 2, side: 'SELL', 'odd "key"': 'é\u2028', nested: [[{ deep: true }]] }),
  ];

  it.each([
    ['a list of kept views', { orders: views, snapshot: true }],
    ['members JSON leaves out', { a: undefined, b: () => 1, c: Symbol('s'), d: 1 }],
    ['array holes JSON writes as null', [undefined, () => 1, views[0], null]],
    ['values with toJSON', { at: new Date(Date.UTC(2026, 0, 5)), views }],
    ['objects without a prototype', Object.assign(Object.create(null) as object, { x: views })],
    ['scalars', 'text'],
    ['nothing', undefined],
    ['empty containers', { list: [], object: {}, frozen: Object.freeze({}) }],
    ['a frozen answer', deepFreeze({ orders: [{ id: 3 }], snapshot: false })],
  ])('writes %s as JSON.stringify does', (_name, body) => {
    expect(jsonText(body)).toBe(JSON.stringify(body));
    expect(jsonText(body)).toBe(JSON.stringify(body)); // again, from what was kept
  });

  it('never keeps a frozen object holding something that can change', () => {
    const mutable = { status: 'Submitted' };
    const view = Object.freeze({ id: 4, detail: mutable });
    expect(jsonText([view])).toBe(JSON.stringify([view]));
    mutable.status = 'Filled';
    expect(jsonText([view])).toContain('"status":"Filled"');
  });

  it('serialises a mutable answer afresh each time', () => {
    const order = { id: 5, status: 'Submitted' };
    const answer = { orders: [order] };
    expect(jsonText(answer)).toBe(JSON.stringify(answer));
    order.status = 'Cancelled';
    expect(jsonText(answer)).toBe(JSON.stringify(answer));
  });
});

describe("answers sent by sendJson, as Express's res.send sends them", () => {
  const body = { text: 'é'.repeat(600), list: [1, null, '2'] }; // over 1,000 bytes of UTF-8
  const head = (response: globalThis.Response) =>
    ['content-type', 'content-length', 'etag', 'transfer-encoding'].map((name) => [
      name,
      response.headers.get(name),
    ]);

  async function answers(configure: (app: express.Express) => void) {
    const ours = express();
    const express5 = express();
    ours.response.json = sendJson;
    for (const app of [ours, express5]) {
      configure(app);
      app.all('/answer/:status', (req, res) => {
        res.status(Number(req.params.status));
        if (req.query.type) res.type(String(req.query.type));
        res.json(body);
      });
    }
    const listeners = [ours.listen(0, '127.0.0.1'), express5.listen(0, '127.0.0.1')];
    await Promise.all(listeners.map((listener) => once(listener, 'listening')));
    const urls = listeners.map(
      (listener) => `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    );
    return {
      async compare(path: string, method = 'GET') {
        const [mine, theirs] = (await Promise.all(
          urls.map((url) => fetch(`${url}${path}`, { method })),
        )) as [globalThis.Response, globalThis.Response];
        const [mineText, theirText] = [await mine.text(), await theirs.text()];
        expect(mine.status).toBe(theirs.status);
        expect(head(mine)).toEqual(head(theirs));
        expect(mineText).toBe(theirText);
        return { status: mine.status, headers: head(mine), text: mineText };
      },
      close: () =>
        Promise.all(
          listeners.map((listener) => {
            listener.closeAllConnections();
            return new Promise((resolve) => listener.close(resolve));
          }),
        ),
    };
  }

  it('has the same status, head and bytes, whatever the status, type and method', async () => {
    const servers = await answers((app) => app.set('etag', false));
    try {
      const plain = await servers.compare('/answer/200');
      expect(plain.text).toBe(JSON.stringify(body));
      expect(plain.headers).toContainEqual(['content-type', 'application/json; charset=utf-8']);
      await servers.compare(`/answer/201?type=${encodeURIComponent('application/problem+json')}`);
      expect((await servers.compare('/answer/204')).text).toBe('');
      await servers.compare('/answer/205');
      expect((await servers.compare('/answer/200', 'HEAD')).text).toBe('');
    } finally {
      await servers.close();
    }
  });

  it('makes the ETag an app asks for', async () => {
    const servers = await answers(() => undefined); // Express's default: weak ETags
    try {
      const answer = await servers.compare('/answer/200');
      expect(answer.headers.find(([name]) => name === 'etag')?.[1]).toMatch(/^W\//);
    } finally {
      await servers.close();
    }
  });
});

describe('the open orders served with kept views', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('answers a changed order with its new view, not the kept text of the old one', async () => {
    const calls = tradingCalls(server);
    calls.accountsQueried();
    const placed = await calls.place(limitBuy(1, 189));
    const orderId = defined(placed.body[0]?.order_id as string | undefined, 'order id');
    await calls.openOrders(); // the service's first call answers no orders
    const priceOf = async () =>
      ((await calls.openOrders()).body.orders as { orderId: number; price?: string }[]).find(
        (order) => String(order.orderId) === orderId,
      )?.price;
    expect(await priceOf()).toBe('189.00');
    expect((await calls.modify(orderId, limitBuy(1, 188.5))).status).toBe(200);
    expect(await priceOf()).toBe('188.50');
  });
});
