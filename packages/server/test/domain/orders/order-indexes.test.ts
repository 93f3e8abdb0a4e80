// The order book's indexes, price book and retention, against scans of the stored records.
import fc from 'fast-check';
import type { Session } from '../../../src/domain/accounts/sessions.js';
import { dayMs, startOfUtcDay } from '../../../src/domain/kernel/time-format.js';
import { checkFill, wakeOf } from '../../../src/domain/orders/fills.js';
import { isWorking, type Order } from '../../../src/domain/orders/model.js';
import { statusClassOf } from '../../../src/domain/orders/order-records.js';
import type { OrderRequest } from '../../../src/domain/orders/order-request.js';
import type { Services } from '../../../src/compose/services.js';
import { AAPL, MSFT, limitBuy } from '../../trading-helpers.js';
import { accountId, domain } from '../services.js';

/** Every warning of the rule table, accepted in advance: these tests are about the book. */
const warningIds = ['o10151', 'o163', 'o354', 'o383', 'o451', 'o2137'];

const limitSell = (quantity: number, price: number, extra: Partial<OrderRequest> = {}) =>
  limitBuy(quantity, price, { side: 'SELL', ...extra });

/** A live session of the account's user that queried its accounts, warnings suppressed. */
function sessionOf(services: Services): Session {
  const user = services.brokerage.user('demo_individual');
  if (!user) throw new Error('demo_individual is missing');
  const session = services.brokerage.sessions.open(user, {
    origin: 'control',
    brokerageOpen: true,
  });
  session.accountsQueried = true;
  services.orders.questions.suppress(session.id, warningIds);
  return session;
}

const ids = (orders: readonly Order[]) => orders.map((order) => order.id);
const byId = (a: Order, b: Order) => a.id - b.id;

/** What every lookup of the order records answers, computed by a scan of the stored orders. */
function expectIndexesMatchScan(services: Services, session: Session): void {
  const { store, clock } = services.brokerage;
  const { records } = services.orders.matching;
  services.orders.matching.expire(); // what every request does first: day orders of past days end
  const stored = store.collection('orders').values();
  const today = startOfUtcDay(clock.now());
  const ofAccount = stored
    .filter((order) => order.accountId === accountId || order.allocatedTo === accountId)
    .sort(byId);
  for (const statusClass of ['open', 'done'] as const) {
    expect(ids(records.ofAccount(accountId, [statusClass]))).toEqual(
      ids(ofAccount.filter((order) => statusClassOf(order.status) === statusClass)),
    );
  }
  expect(ids(services.orders.list(session, accountId))).toEqual(
    ids(ofAccount.filter((order) => isWorking(order.status) || order.updatedAt >= today)),
  );
  expect(ids(records.open().sort(byId))).toEqual(
    ids(stored.filter((order) => isWorking(order.status)).sort(byId)),
  );
  for (const conid of [AAPL, MSFT]) {
    for (const side of ['BUY', 'SELL'] as const) {
      const open = stored.filter(
        (order) =>
          isWorking(order.status) &&
          order.allocatedTo === accountId &&
          order.conid === conid &&
          order.side === side,
      );
      expect(records.hasOpenIn(accountId, conid, side)).toBe(open.length > 0);
      for (const order of open) {
        expect(records.hasOpenIn(accountId, conid, side, order.id)).toBe(open.length > 1);
      }
    }
  }
  for (const order of stored) {
    if (order.cOID !== undefined) {
      expect(records.withRef(order.accountId, order.cOID)).toContainEqual(order);
    }
    expect(records.childrenOf(order.id).sort(byId)).toEqual(
      stored.filter((child) => child.parentOrderId === order.id).sort(byId),
    );
  }
  // The price book: every open order that the current price would move is woken by it.
  for (const conid of [AAPL, MSFT]) {
    const last = services.brokerage.market.price(conid);
    if (last === undefined) continue;
    const moved = stored.filter((order) => {
      if (order.conid !== conid || !isWorking(order.status) || order.awaitsParent) return false;
      const check = checkFill(order, last);
      return (
        check.fillPrice !== undefined ||
        check.triggered !== order.triggered ||
        (check.stopPrice ?? order.stopPrice) !== order.stopPrice
      );
    });
    const woken = new Set(ids(records.wokenBy(conid, last)));
    for (const order of moved) expect(woken.has(order.id)).toBe(true);
  }
  const executions = store.collection('executions').values();
  expect(
    services.orders
      .executions(session, 7)
      .map((execution) => execution.id)
      .sort(),
  ).toEqual(
    executions
      .filter((execution) => execution.time >= today - 6 * dayMs)
      .map((execution) => execution.id)
      .sort(),
  );
}

