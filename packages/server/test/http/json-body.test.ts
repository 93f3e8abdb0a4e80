// Answers are serialised with the text of frozen parts kept: the text must be what
// `JSON.stringify` writes, and a part that can still change must never be served stale.
import { jsonText } from '../../src/http/json-body.js';
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
