import { Pacer, defaultPacing } from '../src/fetch/pacing.js';
import { retryAfterMs } from '../src/fetch/retry.js';
import {
  isOrderAdvancedReject,
  isOrderReject,
  isOrderSuccess,
  isOrderWarning,
  operationOf,
  parseErrorBody,
  type PlaceOrdersResponse,
} from '../src/index.js';
import { TestClock } from './support/clock.js';

describe('pacer', () => {
  const limits = { ...defaultPacing('gateway'), marginMs: 0 };

  it('lets 10 requests a second through at once and delays the 11th to the next window', () => {
    const pacer = new Pacer(new TestClock(), limits);
    const waits = Array.from({ length: 12 }, () => pacer.reserve('GET /v1/api/iserver/accounts'));
    expect(waits.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(waits.slice(10)).toEqual([1000, 1000]);
  });

  it('spaces a per-endpoint limited path (1 per 5 s) without holding up other paths', () => {
    const pacer = new Pacer(new TestClock(), limits);
    expect(pacer.reserve('GET /v1/api/portfolio/accounts')).toBe(0);
    expect(pacer.reserve('GET /v1/api/portfolio/accounts')).toBe(5000);
    expect(pacer.reserve('GET /v1/api/iserver/accounts')).toBe(0);
    expect(pacer.reserve('POST /v1/api/portfolio/accounts')).toBe(0); // another method, no limit
  });

  it('matches endpoints under a base URL path prefix', () => {
    const pacer = new Pacer(new TestClock(), limits);
    pacer.reserve('POST /gateway/v1/api/tickle');
    expect(pacer.reserve('POST /gateway/v1/api/tickle')).toBe(1000);
  });

  it('uses 50 per second for the hosted service', () => {
    const pacer = new Pacer(new TestClock(), { ...defaultPacing('hosted'), marginMs: 0 });
    const waits = Array.from({ length: 51 }, () => pacer.reserve('GET /v1/api/iserver/accounts'));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(50);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.UTC(2026, 0, 5, 15, 0, 0);
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(new Date(now + 7000).toUTCString(), now)).toBe(7000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('narrowing helpers', () => {
  const success: PlaceOrdersResponse = [
    { order_id: '1', order_status: 'Submitted', encrypt_message: '1' },
  ];
  const warning: PlaceOrdersResponse = [
    { id: 'r', message: ['?'], isSuppressed: false, messageIds: ['o163'] },
  ];
  const reject: PlaceOrdersResponse = { error: 'Insufficient funds' };
  const advanced: PlaceOrdersResponse = {
    orderId: 1,
    reqId: '1',
    dismissable: [],
    text: 'x',
    options: [],
    prompt: true,
    messageId: 'o1',
    type: 'x',
  } as PlaceOrdersResponse;

  it('tells the four place-order shapes apart', () => {
    const kinds = [success, warning, reject, advanced].map((answer) =>
      [isOrderSuccess, isOrderWarning, isOrderReject, isOrderAdvancedReject].findIndex((is) =>
        is(answer),
      ),
    );
    expect(kinds).toEqual([0, 1, 2, 3]);
  });

  it('classifies error bodies: error object, error-only, problem details, anything else', () => {
    expect(parseErrorBody({ error: 'x', statusCode: 400 }).kind).toBe('errorObject');
    expect(parseErrorBody({ error: 'x' }).kind).toBe('errorOnly');
    expect(parseErrorBody({ type: 'about:blank', title: 'Bad Request', status: 400 }).kind).toBe(
      'problem',
    );
    expect(parseErrorBody('<html>').kind).toBe('unknown');
  });
});

describe('operation names', () => {
  it('resolves operationIds, fixed segments before parameters', () => {
    expect(operationOf('GET', 'http://h/v1/api/iserver/account/search/U12')).toBe(
      'searchDynamicAccounts',
    );
    expect(operationOf('POST', 'http://h/v1/api/iserver/account/U1234567/orders')).toBe(
      'placeOrders',
    );
    expect(operationOf('GET', 'http://h/prefix/v1/api/portfolio/U1/ledger')).toBe('getLedger');
    expect(operationOf('GET', 'http://h/nowhere')).toBe('GET /nowhere');
  });
});