/** One step of a random trading history. */
type Step =
  | {
      kind: 'place';
      conid: number;
      side: 'BUY' | 'SELL';
      offset: number;
      tif: 'DAY' | 'GTC';
      ref: boolean;
    }
  | { kind: 'bracket'; offset: number }
  | { kind: 'stop'; side: 'BUY' | 'SELL'; offset: number }
  | { kind: 'modify'; pick: number; offset: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'price'; conid: number; offset: number }
  | { kind: 'advance'; hours: number };

const offset = fc.integer({ min: -30, max: 30 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    conid: fc.constantFrom(AAPL, MSFT),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    offset,
    tif: fc.constantFrom('DAY' as const, 'GTC' as const),
    ref: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('bracket' as const), offset }),
  fc.record({
    kind: fc.constant('stop' as const),
    side: fc.constantFrom('BUY' as const, 'SELL' as const),
    offset,
  }),
  fc.record({ kind: fc.constant('modify' as const), pick: fc.nat(), offset }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('price' as const), conid: fc.constantFrom(AAPL, MSFT), offset }),
  fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 30 }) }),
);

const basePrices = { [AAPL]: 190, [MSFT]: 410 } as Record<number, number>;
const priceNear = (conid: number, offset: number) =>
  Math.round((basePrices[conid] ?? 100) * (1 + offset / 1000) * 100) / 100;

function run(services: Services, session: Session, history: readonly Step[]): Session {
  const { brokerage, orders } = services;
  let live = session;
  let refs = 0;
  for (const [index, action] of history.entries()) {
    if (!brokerage.sessions.find(live.id)) live = sessionOf(services);
    const working = orders.matching.records.ofAccount(accountId, ['open']);
    const picked = (pick: number) => working[pick % Math.max(working.length, 1)];
    switch (action.kind) {
      case 'place': {
        const price = priceNear(action.conid, action.offset);
        const extra: Partial<OrderRequest> = {
          conid: action.conid,
          tif: action.tif,
          ...(action.ref ? { cOID: `ref-${refs++ % 3}` } : {}),
        };
        orders.place(live, accountId, [
          action.side === 'BUY' ? limitBuy(1, price, extra) : limitSell(1, price, extra),
        ]);
        break;
      }
      case 'bracket': {
        const parentRef = `bracket-${index}`;
        const price = priceNear(AAPL, action.offset);
        orders.place(live, accountId, [
          limitBuy(1, price, { cOID: parentRef, tif: 'GTC' }),
          limitSell(1, priceNear(AAPL, action.offset + 20), { parentId: parentRef, tif: 'GTC' }),
          {
            ...limitSell(1, priceNear(AAPL, action.offset - 20), {
              parentId: parentRef,
              tif: 'GTC',
            }),
            orderType: 'STP',
          },
        ]);
        break;
      }
      case 'stop':
        orders.place(live, accountId, [
          {
            ...limitBuy(1, priceNear(AAPL, action.offset), { side: action.side, tif: 'GTC' }),
            orderType: 'STP',
          },
        ]);
        break;
      case 'modify': {
        const order = picked(action.pick);
        if (order?.orderType === 'LMT' && order.parentOrderId === undefined) {
          orders.modify(live, accountId, order.id, {
            conid: order.conid,
            orderType: 'LMT',
            side: order.side,
            tif: order.tif,
            quantity: 1,
            price: priceNear(order.conid, action.offset),
          });
        }
        break;
      }
      case 'cancel': {
        const order = picked(action.pick);
        if (order) orders.cancel(live, accountId, order.id);
        break;
      }
      case 'price':
        brokerage.market.setPrice(action.conid, priceNear(action.conid, action.offset));
        break;
      case 'advance':
        (brokerage.clock as unknown as { advance(ms: number): void }).advance(
          action.hours * 3_600_000,
        );
        break;
    }
  }
  return brokerage.sessions.find(live.id) ?? sessionOf(services);
}

describe('the order book indexes', () => {
  it('answer what a scan of the stored orders answers, over random histories', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (history) => {
        const { services } = domain();
        services.brokerage.market.setPrice(AAPL, priceNear(AAPL, 0));
        services.brokerage.market.setPrice(MSFT, priceNear(MSFT, 0));
        const session = run(services, sessionOf(services), history);
        expectIndexesMatchScan(services, session);
      }),
      { numRuns: 60 },
    );
  });

  it('are kept through place, modify, cancel, fill and reset', () => {
    const { services } = domain();
    const { brokerage, orders } = services;
    const { records } = orders.matching;
    let session = sessionOf(services);
    brokerage.market.setPrice(AAPL, 190);
    orders.place(session, accountId, [limitBuy(1, 189, { cOID: 'first' })]);
    orders.place(session, accountId, [limitSell(1, 195)]);
    const [buy, sell] = records.ofAccount(accountId, ['open']);
    if (!buy || !sell) throw new Error('two open orders expected');
    expect(records.withRef(accountId, 'first')).toEqual([buy]);
    expect(records.hasOpenIn(accountId, AAPL, 'BUY')).toBe(true);
    expect(records.hasOpenIn(accountId, AAPL, 'BUY', buy.id)).toBe(false);
    expect(records.hasOpenIn(accountId, AAPL, 'SELL')).toBe(true);
    expectIndexesMatchScan(services, session);

    orders.modify(session, accountId, buy.id, { ...limitBuy(1, 188), cOID: 'renamed' });
    expect(records.withRef(accountId, 'first')).toEqual([]);
    expect(records.withRef(accountId, 'renamed').map((order) => order.price)).toEqual([188]);
    expectIndexesMatchScan(services, session);

    orders.cancel(session, accountId, sell.id);
    expect(records.hasOpenIn(accountId, AAPL, 'BUY')).toBe(true);
    expect(records.hasOpenIn(accountId, AAPL, 'SELL')).toBe(false);
    expect(ids(records.ofAccount(accountId, ['done']))).toEqual([sell.id]);
    expectIndexesMatchScan(services, session);

    brokerage.market.setPrice(AAPL, 187.5);
    expect(records.get(buy.id)?.status).toBe('Filled');
    expect(records.open()).toEqual([]);
    expect(ids(records.ofAccount(accountId, ['done']))).toEqual([buy.id, sell.id]);
    expectIndexesMatchScan(services, session);

    orders.place(session, accountId, [limitBuy(1, 180)]);
    brokerage.load();
    session = sessionOf(services);
    expect(records.open()).toEqual([]);
    expect(records.ofAccount(accountId)).toEqual([]);
    expect(records.wokenBy(AAPL, 1)).toEqual([]);
    brokerage.market.setPrice(AAPL, 190);
    orders.place(session, accountId, [limitBuy(1, 185)]);
    const [fresh] = records.ofAccount(accountId);
    expect(ids(records.wokenBy(AAPL, 184))).toEqual([fresh?.id]);
    expectIndexesMatchScan(services, session);
  });
});

describe('matching on a price change', () => {
  it('reads and changes only the orders whose level the price crosses', () => {
    const { services } = domain();
    const { brokerage, orders } = services;
    const { records } = orders.matching;
    const session = sessionOf(services);
    brokerage.market.setPrice(AAPL, 200);
    // 200 resting buys from 199.00 down, 200 resting sells from 201.00 up, a cent apart.
    for (let i = 0; i < 200; i += 1) {
      orders.place(session, accountId, [limitBuy(1, 199 - i / 100)]);
      orders.place(session, accountId, [limitSell(1, 201 + i / 100)]);
    }
    expect(records.open()).toHaveLength(400);
    // Counts the orders read and stored from here on.
    const read: number[] = [];
    const saved: number[] = [];
    const { get, save } = records;
    records.get = (orderId) => (read.push(orderId), get.call(records, orderId));
    records.save = (order) => (saved.push(order.id), save.call(records, order));

    brokerage.market.setPrice(AAPL, 198.985); // crosses the buys at 199.00 and 198.99 only

    const filled = records.ofAccount(accountId, ['done']);
    expect(filled.map((order) => order.price)).toEqual([199, 198.99]);
    expect([...new Set(read)]).toEqual(ids(filled));
    expect(saved).toEqual(ids(filled));

    read.length = 0;
    brokerage.market.setPrice(AAPL, 200); // crosses nothing
    expect(read).toEqual([]);
  });

  it('wakes an order at every price at which checking it could change it', () => {
    const order = fc.record({
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      orderType: fc.constantFrom(
        'MKT' as const,
        'LMT' as const,
        'STP' as const,
        'STOP_LIMIT' as const,
        'TRAIL' as const,
        'TRAILLMT' as const,
        'MIT' as const,
        'LIT' as const,
        'MIDPRICE' as const,
        'REL' as const,
        'MOC' as const,
        'LOC' as const,
      ),
      price: fc.option(fc.integer({ min: 90, max: 110 }), { nil: undefined }),
      auxPrice: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
      stopPrice: fc.option(fc.integer({ min: 90, max: 110 }), { nil: undefined }),
      trailingAmt: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
      triggered: fc.boolean(),
    });
    fc.assert(
      fc.property(order, fc.integer({ min: 85, max: 115 }), (terms, last) => {
        const candidate = terms as unknown as Order;
        const check = checkFill(candidate, last);
        const changes =
          check.fillPrice !== undefined ||
          check.triggered !== candidate.triggered ||
          (check.stopPrice ?? candidate.stopPrice) !== candidate.stopPrice;
        const wake = wakeOf(candidate);
        const wakes =
          wake === 'always' ||
          (wake !== 'never' &&
            (wake.when === 'atOrBelow' ? last <= wake.price : last >= wake.price));
        expect(!changes || wakes).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('retention of orders and trades', () => {
  it('forgets past days after eight days of trading, positions and cash unchanged', () => {
    const { services, clock } = domain();
    const { brokerage, orders } = services;
    const { store } = brokerage;
    const sizes: number[] = [];
    for (let day = 0; day < 8; day += 1) {
      const session = sessionOf(services);
      brokerage.market.setPrice(AAPL, 190);
      for (let i = 0; i < 20; i += 1) {
        orders.place(session, accountId, [limitBuy(1, 189.9, { tif: 'DAY' })]);
        orders.place(session, accountId, [limitSell(1, 190.1, { tif: 'DAY' })]);
      }
      orders.place(session, accountId, [limitBuy(1, 150, { tif: 'GTC' })]);
      brokerage.market.setPrice(AAPL, 189.8); // fills the day's buys
      brokerage.market.setPrice(AAPL, 190.2); // and its sells
      expect(orders.executions(session, 1)).toHaveLength(40);
      sizes.push(store.collection('orders').values().length);
      clock.advance(dayMs);
    }
    // Each day's 40 filled orders are forgotten at the end of it; the resting GTC buys remain.
    expect(sizes).toEqual([41, 42, 43, 44, 45, 46, 47, 48]);
    const session = sessionOf(services);
    expect(store.collection('orders').values().length).toBe(8);
    expect(orders.list(session, accountId).every((order) => order.tif === 'GTC')).toBe(true);
    // Trades of the last seven days; the first day's are gone.
    expect(store.collection('executions').values()).toHaveLength(6 * 40);
    expect(orders.executions(session, 7)).toHaveLength(6 * 40);

    const account = structuredClone(brokerage.account(accountId));
    clock.advance(8 * dayMs);
    expect(store.collection('executions').values()).toEqual([]);
    expect(store.collection('orders').values().length).toBe(8);
    expect(brokerage.account(accountId)).toEqual(account);
  });
});
